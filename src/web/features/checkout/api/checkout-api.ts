import { useMutation, useQuery } from '@tanstack/react-query';
import { apiJsonAs, typedQueryFn } from '../../../lib/api';
import { type PaymentIntentView, type TestPaymentResult, type CreatePaymentIntentBody, type PaymentConfig, type TestPaymentConfirmBody } from '../../../../shared/api/payments';

export const paymentConfigKey = ['/api/payments/config'] as const;

/** GET /api/payments/config: Stripe (a publishable key) or the embedded test-mode provider. */
export function usePaymentConfig() {
  return useQuery<PaymentConfig>({ queryKey: paymentConfigKey, queryFn: typedQueryFn<PaymentConfig>() });
}

/** POST /api/create-payment-intent: idempotent per booking; the amount is the server's, from the quote (D13). */
export const createPaymentIntent = (body: CreatePaymentIntentBody) => apiJsonAs<PaymentIntentView>('POST', '/api/create-payment-intent', body);

export function useCreatePaymentIntent() {
  return useMutation({ mutationFn: createPaymentIntent });
}

/** POST /api/test-payments/confirm: the test-mode provider's card form (402 with the card's message when refused). */
export function useConfirmTestPayment() {
  return useMutation({
    mutationFn: (body: TestPaymentConfirmBody) => apiJsonAs<TestPaymentResult>('POST', '/api/test-payments/confirm', body),
  });
}
