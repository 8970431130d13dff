import { decimalStringToPence, formatPence, poundsToPence } from '../../../shared/money';

// D5: item costs (pounds) shown as pounds sterling; the API's decimal strings ('480.00') are
// lib/format's formatDecimalPounds.

export function formatPounds(value: number): string {
  return Number.isFinite(value) ? formatPence(poundsToPence(value)) : '—';
}

/** Whether a decimal string is a non-zero amount. */
export function isNonZero(value: string): boolean {
  return (decimalStringToPence(value) ?? 0) > 0;
}
