// D1: brand, contact details and hours live here and nowhere else.
export const site = {
  brand: 'AutoRevive',
  tagline: 'Mobile Car Repair Specialists',
  legalName: 'AutoRevive Ltd',
  supportPhone: '020 7946 0321',
  supportPhoneE164: '+442079460321',
  supportEmail: 'support@autorevive.co.uk',
  postalAddress: ['AutoRevive Ltd', '12 Harbour Yard', 'Bristol', 'BS1 5TY'],
  // D3
  supportHours: [
    { days: 'Monday–Friday', hours: '8:00–18:00' },
    { days: 'Saturday', hours: '9:00–16:00' },
    { days: 'Sunday', hours: 'Closed' },
  ],
  supportHoursSentence:
    'Monday–Friday 8:00–18:00, Saturday 9:00–16:00, closed on Sunday',
  urgentHelp: 'Urgent problems with a booked repair: call us in those hours.',
  // D4
  quoteTurnaround: 'usually within 2–4 working hours, and always within 24 hours',
  warrantyMonths: 12,
  // D2: below this many verified repairers, copy avoids quoting a number.
  networkFigureThreshold: 25,
  cookieConsentKey: 'autorevive.cookie-consent',
} as const;

export type Site = typeof site;
