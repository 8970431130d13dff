// Issue 14 item 7 (D1, D3): the company's own details come from settings, read by the server
// at start-up (src/server/config) and by the build for the prerendered pages
// (scripts/prerender.ts), with one parser so both read a setting the same way. The defaults
// are the details the product has always shown.
import { z } from 'zod';
import { formatUkPhone, normaliseUkPhone } from './phone';
import { normalisePostcode } from './postcode';
import { EXAMPLE_MARK, exampleCompanyNumber, exampleVatNumber, supportHoursSentence, weekdays, type CompanyDetails, type RegisteredOffice, type SupportHoursRow, type Weekday } from './company-details';

// The details themselves, their defaults and how they are shown need no parser, so the browser
// imports them from company-details.ts without zod or libphonenumber (issue 36); re-exported
// here for the server and the build.
export * from './company-details';
export * from './vat';

/** The settings and what they hold when unset: the details shown before they were settings. */
export const companySettingDefaults = {
  COMPANY_NAME: 'AutoRevive Ltd',
  // Issue 37: examples, shown "(example)" wherever they appear, so the embedded default can
  // charge VAT and issue invoices; start-up with live Stripe keys refuses them (config.ts).
  COMPANY_NUMBER: exampleCompanyNumber,
  COMPANY_REGISTERED_OFFICE: '12 Harbour Yard, Bristol, BS1 5TY',
  COMPANY_VAT_NUMBER: exampleVatNumber,
  SUPPORT_PHONE: '020 7946 0321',
  SUPPORT_EMAIL: 'support@autorevive.co.uk',
  SUPPORT_HOURS: 'Monday-Friday 8:00-18:00; Saturday 9:00-16:00; Sunday closed',
  // Not a company detail but a promise the privacy policy publishes, so read by the build with them.
  RETENTION_MONTHS: '24',
} as const;

export type CompanySettingName = keyof typeof companySettingDefaults;
export const companySettingNames = Object.keys(companySettingDefaults) as CompanySettingName[];

const DASH = /\s*[-–—]\s*/;

function weekdayOf(word: string): Weekday | undefined {
  const lower = word.toLowerCase();
  return weekdays.find((day) => day.toLowerCase() === lower || (lower.length === 3 && day.toLowerCase().startsWith(lower)));
}

function clock(text: string): { minutes: number; shown: string; iso: string } | undefined {
  const match = /^(\d{1,2})(?::(\d{2}))?$/.exec(text.trim());
  if (!match) return undefined;
  const hours = Number(match[1]);
  const minutes = Number(match[2] ?? '0');
  if (minutes > 59 || hours > 24 || (hours === 24 && minutes > 0)) return undefined;
  const mm = String(minutes).padStart(2, '0');
  return { minutes: hours * 60 + minutes, shown: `${hours}:${mm}`, iso: `${String(hours).padStart(2, '0')}:${mm}` };
}

const hoursExample = 'for example "Monday-Friday 8:00-18:00; Saturday 9:00-16:00; Sunday closed"';

/** SUPPORT_HOURS: '; '-separated entries of a day or a range of days, then hours or 'closed'. */
export function parseSupportHours(text: string): { rows: SupportHoursRow[] } | { error: string } {
  const entries = text.split(/[;\n]/).map((entry) => entry.trim()).filter(Boolean);
  if (entries.length === 0) return { error: `must list the days and hours, ${hoursExample}` };
  const seen = new Set<Weekday>();
  const rows: SupportHoursRow[] = [];
  for (const entry of entries) {
    const match = /^([A-Za-z]+)(?:\s*[-–—]\s*([A-Za-z]+))?\s+(.+)$/.exec(entry);
    if (!match) return { error: `cannot read "${entry}": write the days, then the hours or "closed", ${hoursExample}` };
    const [, fromWord = '', toWord, hoursText = ''] = match;
    const from = weekdayOf(fromWord);
    const to = toWord === undefined ? from : weekdayOf(toWord);
    if (!from || !to) return { error: `"${entry}" names a day that is not a day of the week (Monday to Sunday, or Mon to Sun)` };
    const start = weekdays.indexOf(from);
    const end = weekdays.indexOf(to);
    if (end < start) return { error: `"${entry}" runs backwards: write the range from the earlier day, Monday first` };
    const dayOfWeek = weekdays.slice(start, end + 1);
    const repeated = dayOfWeek.find((day) => seen.has(day));
    if (repeated) return { error: `${repeated} is listed twice` };
    dayOfWeek.forEach((day) => seen.add(day));
    const days = from === to ? from : `${from}–${to}`;
    if (/^closed$/i.test(hoursText.trim())) {
      rows.push({ days, hours: 'Closed', dayOfWeek, opens: null, closes: null });
      continue;
    }
    const [opensText = '', closesText, ...extra] = hoursText.split(DASH);
    const opens = clock(opensText);
    const closes = closesText === undefined ? undefined : clock(closesText);
    if (!opens || !closes || extra.length > 0) {
      return { error: `cannot read the hours in "${entry}": write them as 24-hour times such as 8:00-18:00, or "closed"` };
    }
    if (closes.minutes <= opens.minutes) return { error: `in "${entry}" the closing time is not after the opening time` };
    rows.push({ days, hours: `${opens.shown}–${closes.shown}`, dayOfWeek, opens: opens.iso, closes: closes.iso });
  }
  return { rows };
}

function registeredIn(number: string): CompanyDetails['registeredIn'] {
  // Companies House prefixes: S… are Scottish registrations, N… Northern Irish; the rest
  // (plain digits, OC, LP, FC, …) are registered in England and Wales.
  if (number.startsWith('S')) return 'Scotland';
  if (number.startsWith('N')) return 'Northern Ireland';
  return 'England and Wales';
}

/** 'GB123456789' → 'GB 123 4567 89'; the 12-digit form (a group's branch) adds ' 001'. */
function formatVat(digits: string): string {
  const base = `GB ${digits.slice(0, 3)} ${digits.slice(3, 7)} ${digits.slice(7, 9)}`;
  return digits.length === 12 ? `${base} ${digits.slice(9)}` : base;
}

const text = (name: CompanySettingName) =>
  z
    .string()
    .optional()
    .transform((value) => (value === undefined || value.trim() === '' ? companySettingDefaults[name] : value.trim()));

/** No markup or control characters: the values go into pages, e-mails, PDFs and JSON-LD. */
const plain = (value: string) => !/[<>\p{Cc}]/u.test(value);

export const CompanySettingsSchema = z
  .object({
    COMPANY_NAME: text('COMPANY_NAME')
      .refine((value) => value.length <= 160 && plain(value), { message: 'must be the registered company name, at most 160 characters, without < or >' }),
    COMPANY_NUMBER: text('COMPANY_NUMBER')
      .transform((value) => value.replace(/\s+/g, '').toUpperCase())
      .refine((value) => /^(\d{8}|[A-Z]{2}\d{6})$/.test(value), {
        message: 'must be a UK company number: 8 characters, either 8 digits or 2 letters and 6 digits, for example 01234567 or SC123456',
      }),
    COMPANY_REGISTERED_OFFICE: text('COMPANY_REGISTERED_OFFICE').transform((value, ctx): RegisteredOffice => {
      const parts = value.split(',').map((part) => part.trim());
      const postcode = normalisePostcode(parts.at(-1) ?? '');
      if (parts.length < 3 || parts.some((part) => part === '' || !plain(part)) || postcode === null) {
        ctx.addIssue({
          code: 'custom',
          message: 'must be the registered office on one line, its parts separated by commas and ending with the town and a UK postcode, for example "12 Harbour Yard, Bristol, BS1 5TY"',
        });
        return z.NEVER;
      }
      return { street: parts.slice(0, -2), town: parts.at(-2)!, postcode };
    }),
    // Issue 37: VAT is charged only when the company can issue a VAT invoice. Empty means the
    // embedded default's example number (so a fresh install charges VAT, marked "(example)");
    // 'none' says the company is not VAT registered: no VAT on new quotes, a receipt after payment.
    COMPANY_VAT_NUMBER: text('COMPANY_VAT_NUMBER')
      .transform((value) => (/^none$/i.test(value) ? null : value.replace(/\s+/g, '').toUpperCase()))
      .refine((value) => value === null || /^GB(\d{9}|\d{12})$/.test(value), {
        message: 'must be a UK VAT number: GB and 9 digits (or 12 for a group member), for example GB123456789, or "none" when the company is not VAT registered (then no VAT is charged)',
      })
      .transform((value) => (value === null ? null : formatVat(value.slice(2)))),
    SUPPORT_PHONE: text('SUPPORT_PHONE').transform((value, ctx) => {
      const e164 = normaliseUkPhone(value);
      if (e164 === null) {
        ctx.addIssue({ code: 'custom', message: 'must be a UK phone number customers can call, for example 020 7946 0321' });
        return z.NEVER;
      }
      return e164;
    }),
    SUPPORT_EMAIL: text('SUPPORT_EMAIL').pipe(z.email({ message: 'must be an e-mail address, for example support@example.co.uk' })),
    RETENTION_MONTHS: text('RETENTION_MONTHS').transform((value, ctx) => {
      const months = /^\d{1,3}$/.test(value) ? Number(value) : Number.NaN;
      if (!(months >= 12 && months <= 120)) {
        ctx.addIssue({
          code: 'custom',
          message: 'must be a whole number of months from 12 to 120: at least 12, because the repair warranty lasts 12 months and a claim needs the photos',
        });
        return z.NEVER;
      }
      return months;
    }),
    SUPPORT_HOURS: text('SUPPORT_HOURS').transform((value, ctx) => {
      const parsed = parseSupportHours(value);
      if ('error' in parsed) {
        ctx.addIssue({ code: 'custom', message: parsed.error });
        return z.NEVER;
      }
      return parsed.rows;
    }),
  })
  .transform(
    (settings): CompanyDetails => ({
      name: settings.COMPANY_NAME,
      number: settings.COMPANY_NUMBER === exampleCompanyNumber ? `${exampleCompanyNumber}${EXAMPLE_MARK}` : settings.COMPANY_NUMBER,
      registeredIn: registeredIn(settings.COMPANY_NUMBER),
      registeredOffice: settings.COMPANY_REGISTERED_OFFICE,
      vatNumber:
        settings.COMPANY_VAT_NUMBER !== null && settings.COMPANY_VAT_NUMBER === formatVat(exampleVatNumber.slice(2)) ? `${settings.COMPANY_VAT_NUMBER}${EXAMPLE_MARK}` : settings.COMPANY_VAT_NUMBER,
      supportPhone: formatUkPhone(settings.SUPPORT_PHONE),
      supportPhoneE164: settings.SUPPORT_PHONE,
      supportEmail: settings.SUPPORT_EMAIL,
      supportHours: settings.SUPPORT_HOURS,
      supportHoursSentence: supportHoursSentence(settings.SUPPORT_HOURS),
      retentionMonths: settings.RETENTION_MONTHS,
    }),
  );

/**
 * Issue 37: what live payments may not run with: the example company and VAT numbers (shown
 * "(example)") and the old placeholder 00000000. One sentence per setting, naming it.
 */
export function examplePlaceholderProblems(company: CompanyDetails): string[] {
  const problems: string[] = [];
  if (company.number.endsWith(EXAMPLE_MARK) || /^0{8}$/.test(company.number)) {
    problems.push(`COMPANY_NUMBER is the example or placeholder ${company.number.replace(EXAMPLE_MARK, '')}, and live Stripe keys take real payments: set COMPANY_NUMBER to the company's Companies House number`);
  }
  if (company.vatNumber?.endsWith(EXAMPLE_MARK)) {
    problems.push(`COMPANY_VAT_NUMBER is the example ${company.vatNumber.replace(EXAMPLE_MARK, '')}, and live Stripe keys take real payments whose VAT invoices carry it: set COMPANY_VAT_NUMBER to the company's VAT registration number, or to none when it is not VAT registered`);
  }
  return problems;
}

/** The settings' problems, one sentence each ('SUPPORT_PHONE must be …'), or the details. */
export function readCompanySettings(source: Record<string, string | undefined>): { details: CompanyDetails } | { problems: string[] } {
  const settings = Object.fromEntries(companySettingNames.map((name) => [name, source[name]]));
  const parsed = CompanySettingsSchema.safeParse(settings);
  if (parsed.success) return { details: parsed.data };
  return {
    problems: parsed.error.issues.map((issue) => {
      const name = issue.path.join('.');
      const value = source[name];
      return `${name} ${issue.message}${value !== undefined ? ` (it is "${value}")` : ''}`;
    }),
  };
}
