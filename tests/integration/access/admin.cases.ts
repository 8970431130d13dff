import { adminOnly, type AccessWorld, type Case } from './world';

// The quote desk is admin only: 401 signed out, 403 for repairers, checked before parsing.
// Changes are aimed at a quote that does not exist (or sent invalid), so the shared world stays as it is.
export const adminCases = (world: AccessWorld): Case[] => [
  { method: 'GET', url: '/api/admin/stats', route: '/api/admin/stats', expect: adminOnly(200) },
  { method: 'GET', url: '/api/admin/quotes', route: '/api/admin/quotes', expect: adminOnly(200) },
  { method: 'GET', url: '/api/admin/enquiries?search=ar-', route: '/api/admin/enquiries', expect: adminOnly(200) },
  // Issue 33: one enquiry as the team reads it; a missing id is a 404, and a malformed one never reaches the database.
  { method: 'GET', url: `/api/admin/enquiries/${world.assessmentId}`, route: '/api/admin/enquiries/:id', expect: adminOnly(200) },
  { method: 'GET', url: '/api/admin/enquiries/999999', route: '/api/admin/enquiries/:id', expect: adminOnly(404) },
  { method: 'GET', url: '/api/admin/enquiries/2147483648', route: '/api/admin/enquiries/:id', expect: adminOnly(400) },
  {
    method: 'POST',
    url: `/api/admin/quotes/${world.pendingQuoteId}/update-full-quote`,
    route: '/api/admin/quotes/:id/update-full-quote',
    payload: { laborCost: 'lots', partsCost: 0, estimatedDays: 1 },
    expect: adminOnly(400),
  },
  // Issue 37 item 7: a revision saved as a draft (an invalid body is the admin's 400) and sent later.
  { method: 'POST', url: `/api/admin/quotes/${world.quoteId}/revision-draft`, route: '/api/admin/quotes/:id/revision-draft', payload: { laborCost: 'lots' }, expect: adminOnly(400) },
  { method: 'POST', url: '/api/admin/quotes/999999/send-revision', route: '/api/admin/quotes/:id/send-revision', expect: adminOnly(404) },
  { method: 'POST', url: '/api/admin/quotes/999999/approve', route: '/api/admin/quotes/:id/approve', payload: {}, expect: adminOnly(404) },
  { method: 'POST', url: '/api/admin/quotes/999999/reset-to-price-list', route: '/api/admin/quotes/:id/reset-to-price-list', expect: adminOnly(404) },
  { method: 'DELETE', url: '/api/admin/quotes/999999', route: '/api/admin/quotes/:id', expect: adminOnly(404) },
  { method: 'GET', url: '/api/admin/price-list', route: '/api/admin/price-list', expect: adminOnly(200) },
  { method: 'PUT', url: '/api/admin/price-list', route: '/api/admin/price-list', payload: [], expect: adminOnly(400) },
];
