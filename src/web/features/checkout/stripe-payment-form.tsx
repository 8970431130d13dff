import { loadStripe, type Stripe } from '@stripe/stripe-js';
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { useState, type FormEvent } from 'react';
import { Button } from '../../components/ui/button';
import { stripeErrorOutcome, type PayOutcome } from './pay-outcome';

const stripes = new Map<string, Promise<Stripe | null>>();
/** Stripe.js once per key (its loader must not run on every render). */
function stripeFor(publishableKey: string) {
  let stripe = stripes.get(publishableKey);
  if (!stripe) {
    stripe = loadStripe(publishableKey);
    stripes.set(publishableKey, stripe);
  }
  return stripe;
}

type Props = {
  publishableKey: string;
  clientSecret: string;
  appointmentId: number;
  payLabel: string;
  beforePay: () => Promise<boolean>;
  onOutcome: (outcome: PayOutcome) => void;
};

/** Stripe's Payment Element in the tabs layout; the provider returns to /confirmation/{appointmentId} (D13). */
export default function StripePaymentForm({ publishableKey, clientSecret, ...rest }: Props) {
  return (
    <Elements stripe={stripeFor(publishableKey)} options={{ clientSecret, appearance: { theme: 'stripe', variables: { colorPrimary: '#0f766e' } } }}>
      <StripeForm {...rest} />
    </Elements>
  );
}

export function StripeForm({ appointmentId, payLabel, beforePay, onOutcome }: Omit<Props, 'publishableKey' | 'clientSecret'>) {
  const stripe = useStripe();
  const elements = useElements();
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!stripe || !elements) return;
    if (!(await beforePay())) return;
    setBusy(true);
    try {
      const { error } = await stripe.confirmPayment({
        elements,
        confirmParams: { return_url: `${window.location.origin}/confirmation/${appointmentId}` },
      });
      // Only a failure comes back here; success leaves the page for the return URL.
      onOutcome(stripeErrorOutcome(error));
      // Fields left empty or half typed (WCAG 3.3.1): the Element marks them and says what is wrong
      // inside its frame, and focus goes there (its focus() reaches into the iframe), not left on Pay.
      if (error.type === 'validation_error') elements.getElement('payment')?.focus();
    } catch {
      onOutcome({ kind: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={(event) => void submit(event)} aria-label="Card details" className="grid gap-4">
      <PaymentElement options={{ layout: 'tabs' }} />
      <Button type="submit" size="lg" disabled={!stripe || !elements || busy}>
        {busy ? 'Processing…' : payLabel}
      </Button>
    </form>
  );
}
