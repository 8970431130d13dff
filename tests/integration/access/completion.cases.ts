import { adminOnly, everyone, type AccessWorld, type Case } from './world';

// Issue 12 (D10, D14): only the repairer holding the job marks it done (admins are not repairers:
// 403); only the grant holder confirms, reports or reviews, and only after the access check is
// the body read. The world's booking is confirmed and far ahead, so the right people get 409.
const grantHolderOnly = (status: number) => ({ anonymous: 404, customer: status, otherCustomer: 404, repairer: 404, assignedRepairer: 404, admin: 404 });

export const completionCases = (world: AccessWorld): Case[] => [
  {
    method: 'POST',
    url: `/api/repairer/appointments/${world.appointmentId}/complete`,
    route: '/api/repairer/appointments/:id/complete',
    expect: { anonymous: 401, customer: 401, otherCustomer: 401, repairer: 404, assignedRepairer: 409, admin: 403 },
  },
  // Issue 38: the assigned technician only (the world's job is not today: 409); another repairer's job does not exist (404).
  {
    method: 'POST',
    url: `/api/repairer/appointments/${world.appointmentId}/on-my-way`,
    route: '/api/repairer/appointments/:id/on-my-way',
    payload: { arrivingAround: '08:00' },
    expect: { anonymous: 401, customer: 401, otherCustomer: 401, repairer: 404, assignedRepairer: 409, admin: 403 },
  },
  {
    method: 'POST',
    url: `/api/repairer/appointments/${world.appointmentId}/on-my-way`,
    route: '/api/repairer/appointments/:id/on-my-way',
    payload: {},
    expect: { anonymous: 401, customer: 401, otherCustomer: 401, repairer: 400, assignedRepairer: 400, admin: 403 },
  },
  { method: 'POST', url: `/api/appointments/${world.appointmentId}/confirm-completion`, route: '/api/appointments/:id/confirm-completion', expect: grantHolderOnly(409) },
  { method: 'POST', url: '/api/appointments/999999/confirm-completion', route: '/api/appointments/:id/confirm-completion', expect: everyone(404) },
  { method: 'POST', url: `/api/appointments/${world.appointmentId}/report-problem`, route: '/api/appointments/:id/report-problem', payload: { message: 'x' }, expect: grantHolderOnly(400) },
  { method: 'POST', url: `/api/appointments/${world.appointmentId}/review`, route: '/api/appointments/:id/review', payload: {}, expect: grantHolderOnly(400) },
  // Admins only; no payout has that id.
  { method: 'POST', url: '/api/admin/payouts/999999/release', route: '/api/admin/payouts/:id/release', expect: adminOnly(404) },
  // Admins only (the body is read after the role check); no payout has that id.
  { method: 'POST', url: '/api/admin/payouts/999999/refund-customer', route: '/api/admin/payouts/:id/refund-customer', payload: { reason: 'Could not be put right.' }, expect: adminOnly(404) },
  { method: 'POST', url: '/api/admin/payouts/999999/refund-customer', route: '/api/admin/payouts/:id/refund-customer', payload: {}, expect: adminOnly(400) },
  { method: 'GET', url: '/api/admin/reported-problems', route: '/api/admin/reported-problems', expect: adminOnly(200) },
  { method: 'GET', url: '/api/admin/payouts-in-question', route: '/api/admin/payouts-in-question', expect: adminOnly(200) },
];
