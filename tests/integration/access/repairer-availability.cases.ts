import { adminOnly, type AccessWorld, type Case } from './world';

const repairersOnly = (status: number) => ({ anonymous: 401, customer: 401, otherCustomer: 401, repairer: status, assignedRepairer: status, admin: 403 });

// Issue 35 item 1: a technician keeps their own availability; the team keeps anyone's. A bad body
// is refused (400) only to those who may save, and writes nothing.
export const repairerAvailabilityCases = (world: AccessWorld): Case[] => [
  { method: 'GET', url: '/api/repairer/availability', route: '/api/repairer/availability', expect: repairersOnly(200) },
  { method: 'PUT', url: '/api/repairer/availability', route: '/api/repairer/availability', payload: { jobsPerSlot: 0 }, expect: repairersOnly(400) },
  { method: 'GET', url: `/api/admin/repairers/${world.repairerId}/availability`, route: '/api/admin/repairers/:id/availability', expect: adminOnly(200) },
  { method: 'GET', url: '/api/admin/repairers/2147483647/availability', route: '/api/admin/repairers/:id/availability', expect: adminOnly(404) },
  { method: 'PUT', url: `/api/admin/repairers/${world.repairerId}/availability`, route: '/api/admin/repairers/:id/availability', payload: { jobsPerSlot: 0 }, expect: adminOnly(400) },
  // No such repairer: 404 before the body is read.
  { method: 'PUT', url: '/api/admin/repairers/2147483647/availability', route: '/api/admin/repairers/:id/availability', payload: {}, expect: adminOnly(404) },
];
