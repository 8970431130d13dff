import { useMutation, useQuery } from '@tanstack/react-query';
import { apiJson, getQueryFn } from '../../../lib/api';
import {
  PaymentConfigSchema,
  PaymentIntentViewSchema,
  TestPaymentResultSchema,
  type CreatePaymentIntentBody,
  type PaymentConfig,
  type TestPaymentConfirmBody,
} from '../../../../shared/api/payments';

export const paymentConfigKey = ['/api/payments/config'] as const;

/** GET /api/payments/config: Stripe (a publishable key) or the embedded test-mode provider. */
export function usePaymentConfig() {
  return useQuery<PaymentConfig>({ queryKey: paymentConfigKey, queryFn: getQueryFn({ on401: 'throw', schema: PaymentConfigSchema }) });
}

/** POST /api/create-payment-intent: idempotent per booking; the amount is the server's, from the quote (D13). */
export const createPaymentIntent = (body: CreatePaymentIntentBody) => apiJson('POST', '/api/create-payment-intent', body, PaymentIntentViewSchema);

export function useCreatePaymentIntent() {
  return useMutation({ mutationFn: createPaymentIntent });
}

/** POST /api/test-payments/confirm: the test-mode provider's card form (402 with the card's message when refused). */
export function useConfirmTestPayment() {
  return useMutation({
    mutationFn: (body: TestPaymentConfirmBody) => apiJson('POST', '/api/test-payments/confirm', body, TestPaymentResultSchema),
  });
}
