// D1: the brand and the copy every page shares live here and nowhere else.
export const site = {
  brand: 'AutoRevive',
  tagline: 'Mobile Car Repair Specialists',
  // Issue 14: the company's name, number, registered office, VAT number, support phone, e-mail
  // and hours are settings (src/shared/company.ts): the server reads them as config.company,
  // the web from what the build wrote into the page (src/web/lib/company.ts).
  urgentHelp: 'Urgent problems with a booked repair: call us in those hours.',
  // D4
  quoteTurnaround: 'usually within 2–4 working hours, and always within 24 hours',
  warrantyMonths: 12,
  // D2: below this many verified repairers, copy avoids quoting a number.
  networkFigureThreshold: 25,
  cookieConsentKey: 'autorevive.cookie-consent',
} as const;

export type Site = typeof site;
