import { adminOnly, everyone, type AccessWorld, type Case } from './world';

// Issue 35 item 5: anyone may apply (a bad body is refused before anything is written); the vetting
// checklist is the admin's alone.
export const technicianCases = (world: AccessWorld): Case[] => [
  { method: 'POST', url: '/api/technician-applications', route: '/api/technician-applications', payload: { businessName: 'x' }, expect: everyone(400) },
  { method: 'GET', url: `/api/admin/repairers/${world.repairerId}/vetting`, route: '/api/admin/repairers/:id/vetting', expect: adminOnly(200) },
  { method: 'POST', url: `/api/admin/repairers/${world.repairerId}/vetting`, route: '/api/admin/repairers/:id/vetting', payload: { check: 'skills', note: '' }, expect: adminOnly(400) },
  // Issue 37: the team takes down a technician's photo; the world's technician has none, so 409 past the role check.
  { method: 'DELETE', url: `/api/admin/repairers/${world.repairerId}/photo`, route: '/api/admin/repairers/:id/photo', payload: { reason: 'Not a photo of a person' }, expect: adminOnly(409) },
];
