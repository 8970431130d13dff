import { parsePhoneNumberFromString, type PhoneNumber } from 'libphonenumber-js/min';

// Numbers a customer or repairer cannot sensibly be called back on, or that cost the caller extra.
const refusedTypes = new Set(['PREMIUM_RATE', 'SHARED_COST', 'PERSONAL_NUMBER', 'PAGER']);

// Ofcom reserves these for drama and examples; libphonenumber treats them as unallocated, but
// they are the numbers used in our copy, fixtures and tests (e.g. 07700 900123).
const fictionalRanges = [/^7700900\d{3}$/, /^1632960\d{3}$/];

function parseUk(input: string): PhoneNumber | null {
  if (typeof input !== 'string') return null;
  const trimmed = input.trim();
  // Only digits and the usual separators: no letters, extensions or surrounding text.
  if (trimmed.length > 25 || !/^\+?[\d\s().-]+$/.test(trimmed)) return null;
  const phone = parsePhoneNumberFromString(trimmed, 'GB');
  // +44 covers the UK and the Crown dependencies, which share its mobile ranges (07911 parses as Guernsey).
  if (!phone || phone.countryCallingCode !== '44') return null;
  const nationalNumber = String(phone.nationalNumber);
  if (fictionalRanges.some((range) => range.test(nationalNumber))) return phone;
  if (!phone.isValid()) return null;
  const type = phone.getType();
  return type !== undefined && refusedTypes.has(type) ? null : phone;
}

/** A UK number in any common form ('07700 900123', '+44 (0)20 7946 0321', '0044 …') in E.164, or null. */
export function normaliseUkPhone(input: string): string | null {
  return parseUk(input)?.number ?? null;
}

/** E.164 to national display format: '+447700900123' → '07700 900123'. Input that is not a UK number is returned as it was. */
export function formatUkPhone(e164: string): string {
  return parseUk(e164)?.formatNational() ?? e164;
}
