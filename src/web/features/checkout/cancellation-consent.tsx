import type { Ref } from 'react';
import { CANCELLATION_PERIOD_DAYS, consentLabel } from './checkout-messages';

type Props = {
  /** The slot starts inside the 14-day period: the box must be ticked to pay (D14). */
  required: boolean;
  checked: boolean;
  onChange: (checked: boolean) => void;
  error: string | undefined;
  /** The box, so that paying without ticking it can take the customer to it. */
  boxRef?: Ref<HTMLInputElement>;
};

/** D14: the Consumer Contracts Regulations' 14-day right to cancel, and an unticked request to start inside it. */
export function CancellationConsent({ required, checked, onChange, error, boxRef }: Props) {
  return (
    <section aria-labelledby="cancellation-rights" className="rounded-md border border-slate-200 bg-slate-50 p-4 text-slate-900">
      <h3 id="cancellation-rights" className="font-semibold text-navy-900">
        Your right to cancel
      </h3>
      <p className="mt-1 text-sm">
        Under the Consumer Contracts (Information, Cancellation and Additional Charges) Regulations 2013 you may cancel this booking within{' '}
        {CANCELLATION_PERIOD_DAYS} days of paying, without giving a reason, and get a full refund. If you ask us to start the repair inside
        those {CANCELLATION_PERIOD_DAYS} days you can still cancel, but you may have to pay for work already done, and once the repair is
        complete the right to cancel ends. Cancelling more than 24 hours before your appointment is always free and refunded in full.
      </p>
      {required ? (
        <div className="mt-3">
          <div className="flex items-start gap-3">
            <input
              id="checkout-consent"
              ref={boxRef}
              type="checkbox"
              className="mt-1 size-5 shrink-0 accent-teal-brand"
              checked={checked}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? 'checkout-consent-error' : 'checkout-consent-hint'}
              onChange={(event) => onChange(event.target.checked)}
            />
            <label htmlFor="checkout-consent" className="font-semibold">
              {consentLabel}
            </label>
          </div>
          {error ? (
            <p id="checkout-consent-error" role="alert" className="mt-1 text-sm font-medium text-red-700">
              {error}
            </p>
          ) : (
            <p id="checkout-consent-hint" className="mt-1 text-sm text-slate-700">
              Your appointment is within {CANCELLATION_PERIOD_DAYS} days, so we need your request to start it then.
            </p>
          )}
        </div>
      ) : null}
    </section>
  );
}
