import { isWorkingDay } from './calendar';
import { addDays, isCalendarDate } from './calendar-date';
import { londonDateOf } from './london-time';

// SPEC section 3 (Quote view) and 9: business days are Monday to Friday, never a bank holiday in
// England and Wales (D15's calendar); every day here is a Europe/London 'YYYY-MM-DD' (D5).

/** `days` business days after `date`: Friday plus 1 is Monday; 0 gives `date` itself. */
export function addBusinessDays(date: string, days: number): string {
  if (!isCalendarDate(date)) throw new RangeError(`Expected a date as YYYY-MM-DD, got ${JSON.stringify(date)}`);
  if (!Number.isSafeInteger(days) || days < 0) throw new RangeError(`Expected a whole number of business days, got ${days}`);
  let current = date;
  for (let left = days; left > 0; ) {
    current = addDays(current, 1);
    if (isWorkingDay(current)) left -= 1;
  }
  return current;
}

/** SPEC section 9: parts ordering takes 2–3 business days, so completion is estimatedDays+3 to +4. */
export const COMPLETION_EXTRA_BUSINESS_DAYS = { earliest: 3, latest: 4 } as const;
/**
 * A repair with no parts to order (issue 33) starts at the first appointment, 1–2 working days
 * away (the earliest slot is 24 hours ahead, SPEC's "appointments within 24–48 hours").
 */
export const COMPLETION_EXTRA_BUSINESS_DAYS_WITHOUT_PARTS = { earliest: 1, latest: 2 } as const;

export interface CompletionWindow {
  earliestDate: string;
  latestDate: string;
}

/**
 * The quote page's estimated completion: estimatedDays+3 to estimatedDays+4 business days after
 * `fromDate` when parts must be ordered, estimatedDays+1 to +2 when none are.
 */
export function estimatedCompletion(fromDate: string, estimatedDays: number, { needsParts = true }: { needsParts?: boolean } = {}): CompletionWindow {
  if (!Number.isSafeInteger(estimatedDays) || estimatedDays < 1) {
    throw new RangeError(`Expected at least one estimated day, got ${estimatedDays}`);
  }
  const extra = needsParts ? COMPLETION_EXTRA_BUSINESS_DAYS : COMPLETION_EXTRA_BUSINESS_DAYS_WITHOUT_PARTS;
  return {
    earliestDate: addBusinessDays(fromDate, estimatedDays + extra.earliest),
    latestDate: addBusinessDays(fromDate, estimatedDays + extra.latest),
  };
}

/** SPEC section 9: a quote is valid for 30 days unless the admin sets another date. */
export const QUOTE_VALIDITY_DAYS = 30;

/** The default valid-until day for a quote approved at `now`: 30 days after today in London. */
export function defaultValidUntil(now: Date): string {
  return addDays(londonDateOf(now), QUOTE_VALIDITY_DAYS);
}
