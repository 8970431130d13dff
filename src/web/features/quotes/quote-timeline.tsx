import { COMPLETION_EXTRA_BUSINESS_DAYS, COMPLETION_EXTRA_BUSINESS_DAYS_WITHOUT_PARTS, estimatedCompletion } from '../../../shared/business-days';
import { formatLondonDate, londonDateOf } from '../../../shared/london-time';
import type { QuoteView as Quote } from '../../../shared/api/quotes';
import { quoteNeedsParts } from '../../../shared/quote-parts';

const days = (n: number) => `${n} ${n === 1 ? 'day' : 'days'}`;

/**
 * SPEC's timeline: parts 2–3 business days (only when there are parts to order: issue 33, a repair
 * without would contradict "appointments within 24–48 hours"), the repair in estimatedDays, the
 * check the same day. An expired quote cannot be booked, so it promises no completion date (D6:
 * claims must be true).
 */
export function QuoteTimeline({ quote, now = new Date() }: { quote: Quote; now?: Date }) {
  const repairDays = Math.max(1, Math.round(quote.estimatedDays));
  const needsParts = quoteNeedsParts(quote);
  // Working days skip weekends and bank holidays in England and Wales, counted from today.
  const { earliestDate, latestDate } = estimatedCompletion(londonDateOf(now), repairDays, { needsParts });
  const extra = needsParts ? COMPLETION_EXTRA_BUSINESS_DAYS : COMPLETION_EXTRA_BUSINESS_DAYS_WITHOUT_PARTS;
  const steps = [
    ...(needsParts ? [{ title: 'Parts ordering', time: '2–3 working days' }] : [{ title: 'Your appointment', time: 'From 1–2 working days' }]),
    { title: 'Repair work', time: days(repairDays) },
    { title: 'Quality check', time: 'Same day' },
  ];
  return (
    <section aria-labelledby="quote-timeline" className="rounded-lg border border-slate-200 bg-white p-5">
      <h2 id="quote-timeline" className="text-xl font-bold text-navy-900">
        Timeline
      </h2>
      <ol className="mt-3 grid gap-3">
        {steps.map((step, index) => (
          <li key={step.title} className="flex items-center gap-3">
            <span aria-hidden="true" className="flex size-8 shrink-0 items-center justify-center rounded-full bg-navy-50 font-bold text-navy-900">
              {index + 1}
            </span>
            <span className="flex-1 text-slate-800">{step.title}</span>
            <span className="font-medium text-slate-900">{step.time}</span>
          </li>
        ))}
      </ol>
      {quote.expired ? null : (
        <p className="mt-4 rounded-md bg-navy-50 p-3 text-slate-900">
          <span className="font-semibold">Estimated completion:</span> {repairDays + extra.earliest}–{repairDays + extra.latest} working days, so between{' '}
          <time dateTime={earliestDate}>{formatLondonDate(earliestDate)}</time> and <time dateTime={latestDate}>{formatLondonDate(latestDate)}</time>{' '}
          if you book today.
        </p>
      )}
    </section>
  );
}

/** How long the price holds (not once booked: the price is then the one paid), and the warranty. */
export function QuoteTerms({ quote, expired, booked = false }: { quote: Quote; expired: boolean; booked?: boolean }) {
  return (
    <dl className="grid gap-3 rounded-lg border border-slate-200 bg-white p-5 sm:grid-cols-2">
      {booked ? null : (
        <div>
          <dt className="text-sm font-semibold text-slate-700">{expired ? 'Expired on' : 'Valid until'}</dt>
          <dd className="text-slate-900">
            <time dateTime={quote.validUntil}>{formatLondonDate(quote.validUntil)}</time>
          </dd>
        </div>
      )}
      <div>
        <dt className="text-sm font-semibold text-slate-700">Warranty</dt>
        <dd className="text-slate-900">{quote.warrantyMonths} months on the repair</dd>
      </div>
    </dl>
  );
}
