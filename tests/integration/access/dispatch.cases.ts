import { adminOnly, type AccessWorld, type Case } from './world';

// Issue 12 (D16): dispatch is the admin's alone. Everyone else gets 401 or 403 before any body is
// read. The world's quote is already assigned, so sending it again is a 409 even for an admin.
export const dispatchCases = (world: AccessWorld): Case[] => [
  {
    method: 'POST',
    url: `/api/admin/quotes/${world.quoteId}/nearby-repairers`,
    route: '/api/admin/quotes/:id/nearby-repairers',
    payload: { address: '10 Downing Street', city: 'London', postcode: 'SW1A 2AA' },
    expect: adminOnly(200),
  },
  { method: 'POST', url: `/api/admin/quotes/${world.quoteId}/nearby-repairers`, route: '/api/admin/quotes/:id/nearby-repairers', payload: { postcode: 'nowhere' }, expect: adminOnly(400) },
  { method: 'POST', url: `/api/admin/quotes/${world.quoteId}/send-to-repairer`, route: '/api/admin/quotes/:id/send-to-repairer', payload: { repairerId: 'x' }, expect: adminOnly(400) },
  { method: 'POST', url: `/api/admin/quotes/${world.quoteId}/send-to-repairers`, route: '/api/admin/quotes/:id/send-to-repairers', expect: adminOnly(409) },
  { method: 'POST', url: '/api/admin/quotes/999999/send-to-repairers', route: '/api/admin/quotes/:id/send-to-repairers', expect: adminOnly(404) },
  { method: 'GET', url: `/api/admin/quotes/${world.quoteId}/notifications`, route: '/api/admin/quotes/:id/notifications', expect: adminOnly(200) },
  { method: 'GET', url: '/api/admin/jobs-to-dispatch', route: '/api/admin/jobs-to-dispatch', expect: adminOnly(200) },
  // Past SPEC: the jobs technicians have accepted, and taking one back (an empty reason: 400 for an admin only).
  // Issue 35: the paid bookings nobody has taken, with who could still take them: the team's only.
  { method: 'GET', url: '/api/admin/unassigned-bookings', route: '/api/admin/unassigned-bookings', expect: adminOnly(200) },
  { method: 'GET', url: '/api/admin/upcoming-jobs', route: '/api/admin/upcoming-jobs', expect: adminOnly(200) },
  { method: 'POST', url: `/api/admin/appointments/${world.appointmentId}/take-back`, route: '/api/admin/appointments/:id/take-back', payload: { reason: '' }, expect: adminOnly(400) },
  { method: 'POST', url: '/api/admin/appointments/999999/take-back', route: '/api/admin/appointments/:id/take-back', payload: { reason: 'Van broke down' }, expect: adminOnly(404) },
];
