import { adminOnly, everyone, type AccessWorld, type Case } from './world';

// D10, D12: the grant holder reads their quote once approved, admins always, the repairer who
// accepted the job; to anyone else (and to the customer while it is pending) it does not exist.
const customerQuote = { anonymous: 404, customer: 200, otherCustomer: 404, repairer: 404, assignedRepairer: 200, admin: 200 };
const pendingQuote = { anonymous: 404, customer: 404, otherCustomer: 404, repairer: 404, assignedRepairer: 404, admin: 200 };

export const quoteCases = (world: AccessWorld): Case[] => [
  // Issue 37: the price guide is for anyone, from the damage alone.
  { method: 'GET', url: '/api/price-guide?damageType=scratch&damageLocations=bonnet', route: '/api/price-guide', expect: everyone(200) },
  { method: 'GET', url: '/api/price-guide/services', route: '/api/price-guide/services', expect: everyone(200) },
  { method: 'GET', url: '/api/quotes', route: '/api/quotes', expect: adminOnly(200) },
  // Admin only: the customer's browser never creates a quote (D12). An empty body is a 400 for the admin.
  { method: 'POST', url: '/api/quotes', route: '/api/quotes', payload: {}, expect: adminOnly(400) },
  { method: 'GET', url: `/api/quotes/${world.quoteId}`, route: '/api/quotes/:id', expect: customerQuote },
  { method: 'GET', url: `/api/quotes/${world.pendingQuoteId}`, route: '/api/quotes/:id', expect: pendingQuote },
  { method: 'GET', url: '/api/quotes/999999', route: '/api/quotes/:id', expect: everyone(404) },
  { method: 'GET', url: `/api/quotes/assessment/${world.assessmentId}`, route: '/api/quotes/assessment/:assessmentId', expect: customerQuote },
  { method: 'GET', url: `/api/quotes/assessment/${world.otherAssessmentId}`, route: '/api/quotes/assessment/:assessmentId', expect: pendingQuote },
  { method: 'GET', url: `/api/quotes/${world.quoteId}/pdf`, route: '/api/quotes/:id/pdf', expect: customerQuote },
  { method: 'GET', url: `/api/quotes/${world.pendingQuoteId}/pdf`, route: '/api/quotes/:id/pdf', expect: pendingQuote },
  // Issue 37 item 7: the open requests, for the grant holder and the team only (not the technician).
  {
    method: 'GET',
    url: `/api/quotes/${world.quoteId}/modification-requests`,
    route: '/api/quotes/:id/modification-requests',
    expect: { anonymous: 404, customer: 200, otherCustomer: 404, repairer: 404, assignedRepairer: 404, admin: 200 },
  },
  { method: 'GET', url: `/api/quotes/${world.pendingQuoteId}/modification-requests`, route: '/api/quotes/:id/modification-requests', expect: pendingQuote },
  // Only the grant holder asks for a change; a too-short message shows they passed the check.
  {
    method: 'POST',
    url: `/api/quotes/${world.quoteId}/modification-requests`,
    route: '/api/quotes/:id/modification-requests',
    payload: { message: 'short' },
    expect: { anonymous: 404, customer: 400, otherCustomer: 404, repairer: 404, assignedRepairer: 404, admin: 404 },
  },
  {
    method: 'POST',
    url: `/api/quotes/${world.pendingQuoteId}/modification-requests`,
    route: '/api/quotes/:id/modification-requests',
    payload: { message: 'Please could you look again at the price?' },
    expect: everyone(404),
  },
];
