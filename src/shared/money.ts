// D5: amounts are integer pence everywhere; pounds appear only at the edges (display, JSON
// decimal strings such as "480.00", admin inputs).

function assertPence(pence: number): void {
  if (!Number.isSafeInteger(pence)) throw new RangeError(`Expected a whole number of pence, got ${pence}`);
}

/**
 * 165000 → '£1,650.00'; negative amounts → '-£5.00'. As Intl's en-GB pounds write it (its test
 * compares them), worked out rather than asked of Intl: building Intl's formatter cost the quote
 * page's main thread 131 ms with the CPU slowed 4x (issue 36).
 */
export function formatPence(pence: number): string {
  assertPence(pence);
  const sign = pence < 0 ? '-' : '';
  const absolute = Math.abs(pence);
  const pounds = String(Math.floor(absolute / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${sign}£${pounds}.${String(absolute % 100).padStart(2, '0')}`;
}

/** 165000 → '1650.00', -5 → '-0.05': SPEC's decimal strings for the JSON API. */
export function penceToDecimalString(pence: number): string {
  assertPence(pence);
  const sign = pence < 0 ? '-' : '';
  const absolute = Math.abs(pence);
  const pounds = Math.floor(absolute / 100);
  const rest = String(absolute % 100).padStart(2, '0');
  return `${sign}${pounds}.${rest}`;
}

/**
 * Reads a non-negative amount of pounds with at most two decimal places ('480', '480.5',
 * '480.00' or 480) as pence. Anything else ('4.999', 'abc', '-1', '1,000', NaN) is null,
 * so a typo never becomes a silently rounded price.
 */
export function decimalStringToPence(value: string | number): number | null {
  let text: string;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return null;
    text = String(value);
  } else if (typeof value === 'string') {
    text = value.trim();
  } else {
    return null;
  }
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return null;
  const pence = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return Number.isSafeInteger(pence) ? pence : null;
}

/** Whole pounds or pounds and pence as a number (e.g. 19.99) → integer pence, to the nearest penny. */
export function poundsToPence(pounds: number): number {
  if (!Number.isFinite(pounds)) throw new RangeError(`Expected an amount of pounds, got ${pounds}`);
  // 1.005 * 100 is 100.49999999999999 in binary; trimming that noise first gives the penny a person means.
  const pence = Math.round(Number((pounds * 100).toFixed(6)));
  assertPence(pence);
  return pence === 0 ? 0 : pence;
}
