import { adminOnly, type AccessWorld, type Case } from './world';

export const emailCases = (_world: AccessWorld): Case[] => [
  { method: 'GET', url: '/api/admin/emails', route: '/api/admin/emails', expect: adminOnly(200) },
  // Access before parsing: only an admin learns that the limit is out of range.
  { method: 'GET', url: '/api/admin/emails?limit=0', route: '/api/admin/emails', expect: adminOnly(400) },
];
