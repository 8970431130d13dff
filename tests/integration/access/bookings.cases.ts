import { adminOnly, everyone, type AccessWorld, type Case } from './world';

// Issue 11. Availability is public (it names nobody). An appointment is read by its quote's grant
// holder, admins and the repairer assigned to the job; to anyone else it does not exist (404).
// Only the grant holder books or reschedules; invalid bodies show who got past the check (400).
const customerAppointment = { anonymous: 404, customer: 200, otherCustomer: 404, repairer: 404, assignedRepairer: 200, admin: 200 };
const grantHolderOnly = (status: number) => ({ anonymous: 404, customer: status, otherCustomer: 404, repairer: 404, assignedRepairer: 404, admin: 404 });

export const bookingCases = (world: AccessWorld): Case[] => [
  { method: 'GET', url: '/api/appointments/available?date=2099-03-04', route: '/api/appointments/available', expect: everyone(200) },
  { method: 'GET', url: '/api/appointments/available-month?month=2099-03', route: '/api/appointments/available-month', expect: everyone(200) },
  // The calendar of moving one booking (its technician's other jobs left out): whoever may read the booking.
  { method: 'GET', url: `/api/appointments/available?date=2099-03-04&appointmentId=${world.appointmentId}`, route: '/api/appointments/available', expect: customerAppointment },
  { method: 'GET', url: `/api/appointments/available-month?month=2099-03&appointmentId=${world.appointmentId}`, route: '/api/appointments/available-month', expect: customerAppointment },
  // Missing date: the grant holder of the quote is told what is wrong; nobody else learns the quote exists.
  { method: 'POST', url: '/api/appointments', route: '/api/appointments', payload: { quoteId: world.quoteId, timeSlot: 'morning' }, expect: grantHolderOnly(400) },
  { method: 'POST', url: '/api/appointments', route: '/api/appointments', payload: { quoteId: world.pendingQuoteId, timeSlot: 'morning' }, expect: everyone(404) },
  // The quote's unpaid hold, for the booking page: its grant holder only, as holding one is.
  { method: 'GET', url: `/api/quotes/${world.quoteId}/held-appointment`, route: '/api/quotes/:id/held-appointment', expect: grantHolderOnly(200) },
  { method: 'GET', url: `/api/quotes/${world.pendingQuoteId}/held-appointment`, route: '/api/quotes/:id/held-appointment', expect: everyone(404) },
  { method: 'GET', url: `/api/appointments/${world.appointmentId}`, route: '/api/appointments/:id', expect: customerAppointment },
  { method: 'GET', url: '/api/appointments/999999', route: '/api/appointments/:id', expect: everyone(404) },
  // Its calendar file: whoever may read the booking.
  { method: 'GET', url: `/api/appointments/${world.appointmentId}/calendar.ics`, route: '/api/appointments/:id/calendar.ics', expect: customerAppointment },
  { method: 'GET', url: '/api/appointments/999999/calendar.ics', route: '/api/appointments/:id/calendar.ics', expect: everyone(404) },
  {
    method: 'POST',
    url: `/api/appointments/${world.appointmentId}/reschedule`,
    route: '/api/appointments/:id/reschedule',
    payload: { timeSlot: 'evening' },
    expect: grantHolderOnly(400),
  },
  { method: 'POST', url: '/api/appointments/999999/reschedule', route: '/api/appointments/:id/reschedule', payload: {}, expect: everyone(404) },
  // The customer's notes for the technician: only the grant holder changes them (a number is not notes: 400, nothing written).
  { method: 'PUT', url: `/api/appointments/${world.appointmentId}/notes`, route: '/api/appointments/:id/notes', payload: { notes: 42 }, expect: grantHolderOnly(400) },
  // Issue 38: agreeing to texts, or withdrawing: only the grant holder (a string is not a yes or no: 400, nothing written).
  { method: 'PUT', url: `/api/appointments/${world.appointmentId}/texts`, route: '/api/appointments/:id/texts', payload: { textConsent: 'yes' }, expect: grantHolderOnly(400) },
  { method: 'PUT', url: '/api/appointments/999999/texts', route: '/api/appointments/:id/texts', payload: { textConsent: false }, expect: everyone(404) },
  { method: 'PUT', url: '/api/appointments/999999/notes', route: '/api/appointments/:id/notes', payload: { notes: 'Gate code 1234' }, expect: everyone(404) },
  { method: 'GET', url: '/api/admin/availability?month=2099-03', route: '/api/admin/availability', expect: adminOnly(200) },
  { method: 'PUT', url: '/api/admin/availability/2099-03-04', route: '/api/admin/availability/:date', payload: { morning: 'lots' }, expect: adminOnly(400) },
];
