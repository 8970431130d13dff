// @vitest-environment jsdom
// Stripe.js cannot be fetched in tests, so its Elements provider gets a stand-in with the calls
// react-stripe-js makes and the ones the form uses: elements(), create('payment'), getElement,
// confirmPayment. What is checked is the form's own part: where focus goes after a refusal.
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Elements } from '@stripe/react-stripe-js';
import type { Stripe, StripeError } from '@stripe/stripe-js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PayOutcome } from './pay-outcome';
import { StripeForm } from './stripe-payment-form';

afterEach(cleanup);

function standInStripe(error: Pick<StripeError, 'type' | 'message'>) {
  const paymentElement = { mount: vi.fn(), destroy: vi.fn(), on: vi.fn(), off: vi.fn(), update: vi.fn(), focus: vi.fn() };
  const elements = {
    create: vi.fn(() => paymentElement),
    getElement: vi.fn((type: string) => (type === 'payment' ? paymentElement : null)),
    update: vi.fn(),
  };
  const stripe = {
    elements: vi.fn(() => elements),
    createToken: vi.fn(),
    createPaymentMethod: vi.fn(),
    confirmCardPayment: vi.fn(),
    confirmPayment: vi.fn(() => Promise.resolve({ error })),
    _registerWrapper: vi.fn(),
    registerAppInfo: vi.fn(),
  };
  return { stripe: stripe as unknown as Stripe, paymentElement };
}

function renderForm(error: Pick<StripeError, 'type' | 'message'>) {
  const { stripe, paymentElement } = standInStripe(error);
  const outcomes: PayOutcome[] = [];
  render(
    <Elements stripe={stripe} options={{ clientSecret: 'pi_1_secret_2' }}>
      <StripeForm appointmentId={31} payLabel="Pay £2,376.00" beforePay={() => Promise.resolve(true)} onOutcome={(outcome) => outcomes.push(outcome)} />
    </Elements>,
  );
  return { paymentElement, outcomes };
}

describe("Stripe's card form", () => {
  it('takes focus into the Payment Element when Pay is pressed with its fields empty, not leaving it on Pay', async () => {
    const { paymentElement, outcomes } = renderForm({ type: 'validation_error', message: 'Your card number is incomplete.' });
    const pay = screen.getByRole('button', { name: 'Pay £2,376.00' });
    pay.focus();
    fireEvent.click(pay);
    await waitFor(() => expect(outcomes).toEqual([{ kind: 'failed', message: 'Your card number is incomplete.' }]));
    expect(paymentElement.focus).toHaveBeenCalledTimes(1);
  });

  it('leaves focus alone for a declined card: the page says so, and the fields are not at fault', async () => {
    const { paymentElement, outcomes } = renderForm({ type: 'card_error', message: 'Your card was declined.' });
    fireEvent.click(screen.getByRole('button', { name: 'Pay £2,376.00' }));
    await waitFor(() => expect(outcomes).toEqual([{ kind: 'failed', message: 'Your card was declined.' }]));
    expect(paymentElement.focus).not.toHaveBeenCalled();
  });
});
