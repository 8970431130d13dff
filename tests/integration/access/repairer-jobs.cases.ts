import type { AccessWorld, Case, Who } from './world';

// Issue 12 (D11, D16): a repairer reads and answers only their own offers. Customers and the
// signed out get 401 before anything is read; another repairer's offer does not exist (404);
// a list of someone else's jobs is refused (403). Admins may read, but only repairers answer.
const staffOnly = (expect: Partial<Record<Who, number>>): Partial<Record<Who, number>> => ({ anonymous: 401, customer: 401, otherCustomer: 401, ...expect });

export const repairerJobCases = (world: AccessWorld): Case[] => [
  {
    method: 'GET',
    url: `/api/repairer/${world.repairerId}/jobs`,
    route: '/api/repairer/:repairerId/jobs',
    expect: staffOnly({ repairer: 200, assignedRepairer: 403, admin: 200 }),
  },
  {
    method: 'GET',
    url: `/api/repairer/${world.assignedRepairerId}/jobs`,
    route: '/api/repairer/:repairerId/jobs',
    expect: staffOnly({ repairer: 403, assignedRepairer: 200, admin: 200 }),
  },
  { method: 'GET', url: `/api/repairer/notifications/${world.offerId}`, route: '/api/repairer/notifications/:id', expect: staffOnly({ repairer: 200, assignedRepairer: 404, admin: 200 }) },
  { method: 'GET', url: '/api/repairer/notifications/999999', route: '/api/repairer/notifications/:id', expect: staffOnly({ repairer: 404, assignedRepairer: 404, admin: 404 }) },
  // The offer's quote has no paid booking: its own repairer is told so; nobody else learns it exists.
  { method: 'POST', url: `/api/repairer/notifications/${world.offerId}/accept`, route: '/api/repairer/notifications/:id/accept', expect: staffOnly({ repairer: 409, assignedRepairer: 404, admin: 403 }) },
  {
    method: 'POST',
    url: `/api/repairer/notifications/${world.offerId}/decline`,
    route: '/api/repairer/notifications/:id/decline',
    payload: { reason: '   ' },
    expect: staffOnly({ repairer: 400, assignedRepairer: 400, admin: 400 }),
  },
];
