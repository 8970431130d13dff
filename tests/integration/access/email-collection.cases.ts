import { adminOnly, type AccessWorld, type Case } from './world';

export const emailCollectionCases = (_world: AccessWorld): Case[] => [
  { method: 'GET', url: '/api/admin/email-collection-status', route: '/api/admin/email-collection-status', expect: adminOnly(200) },
  { method: 'GET', url: '/api/admin/email-collection-results?limit=5', route: '/api/admin/email-collection-results', expect: adminOnly(200) },
  // Access before parsing: only an admin learns that 0 is not a limit.
  { method: 'GET', url: '/api/admin/email-collection-results?limit=0', route: '/api/admin/email-collection-results', expect: adminOnly(400) },
  // Nobody in the access world has a website: the admin is told there is nothing to collect (200, success false), no run starts.
  { method: 'POST', url: '/api/admin/collect-emails', route: '/api/admin/collect-emails', payload: { limit: 5 }, expect: adminOnly(200) },
  { method: 'POST', url: '/api/admin/collect-emails', route: '/api/admin/collect-emails', payload: { limit: 101 }, expect: adminOnly(400) },
];
