import { adminOnly, everyone, type AccessWorld, type Case } from './world';

// Issue 13 item 2 (D19): introductions, bulk actions and the figures are the admin's (role checked
// before the body is read); the unsubscribe link is public, its signed token the key, and answers one
// sentence for a token we did not sign.
export const outreachCases = (world: AccessWorld): Case[] => [
  { method: 'POST', url: `/api/repairers/${world.repairerId}/send-intro`, route: '/api/repairers/:id/send-intro', expect: adminOnly(409) }, // it has an account
  { method: 'POST', url: '/api/repairers/send-intro-all', route: '/api/repairers/send-intro-all', expect: adminOnly(200) },
  { method: 'POST', url: '/api/admin/repairers/bulk', route: '/api/admin/repairers/bulk', payload: { action: 'verify', ids: [] }, expect: adminOnly(400) },
  { method: 'GET', url: '/api/admin/email-stats', route: '/api/admin/email-stats', expect: adminOnly(200) },
  { method: 'GET', url: '/api/unsubscribe/1.not-a-signature-we-ever-made', route: '/api/unsubscribe/:token', expect: everyone(404) },
  { method: 'POST', url: '/api/unsubscribe/1.not-a-signature-we-ever-made', route: '/api/unsubscribe/:token', expect: everyone(404) },
];
