import { adminOnly, everyone, type AccessWorld, type Case } from './world';

// Issue 11 (D10, D13). Which provider checkout uses is public. Only the quote's grant holder
// starts a payment, pays in test mode or cancels; to anyone else (admins included) the quote,
// the payment and the appointment do not exist (404). Stripe's webhook is registered only when
// Stripe is configured: its cases are in tests/integration/stripe-payments.test.ts.
const grantHolderOnly = (status: number) => ({ anonymous: 404, customer: status, otherCustomer: 404, repairer: 404, assignedRepairer: 404, admin: 404 });

export const paymentCases = (world: AccessWorld): Case[] => [
  { method: 'GET', url: '/api/payments/config', route: '/api/payments/config', expect: everyone(200) },
  // The world's appointment is already confirmed: the grant holder is told it is paid (409).
  { method: 'POST', url: '/api/create-payment-intent', route: '/api/create-payment-intent', payload: { quoteId: world.quoteId, amount: 1 }, expect: grantHolderOnly(409) },
  { method: 'POST', url: '/api/create-payment-intent', route: '/api/create-payment-intent', payload: { quoteId: world.pendingQuoteId }, expect: everyone(404) },
  // A browser with a grant is told what is missing (400); one without learns nothing (404).
  {
    method: 'POST',
    url: '/api/test-payments/confirm',
    route: '/api/test-payments/confirm',
    payload: {},
    expect: { anonymous: 404, customer: 400, otherCustomer: 400, repairer: 404, assignedRepairer: 404, admin: 404 },
  },
  {
    method: 'POST',
    url: '/api/test-payments/confirm',
    route: '/api/test-payments/confirm',
    payload: { clientSecret: 'pi_test_unknown_secret_x', cardNumber: '4242424242424242', expiry: '12/40', cvc: '123' },
    expect: everyone(404),
  },
  { method: 'POST', url: '/api/appointments/999999/cancel', route: '/api/appointments/:id/cancel', expect: everyone(404) },
  // Issue 37: the VAT invoice and credit note, for the customer and the team once issued (tests/integration/vat-invoices.test.ts
  // reads them paid); the world's booking was never paid, so there is none, and nobody learns more than that.
  { method: 'GET', url: `/api/appointments/${world.appointmentId}/invoice.pdf`, route: '/api/appointments/:id/invoice.pdf', expect: everyone(404) },
  { method: 'GET', url: '/api/appointments/999999/invoice.pdf', route: '/api/appointments/:id/invoice.pdf', expect: everyone(404) },
  { method: 'GET', url: `/api/appointments/${world.appointmentId}/credit-note.pdf`, route: '/api/appointments/:id/credit-note.pdf', expect: everyone(404) },
  // The team's cancel and refund: admins only (a bad reason is refused before anything changes).
  { method: 'POST', url: `/api/admin/appointments/${world.appointmentId}/cancel`, route: '/api/admin/appointments/:id/cancel', payload: { reason: '' }, expect: adminOnly(400) },
  { method: 'POST', url: '/api/admin/appointments/999999/cancel', route: '/api/admin/appointments/:id/cancel', payload: { reason: 'No technician was free.' }, expect: adminOnly(404) },
  // Last: the grant holder's cancel succeeds (months ahead, nothing paid to refund) and changes the world.
  { method: 'POST', url: `/api/appointments/${world.appointmentId}/cancel`, route: '/api/appointments/:id/cancel', expect: grantHolderOnly(200) },
];

/**
 * Routes only an app with Stripe configured registers (run by tests/integration/stripe-payments.test.ts):
 * the webhook trusts a signature, never a cookie, so every caller without one gets 400.
 */
export const stripeOnlyCases = (): Case[] => [
  { method: 'POST', url: '/api/stripe/webhook', route: '/api/stripe/webhook', payload: { id: 'evt_1', type: 'payment_intent.succeeded' }, expect: everyone(400) },
  {
    method: 'POST',
    url: '/api/stripe/webhook',
    route: '/api/stripe/webhook',
    payload: { id: 'evt_2' },
    headers: { 'stripe-signature': 't=1,v1=0000' },
    expect: everyone(400),
  },
];
