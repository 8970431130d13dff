import { adminOnly, everyone, type AccessWorld, type Case } from './world';

// Issue 12 item 7: the network and invitations are the admin's; an invitation link is public (its
// token is the key) and answers one sentence whether unknown, used or expired.
export const repairerAccountCases = (world: AccessWorld): Case[] => [
  { method: 'GET', url: '/api/repairers', route: '/api/repairers', expect: adminOnly(200) },
  { method: 'POST', url: `/api/admin/repairers/${world.repairerId}/invite`, route: '/api/admin/repairers/:id/invite', expect: adminOnly(409) }, // it already has an account
  { method: 'POST', url: `/api/admin/repairers/${world.repairerId}/verification`, route: '/api/admin/repairers/:id/verification', payload: { isVerified: 'maybe' }, expect: adminOnly(400) },
  // Adding a business by hand: a bad body is refused before anything is written.
  { method: 'POST', url: '/api/admin/repairers', route: '/api/admin/repairers', payload: { businessName: 'x' }, expect: adminOnly(400) },
  { method: 'GET', url: '/api/repairer-invitations/no-such-invitation-token', route: '/api/repairer-invitations/:token', expect: everyone(404) },
  { method: 'POST', url: '/api/repairer-invitations/no-such-invitation-token', route: '/api/repairer-invitations/:token', payload: { password: 'a long enough password' }, expect: everyone(404) },
];

// The repairer's own profile: repairers only (an admin is refused by role before any body is read).
export const repairerProfileCases = (): Case[] => [
  { method: 'GET', url: '/api/repairer/profile', route: '/api/repairer/profile', expect: { anonymous: 401, customer: 401, otherCustomer: 401, repairer: 200, assignedRepairer: 200, admin: 403 } },
  { method: 'PUT', url: '/api/repairer/profile', route: '/api/repairer/profile', payload: {}, expect: { anonymous: 401, customer: 401, otherCustomer: 401, repairer: 400, assignedRepairer: 400, admin: 403 } },
  // Test mode here: no payout account is needed, and the repairer is told so.
  { method: 'POST', url: '/api/repairer/stripe-onboarding', route: '/api/repairer/stripe-onboarding', expect: { anonymous: 401, customer: 401, otherCustomer: 401, repairer: 409, assignedRepairer: 409, admin: 403 } },
  // Issue 37 item 3: their own photo. A JSON body is not a photo (415) for a repairer; nobody else gets as far.
  { method: 'PUT', url: '/api/repairer/photo', route: '/api/repairer/photo', payload: {}, expect: { anonymous: 401, customer: 401, otherCustomer: 401, repairer: 415, assignedRepairer: 415, admin: 403 } },
  { method: 'DELETE', url: '/api/repairer/photo', route: '/api/repairer/photo', expect: { anonymous: 401, customer: 401, otherCustomer: 401, repairer: 200, assignedRepairer: 200, admin: 403 } },
  // Public by its token (docs/decisions/0035); an unknown one is the same 404 for everyone.
  { method: 'GET', url: `/api/technician-photos/${'0'.repeat(32)}`, route: '/api/technician-photos/:token', expect: everyone(404) },
];
