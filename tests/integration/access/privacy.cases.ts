import { adminOnly, everyone, type AccessWorld, type Case } from './world';

// Issue 14: only the customer (their grant) and admins download or erase an enquiry's data; the
// repairer who did the job may read the job, not take the customer's data away or erase it. To
// anyone else the enquiry does not exist (404).
const ownerOrAdmin = (status: number) => ({ anonymous: 404, customer: status, otherCustomer: 404, repairer: 404, assignedRepairer: 404, admin: status });

export const privacyCases = (world: AccessWorld): Case[] => [
  { method: 'GET', url: `/api/assessments/${world.assessmentId}/export`, route: '/api/assessments/:id/export', expect: ownerOrAdmin(200) },
  { method: 'GET', url: '/api/assessments/999999/export', route: '/api/assessments/:id/export', expect: everyone(404) },
  // The world is not erased: a wrong reference is refused (400) before anything changes, and only
  // to those who may erase; everyone else learns nothing.
  {
    method: 'POST',
    url: `/api/assessments/${world.assessmentId}/erase`,
    route: '/api/assessments/:id/erase',
    payload: { confirmReference: 'AR-NOT-THIS' },
    expect: ownerOrAdmin(400),
  },
  { method: 'GET', url: '/api/admin/audit-log', route: '/api/admin/audit-log', expect: adminOnly(200) },
  { method: 'GET', url: '/api/admin/audit-log?pageSize=500', route: '/api/admin/audit-log', expect: adminOnly(400) },
];
