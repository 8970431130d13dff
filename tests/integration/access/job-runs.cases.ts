import { adminOnly, type AccessWorld, type Case } from './world';

export const jobRunCases = (_world: AccessWorld): Case[] => [
  { method: 'GET', url: '/api/admin/job-runs/email_collection', route: '/api/admin/job-runs/:kind', expect: adminOnly(200) },
  // Access before parsing: only an admin learns that there is no such kind.
  { method: 'GET', url: '/api/admin/job-runs/nonsense', route: '/api/admin/job-runs/:kind', expect: adminOnly(400) },
  // Nothing is running in the access world: stopping is a 409 for the admin alone.
  { method: 'POST', url: '/api/admin/job-runs/places_import/stop', route: '/api/admin/job-runs/:kind/stop', expect: adminOnly(409) },
];
