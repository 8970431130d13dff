import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from '../../components/navigation/router';
import type { AppointmentView } from '../../../shared/api/appointments';
import { needsEarlyStartRequest, TEST_MODE_NOTICE, type PaymentConfig, type PaymentIntentView } from '../../../shared/api/payments';
import type { QuoteView as Quote } from '../../../shared/api/quotes';
import { slotLabels } from '../../../shared/calendar';
import { formatLondonDate } from '../../../shared/london-time';
import { decimalStringToPence, formatPence } from '../../../shared/money';
import { Button, buttonClasses } from '../../components/ui/button';
import { Skeleton } from '../../components/ui/skeleton';
import { toast } from '../../components/ui/use-toast';
import { isApiError, userMessageOf } from '../../lib/api';
import { focusOnMount } from '../../lib/focus';
import { RefusalAlert } from '../../components/ui/refusal-alert';
import {
  appointmentKey,
  asksForStartRequest,
  bookingToasts,
  CancellationConsent,
  HoldCountdown,
  HoldLapsed,
  isBooked,
  QuoteNotice,
  quoteKey,
  useAppointment,
  useConsentBox,
  useHeldAppointment,
  useQuote,
} from '../booking';
import { createPaymentIntent, usePaymentConfig } from './api/checkout-api';
import { alreadyPaidText, checkoutToasts, heldPaymentNote } from './checkout-messages';
import { OrderSummary } from './order-summary';
import { isAlreadyPaid, type PayOutcome } from './pay-outcome';
import { TestCardForm } from './test-card-form';

// Stripe.js is fetched only when Stripe is the provider.
const StripePaymentForm = lazy(() => import('./stripe-payment-form'));

/** After a refused card or an unexpected failure; not after a refusal whose sentence says what to do. */
const retryText = 'Your booking is not paid yet: please try again or use another card.';

/** D14: a slot starting inside the 14-day cancellation period needs the customer's request to start then (measured as the server does). */
export function needsStartConsent(appointment: Pick<AppointmentView, 'startsAt' | 'holdExpiresAt'>, now: Date): boolean {
  return needsEarlyStartRequest(new Date(appointment.startsAt), appointment.holdExpiresAt ? new Date(appointment.holdExpiresAt) : now);
}

/** /checkout?quote_id=: SPEC's Checkout, on either provider (D13, D14). */
export function CheckoutForQuote({ quoteId }: { quoteId: string | null }) {
  const valid = quoteId !== null && /^\d{1,10}$/.test(quoteId);
  const toasted = useRef(false);
  useEffect(() => {
    if (!valid && !toasted.current) {
      toasted.current = true;
      toast({ title: checkoutToasts.invalidQuote, description: checkoutToasts.invalidQuoteText, variant: 'destructive' });
    }
  }, [valid]);
  if (!valid)
    return <NoQuoteToPay title={checkoutToasts.invalidQuote} />;
  return <Checkout quoteId={quoteId} />;
}

type Setup =
  | { state: 'loading' }
  | { state: 'ready'; intent: PaymentIntentView }
  /** D14: the slot is inside the 14-day period; the intent is created once the customer asks to start within it. */
  | { state: 'needs-request' }
  /** `refused`: the server says there is nothing to pay for as things stand (409: no hold, the hold ran out, the quote expired), so trying again cannot help. */
  | { state: 'failed'; message: string | null; refused: boolean };

/** The booking page passes the hold's id along, so its day and hold time show before the intent exists. */
function heldAppointmentHint(state: unknown): number | null {
  const id = (state as { appointmentId?: unknown } | null)?.appointmentId;
  return typeof id === 'number' && Number.isSafeInteger(id) && id > 0 ? id : null;
}

function Checkout({ quoteId }: { quoteId: string }) {
  const config = usePaymentConfig();
  const quote = useQuote(quoteId);
  const location = useLocation();
  const queryClient = useQueryClient();
  const [setup, setSetup] = useState<Setup>({ state: 'loading' });
  // The hold this checkout pays for: from the booking page, else (a link pasted into a new tab,
  // a reload elsewhere) the server's hold for the quote, so its day, its countdown and D14's
  // request show before the intent exists, as they do from the booking page.
  const passedHint = heldAppointmentHint(location.state);
  const held = useHeldAppointment(quoteId, { enabled: passedHint === null && quote.data !== undefined && quote.data.status !== 'booked' });
  const hint = passedHint ?? held.data?.appointment?.id ?? null;
  const appointmentId = setup.state === 'ready' ? setup.intent.appointmentId : hint;
  const appointment = useAppointment(appointmentId);
  const started = useRef(false);
  const requested = useRef<Promise<PaymentIntentView | null> | null>(null);

  /** The server says it is paid already (another tab paid it): the quote reads as booked, and the booking is read afresh for its link. */
  const paidElsewhere = useCallback(() => {
    queryClient.setQueryData<Quote>(quoteKey(quoteId), (cached) => cached && { ...cached, status: 'booked' });
    if (appointmentId !== null) void queryClient.invalidateQueries({ queryKey: appointmentKey(appointmentId) });
  }, [queryClient, quoteId, appointmentId]);
  const fail = useCallback(
    (error: unknown) => {
      if (isAlreadyPaid(error)) return paidElsewhere();
      const refused = isApiError(error) && error.status === 409;
      // SPEC's 'Setup Error … Please try again' is for a setup that failed; a refusal says its own reason alone (a browser review).
      if (!refused) toast({ title: checkoutToasts.setupError, description: checkoutToasts.setupErrorText, variant: 'destructive' });
      setSetup({ state: 'failed', message: userMessageOf(error, '') || null, refused });
    },
    [paidElsewhere],
  );
  const start = useCallback(() => {
    setSetup({ state: 'loading' });
    requested.current = null;
    createPaymentIntent({ quoteId: Number(quoteId) })
      .then((intent) => setSetup({ state: 'ready', intent }))
      .catch((error: unknown) => (asksForStartRequest(error) ? setSetup({ state: 'needs-request' }) : fail(error)));
  }, [quoteId, fail]);
  // With the hold known (from the booking page) and inside 14 days, the request comes first: no
  // intent is asked for without it. Otherwise the server says so (asksForStartRequest).
  const hintedHold = hint !== null && setup.state === 'loading' ? appointment.data : undefined;
  const waitForHint = (hint !== null && appointment.isPending) || (passedHint === null && held.isLoading);
  // Back from the confirmation page, a reload, or a second tab once the first has paid: a paid quote asks for no payment.
  const alreadyBooked = quote.data?.status === 'booked';
  // No quote (a stranger's link, a typo) asks for no payment: its page and toast say so, alone.
  const quoteRead = quote.data !== undefined;
  useEffect(() => {
    if (started.current || waitForHint || !quoteRead || alreadyBooked) return;
    started.current = true;
    if (hintedHold && hintedHold.status === 'held' && needsStartConsent(hintedHold, new Date())) setSetup({ state: 'needs-request' });
    else start();
  }, [start, waitForHint, hintedHold, quoteRead, alreadyBooked]);

  /** The customer ticked D14's box: the intent is created with their request (once). */
  const requestStart = useCallback(() => {
    requested.current ??= createPaymentIntent({ quoteId: Number(quoteId), startWithinCancellationPeriod: true })
      .then((intent) => {
        setSetup({ state: 'ready', intent });
        return intent;
      })
      .catch((error: unknown) => {
        fail(error);
        return null;
      });
    return requested.current;
  }, [quoteId, fail]);

  const quoteMissing = quote.isError;
  useEffect(() => {
    if (quoteMissing) toast({ title: checkoutToasts.invalidQuote, description: checkoutToasts.invalidQuoteText, variant: 'destructive' });
  }, [quoteMissing]);

  if (quoteMissing)
    return <NoQuoteToPay title={bookingToasts.quoteNotFound} />;
  if (alreadyBooked && quote.data) {
    // The booking this checkout knows of (its intent's, or the booking page's hold), once it reads as paid.
    const booked = appointment.data && isBooked(appointment.data) ? appointment.data : undefined;
    return (
      <QuoteNotice
        title="Already paid"
        tone="done"
        assessmentId={quote.data.assessmentId}
        next={booked ? { to: `/confirmation/${booked.id}`, label: 'View your booking' } : undefined}
      >
        {alreadyPaidText}
      </QuoteNotice>
    );
  }
  // Expired since the customer chose their slot: the way on is a fresh quote, not another try.
  if (setup.state === 'failed' && quote.data?.expired)
    return (
      <QuoteNotice title="This quote has expired" tone="warning" assessmentId={quote.data.assessmentId}>
        {setup.message || checkoutToasts.setupErrorText} Nothing has been charged.
      </QuoteNotice>
    );
  if (setup.state === 'failed' || config.isError)
    return (
      <div className="mx-auto grid max-w-2xl gap-4 py-8 text-center">
        {/* The keyboard comes here after Try again fails again, not to the top of the page. */}
        <h1 ref={focusOnMount} tabIndex={-1} className="text-3xl font-bold text-navy-900 focus:outline-none">
          We could not set up your payment
        </h1>
        <p role="alert" className="text-lg text-slate-800">
          {(setup.state === 'failed' && setup.message) || checkoutToasts.setupErrorText} Nothing has been charged.
        </p>
        <div className="flex flex-wrap justify-center gap-3">
          {setup.state === 'failed' && setup.refused ? null : <Button onClick={start}>Try again</Button>}
          <Link to={`/booking/${quoteId}`} className={buttonClasses('outline')}>
            Choose a slot again
          </Link>
        </div>
      </div>
    );
  // Once the customer has the form (and maybe their card typed and D14's box ticked), it stays:
  // only a first setup waits here for the booking's day.
  const waitingForAppointment = setup.state === 'ready' && !appointment.data && requested.current === null;
  if (setup.state === 'loading' || !config.data || !quote.data || waitingForAppointment) return <CheckoutLoading />;
  return (
    <CheckoutReady
      config={config.data}
      quote={quote.data}
      intent={setup.state === 'ready' ? setup.intent : null}
      appointment={appointment.data}
      requestStart={requestStart}
      askedForRequest={setup.state === 'needs-request' || requested.current !== null}
      onPaidElsewhere={paidElsewhere}
    />
  );
}

export function CheckoutLoading() {
  return (
    <div role="status" className="grid gap-6">
      <h1 className="text-lg font-semibold text-navy-900">Setting up your secure payment…</h1>
      <div className="grid gap-6 lg:grid-cols-2">
        <Skeleton className="h-96" />
        <Skeleton className="h-96" />
      </div>
    </div>
  );
}

type ReadyProps = {
  config: PaymentConfig;
  quote: Quote;
  /** Null until the customer asks to start within 14 days (D14), when the slot is inside them. */
  intent: PaymentIntentView | null;
  appointment: AppointmentView | undefined;
  requestStart: () => Promise<PaymentIntentView | null>;
  /** The server asked for D14's request (or it has been given). */
  askedForRequest: boolean;
  /** Paying met the server's 'already paid' (another tab paid first). */
  onPaidElsewhere: () => void;
};

function CheckoutReady({ config, quote, intent, appointment, requestStart, askedForRequest, onPaidElsewhere }: ReadyProps) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // The box is far above Pay: refusing takes the customer to it.
  const consent = useConsentBox();
  const [failure, setFailure] = useState<string>();
  const required = askedForRequest || (appointment !== undefined && needsStartConsent(appointment, new Date()));
  const amount = intent?.amount ?? decimalStringToPence(quote.totalCost) ?? 0;
  const payLabel = `Pay ${formatPence(amount)}`;

  /** The intent to pay, once D14's request is given where it is needed; null stops the payment. */
  const ensureIntent = async (): Promise<PaymentIntentView | null> => {
    setFailure(undefined);
    if (required && !consent.checked) {
      consent.refuse();
      return null;
    }
    consent.clearError();
    return intent ?? requestStart();
  };

  const onOutcome = (outcome: PayOutcome) => {
    if (outcome.kind === 'succeeded') {
      // The cached quote would still say approved, and Back would offer to pay again.
      queryClient.setQueryData<Quote>(quoteKey(quote.id), (cached) => cached && { ...cached, status: 'booked' });
      toast({ title: bookingToasts.booked, description: bookingToasts.bookedText, variant: 'success' });
      void navigate(`/confirmation/${outcome.appointmentId}`);
    } else if (outcome.kind === 'already-paid') {
      onPaidElsewhere();
    } else if (outcome.kind === 'failed' || outcome.kind === 'refused') {
      // A refused card may be tried again; a refusal's sentence says itself what to do.
      setFailure(outcome.kind === 'failed' ? `${outcome.message} ${retryText}` : outcome.message);
      // The server would not take it as it stands (its hold ran out, say): read the booking again,
      // so the hold time shown is the server's and not a countdown still running here.
      if (outcome.kind === 'refused' && appointment) void queryClient.invalidateQueries({ queryKey: appointmentKey(appointment.id) });
      toast({ title: checkoutToasts.paymentFailed, description: outcome.message, variant: 'destructive' });
    } else {
      setFailure(`${checkoutToasts.paymentErrorText} ${retryText}`);
      toast({ title: checkoutToasts.paymentError, description: checkoutToasts.paymentErrorText, variant: 'destructive' });
    }
  };

  return (
    <div className="grid gap-6">
      <div>
        <h1 className="text-3xl font-bold tracking-tight text-navy-900 sm:text-4xl">Checkout</h1>
        <p className="mt-3 text-lg text-slate-700">
          {appointment ? `${formatLondonDate(appointment.appointmentDate)}, ${slotLabels[appointment.timeSlot]}. ` : ''}Quote{' '}
          <span className="font-mono font-semibold text-slate-900">{quote.reference}</span>.
        </p>
      </div>
      {config.testMode ? (
        <p className="rounded-md border-2 border-amber-700 bg-amber-50 p-3 text-lg font-semibold text-amber-950">{TEST_MODE_NOTICE}.</p>
      ) : null}
      <div className="grid gap-6 lg:grid-cols-2">
        <OrderSummary quote={quote} />
        <section aria-labelledby="payment-heading" className="grid content-start gap-4 rounded-lg border border-slate-200 bg-white p-5">
          <h2 id="payment-heading" className="text-xl font-bold text-navy-900">
            Payment
          </h2>
          {appointment?.status === 'lapsed' ? (
            <HoldLapsed quoteId={quote.id} />
          ) : appointment?.holdExpiresAt ? (
            <HoldCountdown holdExpiresAt={appointment.holdExpiresAt} quoteId={quote.id} />
          ) : null}
          <CancellationConsent
            required={required}
            checked={consent.checked}
            onChange={(next) => {
              consent.setChecked(next);
              if (!next) return;
              consent.clearError();
              if (!intent) void requestStart();
            }}
            error={consent.error}
            boxRef={consent.boxRef}
            idPrefix="checkout"
          />
          {/* Focused as it appears: the keyboard is where the reason is, one Tab from the card form. */}
          <RefusalAlert message={failure} />
          {config.provider === 'stripe' && config.publishableKey ? (
            intent ? (
              <Suspense fallback={<p role="status">Loading the secure card form…</p>}>
                <StripePaymentForm
                  publishableKey={config.publishableKey}
                  clientSecret={intent.clientSecret}
                  appointmentId={intent.appointmentId}
                  payLabel={payLabel}
                  beforePay={async () => (await ensureIntent()) !== null}
                  onOutcome={onOutcome}
                />
              </Suspense>
            ) : (
              <>
                <p className="text-slate-800">Tick the box above to continue to the secure card form.</p>
                <Button size="lg" onClick={() => void ensureIntent()}>
                  {payLabel}
                </Button>
              </>
            )
          ) : (
            <TestCardForm payLabel={payLabel} ensureIntent={ensureIntent} onOutcome={onOutcome} />
          )}
          <p className="text-sm text-slate-700">{heldPaymentNote}</p>
        </section>
      </div>
    </div>
  );
}

/** Checkout without a quote to pay for (no quote_id, or one that cannot be read): SPEC's 'No quote found' and a way to start. */
function NoQuoteToPay({ title }: { title: string }) {
  return (
    <div className="mx-auto grid max-w-2xl gap-4 py-8 text-center">
      <h1 className="text-3xl font-bold text-navy-900">{title}</h1>
      <p className="text-lg text-slate-800">{checkoutToasts.invalidQuoteText}</p>
      <div>
        <Link to="/assessment" className={buttonClasses('primary')}>
          Get a free quote
        </Link>
      </div>
    </div>
  );
}
