// Checkout's calls (issue 11; SPEC section 7's create-payment-intent; D13, D14). Public: which
// provider checkout uses. The quote's grant holder: the payment intent, the test-mode card form
// and cancelling. Stripe: its webhook, verified by signature. The test-mode route exists only
// without Stripe, and the webhook only with it.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppointmentIdParamsSchema, AppointmentViewSchema, CustomerRefundSchema, PayoutIdParamsSchema, RefundCustomerBodySchema, TeamCancelBodySchema } from '../../../../shared/api/appointments';
import { CreatePaymentIntentBodySchema, PaymentConfigSchema, PaymentIntentViewSchema, TestPaymentConfirmBodySchema, TestPaymentResultSchema } from '../../../../shared/api/payments';
import type { ModuleDeps } from '../../../module-deps';
import { roleGroup } from '../../../plugins/auth';
import { notFound, unauthorised } from '../../../kernel/errors';
import { parseBody } from '../../../plugins/validation';
import { cancelAppointment, teamCancelBooking } from '../cancel/appointment-cancel';
import { refundAfterProblem } from '../cancel/problem-refund';
import { createPaymentIntent, paymentMessages, type PaymentsContext } from '../pay/payments.service';
import { createStripeProvider } from '../pay/stripe-provider';
import { registerStripeWebhook } from '../pay/stripe-webhook';
import { createTestProvider } from '../pay/test-provider';
import { confirmTestPayment } from '../pay/test-payments';
import { readInvoicePdf } from '../invoice/invoice-read';

export const paymentRoutes: FastifyPluginAsyncZod<{ deps: ModuleDeps }> = async (app, { deps }) => {
  const { config } = deps;
  const stripe = deps.stripe ?? null;
  // With the job queue: each booking step sends its e-mails and starts its jobs once it commits (run-step.ts).
  const ctx: PaymentsContext = { db: deps.database.db, config, provider: stripe ? createStripeProvider(stripe) : createTestProvider(), log: app.log, jobs: deps.jobs };

  app.get('/api/payments/config', { schema: { response: { 200: PaymentConfigSchema } } }, async () => ({
    provider: ctx.provider.name,
    publishableKey: config.stripe?.publishableKey ?? null,
    testMode: ctx.provider.name === 'test',
  }));

  // The body is parsed by the service after the access check (authorise before parsing).
  app.post('/api/create-payment-intent', { schema: { response: { 200: PaymentIntentViewSchema } }, config: { openapiBody: CreatePaymentIntentBodySchema } }, async (request, reply) => {
    const view = await createPaymentIntent({ ...ctx, log: request.log }, await request.viewer(), request.body, new Date());
    reply.header('Cache-Control', 'private, no-store');
    return view;
  });

  // Issue 37: the VAT invoice issued at payment, and the credit note issued at a refund.
  for (const [kind, file] of [['invoice', 'invoice.pdf'], ['credit-note', 'credit-note.pdf']] as const) {
    app.get(`/api/appointments/:id/${file}`, { schema: { params: AppointmentIdParamsSchema } }, async (request, reply) => {
      const { filename, pdf } = await readInvoicePdf(ctx.db, request.params.id, kind, await request.viewer());
      return reply.type('application/pdf').header('Content-Disposition', `attachment; filename="${filename}"`).header('Cache-Control', 'private, no-store').send(pdf);
    });
  }

  app.post(
    '/api/appointments/:id/cancel',
    { schema: { params: AppointmentIdParamsSchema, response: { 200: AppointmentViewSchema } } },
    async (request, reply) => {
      const view = await cancelAppointment({ ...ctx, log: request.log }, await request.viewer(), request.params.id, new Date());
      reply.header('Cache-Control', 'private, no-store');
      return view;
    },
  );

  await app.register(
    roleGroup(['admin'], async (admin) => {
      // A paid booking nobody will do (no technician came forward, or one did not turn up): cancelled and refunded in full.
      admin.post(
        '/api/admin/appointments/:id/cancel',
        { schema: { params: AppointmentIdParamsSchema, response: { 200: AppointmentViewSchema } }, config: { openapiBody: TeamCancelBodySchema } },
        async (request, reply) => {
          const body = parseBody(TeamCancelBodySchema, request.body);
          const user = await request.session();
          if (!user) throw unauthorised();
          const view = await teamCancelBooking({ ...ctx, log: request.log }, user, request.params.id, body.reason, new Date());
          reply.header('Cache-Control', 'private, no-store');
          return view;
        },
      );

      // After a reported problem the team could not put right: the customer refunded in full, the technician's held share cancelled.
      admin.post(
        '/api/admin/payouts/:id/refund-customer',
        { schema: { params: PayoutIdParamsSchema, response: { 200: CustomerRefundSchema } }, config: { openapiBody: RefundCustomerBodySchema } },
        async (request, reply) => {
          const body = parseBody(RefundCustomerBodySchema, request.body);
          const user = await request.session();
          if (!user) throw unauthorised();
          const refund = await refundAfterProblem({ ...ctx, log: request.log }, user, request.params.id, body.reason);
          reply.header('Cache-Control', 'private, no-store');
          return refund;
        },
      );
    }),
  );

  if (stripe && config.stripe) {
    await registerStripeWebhook(app, { ...ctx, stripe, webhookSecret: config.stripe.webhookSecret, jobs: deps.jobs });
  } else {
    app.post('/api/test-payments/confirm', { schema: { response: { 200: TestPaymentResultSchema } }, config: { openapiBody: TestPaymentConfirmBodySchema } }, async (request, reply) => {
      const viewer = await request.viewer();
      // Authorise before parsing: only a browser holding a customer grant can own a payment.
      if (viewer.assessmentIds.length === 0) throw notFound(paymentMessages.notSetUp);
      const body = parseBody(TestPaymentConfirmBodySchema, request.body);
      const { result, refusal } = await confirmTestPayment({ ...ctx, log: request.log }, viewer, body, new Date());
      if (refusal) throw refusal;
      reply.header('Cache-Control', 'private, no-store');
      return result;
    });
  }
};
