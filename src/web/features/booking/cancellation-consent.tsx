// D14's 14-day right to cancel and the unticked request to start inside it: checkout asks for it
// before payment, and the reschedule panel when a new slot starts within 14 days of the payment.
import { useEffect, useRef, useState, type Ref } from 'react';
import { isApiError } from '../../lib/api';
import { CANCELLATION_PERIOD_DAYS, consentHint, consentLabel, consentRequired } from './booking-messages';

type Props = {
  /** The slot starts inside the 14-day period: the box must be ticked to go on (D14). */
  required: boolean;
  checked: boolean;
  onChange: (checked: boolean) => void;
  error: string | undefined;
  /** The box, so that going on without ticking it can take the customer to it. */
  boxRef?: Ref<HTMLInputElement>;
  /** Keeps the ids unique on the page: the box is `${idPrefix}-consent`. */
  idPrefix: string;
  /** Why the request is needed here, under the box; checkout's (the appointment is within 14 days) by default. */
  hint?: string;
};

/**
 * The box's state on a form that asks for D14's request (checkout, the reschedule panel): whether
 * it is ticked, its error, and `refuse()`, which shows the error and takes the customer to the
 * box, after the render that shows it (the server may ask for a box the page was not showing).
 * On a phone the box can sit under the sticky header, so it is brought to the middle first.
 * `refusal` is the form's sentence: the reschedule panel passes the server's own
 * (RESCHEDULE_START_WITHIN), so the customer reads the same words whichever refuses.
 */
export function useConsentBox(refusal: string = consentRequired) {
  const [checked, setChecked] = useState(false);
  const [error, setError] = useState<string>();
  const boxRef = useRef<HTMLInputElement>(null);
  const [refusals, setRefusals] = useState(0);
  useEffect(() => {
    if (refusals === 0) return;
    boxRef.current?.scrollIntoView?.({ block: 'center' });
    boxRef.current?.focus({ preventScroll: true });
  }, [refusals]);
  return {
    checked,
    setChecked,
    error,
    boxRef,
    clearError: () => setError(undefined),
    refuse: () => {
      setError(refusal);
      setRefusals((count) => count + 1);
    },
  };
}

/** The server's 400 for a slot inside the 14 days without the customer's request (its field error names the box). */
export function asksForStartRequest(error: unknown): boolean {
  return isApiError(error) && error.status === 400 && Boolean(error.fieldErrors.startWithinCancellationPeriod);
}

/** D14: the Consumer Contracts Regulations' 14-day right to cancel, and an unticked request to start inside it. */
export function CancellationConsent({ required, checked, onChange, error, boxRef, idPrefix, hint = consentHint }: Props) {
  const box = `${idPrefix}-consent`;
  return (
    <section aria-labelledby={`${idPrefix}-cancellation-rights`} className="rounded-md border border-slate-200 bg-slate-50 p-4 text-slate-900">
      <h3 id={`${idPrefix}-cancellation-rights`} className="font-semibold text-navy-900">
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
              id={box}
              ref={boxRef}
              type="checkbox"
              className="mt-1 size-5 shrink-0 accent-teal-brand"
              checked={checked}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${box}-error` : `${box}-hint`}
              onChange={(event) => onChange(event.target.checked)}
            />
            <label htmlFor={box} className="font-semibold">
              {consentLabel}
            </label>
          </div>
          {error ? (
            <p id={`${box}-error`} role="alert" className="mt-1 text-sm font-medium text-red-700">
              {error}
            </p>
          ) : (
            <p id={`${box}-hint`} className="mt-1 text-sm text-slate-700">
              {hint}
            </p>
          )}
        </div>
      ) : null}
    </section>
  );
}
