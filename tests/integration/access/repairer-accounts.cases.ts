import { adminOnly, everyone, type AccessWorld, type Case } from './world';

// Issue 12 item 7: the network and invitations are the admin's; an invitation link is public (its
// token is the key) and answers one sentence whether unknown, used or expired.
export const repairerAccountCases = (world: AccessWorld): Case[] => [
  { method: 'GET', url: '/api/repairers', route: '/api/repairers', expect: adminOnly(200) },
  { method: 'POST', url: `/api/admin/repairers/${world.repairerId}/invite`, route: '/api/admin/repairers/:id/invite', expect: adminOnly(409) }, // it already has an account
  { method: 'POST', url: `/api/admin/repairers/${world.repairerId}/verification`, route: '/api/admin/repairers/:id/verification', payload: { isVerified: 'maybe' }, expect: adminOnly(400) },
  { method: 'GET', url: '/api/repairer-invitations/no-such-invitation-token', route: '/api/repairer-invitations/:token', expect: everyone(404) },
  { method: 'POST', url: '/api/repairer-invitations/no-such-invitation-token', route: '/api/repairer-invitations/:token', payload: { password: 'a long enough password' }, expect: everyone(404) },
];
