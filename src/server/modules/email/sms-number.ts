// Issue 38 item 2: a text goes only to a UK mobile (libphonenumber's full metadata, type MOBILE,
// region GB). Server-side only: the full metadata is about 150 KiB and no screen needs it.
import { parsePhoneNumberFromString } from 'libphonenumber-js/max';

// Ofcom's range for drama and examples (07700 900000–900999): mobiles, though unallocated, and the
// numbers our fixtures and tests use. 01632 960xxx, its landline twin, is not a mobile.
const FICTIONAL_MOBILES = /^7700900\d{3}$/;

/** The number in E.164 when it is a UK mobile ('07700 900123' → '+447700900123'), else null. */
export function ukMobile(input: string | null | undefined): string | null {
  if (typeof input !== 'string' || input.length > 25 || !/^\+?[\d\s().-]+$/.test(input.trim())) return null;
  const phone = parsePhoneNumberFromString(input.trim(), 'GB');
  if (!phone || phone.countryCallingCode !== '44') return null;
  if (FICTIONAL_MOBILES.test(String(phone.nationalNumber))) return phone.number;
  return phone.isValid() && phone.getType() === 'MOBILE' ? phone.number : null;
}
