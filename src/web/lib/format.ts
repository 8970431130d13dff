import { decimalStringToPence, formatPence, poundsToPence } from '../../shared/money';
import { formatShortDate, formatLondonTime } from '../../shared/london-time';
import type { QuoteStatus } from '../../shared/lifecycles/quote';
import { allDamageLocationLabels, allDamageTypeLabels, isAnyDamageLocation, isAnyDamageType } from '../../shared/damage';

// D5 at the edge, for every feature: the API's decimal strings and item costs in pounds, shown as £ (en-GB);
// instants as London dates.

export function formatDecimalPounds(value: string | null | undefined): string {
  const pence = value == null ? null : decimalStringToPence(value);
  return pence === null ? '—' : formatPence(pence);
}

export function formatItemPounds(value: number): string {
  return Number.isFinite(value) ? formatPence(poundsToPence(value)) : '—';
}

/** '2 Mar 2026, 10:00' in London. */
export function formatWhen(instant: string): string {
  const date = new Date(instant);
  if (Number.isNaN(date.getTime())) return instant;
  return `${formatShortDate(date)}, ${formatLondonTime(date)}`;
}

export function damageTypeLabel(value: string): string {
  return isAnyDamageType(value) ? allDamageTypeLabels[value] : value;
}

export function damageLocationLabel(value: string): string {
  return isAnyDamageLocation(value) ? allDamageLocationLabels[value] : value;
}

/** A quote's status as the admin's screens name it (src/shared/lifecycles/quote.ts). */
export const quoteStatusLabel: Readonly<Record<QuoteStatus, string>> = {
  pending: 'Awaiting review',
  approved: 'Approved',
  booked: 'Booked',
  withdrawn: 'Withdrawn (details erased)',
};
