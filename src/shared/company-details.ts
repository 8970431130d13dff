// Issue 36: the company's details as the browser needs them: their shape, the defaults and how
// they are shown. No parser here (zod, libphonenumber and the postcode rules stay in company.ts,
// which the server and the build use): the browser gets the details already parsed, from the
// page it was built with (src/web/lib/company.ts), so its bundle carries none of that.

export const weekdays = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;
export type Weekday = (typeof weekdays)[number];

export interface SupportHoursRow {
  /** As shown: 'Monday–Friday', 'Saturday'. */
  days: string;
  /** As shown: '8:00–18:00', or 'Closed'. */
  hours: string;
  dayOfWeek: Weekday[];
  /** 24-hour 'HH:MM', null on a closed day. */
  opens: string | null;
  closes: string | null;
}

export interface RegisteredOffice {
  /** The street lines, before the town. */
  street: string[];
  town: string;
  postcode: string;
}

/**
 * Issue 37: the embedded default's company and VAT numbers are examples, so a fresh install can
 * charge VAT and issue invoices; wherever shown they carry this mark (it is part of the value the
 * pages, e-mails and PDFs print), and live Stripe keys refuse them at start-up.
 */
export const EXAMPLE_MARK = ' (example)';
export const exampleCompanyNumber = '01234567';
export const exampleVatNumber = 'GB123456789';

export interface CompanyDetails {
  /** The registered company name, e.g. 'AutoRevive Ltd'. The brand (site.brand) is separate. */
  name: string;
  /** Companies House number, e.g. '01234567' or 'SC123456'. */
  number: string;
  /** Where it is registered, read from the number's prefix. */
  registeredIn: 'England and Wales' | 'Scotland' | 'Northern Ireland';
  registeredOffice: RegisteredOffice;
  /**
   * 'GB 123 4567 89' (the default's 'GB 123 4567 89 (example)'); null when the company is not VAT
   * registered (COMPANY_VAT_NUMBER=none): then no VAT is charged and a payment gets a plain receipt.
   */
  vatNumber: string | null;
  /** As shown: '020 7946 0321'. */
  supportPhone: string;
  supportPhoneE164: string;
  supportEmail: string;
  supportHours: SupportHoursRow[];
  /** 'Monday–Friday 8:00–18:00, Saturday 9:00–16:00, closed on Sunday'. */
  supportHoursSentence: string;
  /** Months after a job ends before its photos and personal details are erased (RETENTION_MONTHS; the privacy policy says so). */
  retentionMonths: number;
}

/**
 * The details when no setting is set: what `CompanySettingsSchema.parse({})` makes of
 * companySettingDefaults (src/shared/company.test.ts holds them equal), written out as data so
 * the browser need not parse them.
 */
export const defaultCompanyDetails: CompanyDetails = {
  name: 'AutoRevive Ltd',
  number: '01234567 (example)',
  registeredIn: 'England and Wales',
  registeredOffice: { street: ['12 Harbour Yard'], town: 'Bristol', postcode: 'BS1 5TY' },
  vatNumber: 'GB 123 4567 89 (example)',
  supportPhone: '020 7946 0321',
  supportPhoneE164: '+442079460321',
  supportEmail: 'support@autorevive.co.uk',
  supportHours: [
    { days: 'Monday–Friday', hours: '8:00–18:00', dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'], opens: '08:00', closes: '18:00' },
    { days: 'Saturday', hours: '9:00–16:00', dayOfWeek: ['Saturday'], opens: '09:00', closes: '16:00' },
    { days: 'Sunday', hours: 'Closed', dayOfWeek: ['Sunday'], opens: null, closes: null },
  ],
  supportHoursSentence: 'Monday–Friday 8:00–18:00, Saturday 9:00–16:00, closed on Sunday',
  retentionMonths: 24,
};

/** 'Monday–Friday 8:00–18:00, Saturday 9:00–16:00, closed on Sunday' (D3's wording). */
export function supportHoursSentence(rows: readonly SupportHoursRow[]): string {
  const open = rows.filter((row) => row.opens !== null).map((row) => `${row.days} ${row.hours}`);
  const closed = rows.filter((row) => row.opens === null).map((row) => row.days);
  const closedPart = closed.length === 0 ? [] : [`closed on ${closed.length === 1 ? closed[0] : `${closed.slice(0, -1).join(', ')} and ${closed.at(-1)}`}`];
  return [...open, ...closedPart].join(', ');
}

/** 'Mon–Sat' when the open days run without a gap; undefined otherwise. */
export function openDaysShort(rows: readonly SupportHoursRow[]): string | undefined {
  const open = weekdays.map((day, index) => ({ day, index })).filter(({ day }) => rows.some((row) => row.opens !== null && row.dayOfWeek.includes(day)));
  if (open.length === 0) return undefined;
  const first = open[0]!;
  const last = open.at(-1)!;
  if (last.index - first.index + 1 !== open.length) return undefined;
  return first === last ? first.day.slice(0, 3) : `${first.day.slice(0, 3)}–${last.day.slice(0, 3)}`;
}

/** '12 Harbour Yard, Bristol, BS1 5TY'. */
export function registeredOfficeLine(company: CompanyDetails): string {
  const office = company.registeredOffice;
  return [...office.street, office.town, office.postcode].join(', ');
}

/**
 * What the Companies Act asks a company to show on its website, e-mails and order forms:
 * 'AutoRevive Ltd, registered in England and Wales, company number 01234567 (example). Registered
 * office: 12 Harbour Yard, Bristol, BS1 5TY.' and the VAT number when it has one.
 */
export function companyRegistration(company: CompanyDetails): string {
  const vat = company.vatNumber ? ` VAT number ${company.vatNumber}.` : '';
  return `${company.name}, registered in ${company.registeredIn}, company number ${company.number}. Registered office: ${registeredOfficeLine(company)}.${vat}`;
}
