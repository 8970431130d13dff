// The whole domain of SPEC section 3, so later work extends it rather than reinventing it.
// One file per domain; this index is what the app, drizzle-kit and the tests import.
// Money is integer pence (D5); instants are timestamptz (`...At`); calendar days are dates
// in Europe/London (`...Date`).
export * from './repairers';
export * from './auth';
export * from './assessments';
export * from './access';
export * from './quotes';
export * from './price-list';
export * from './bookings';
export * from './payments';
export * from './dispatch';
export * from './email';
export * from './platform';
export * from './geo';
export * from './audit';
export * from './coverage';
export * from './invoices';
