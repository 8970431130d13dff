import { adminOnly, everyone, type AccessWorld, type Case } from './world';

// Issue 37 item 2: the reviews and a verified technician's profile are public (no profile has that
// id: 404 to everyone); the team's list and hiding are the admin's alone, the body read after the role.
export const reviewCases = (_world: AccessWorld): Case[] => [
  { method: 'GET', url: '/api/reviews', route: '/api/reviews', expect: everyone(200) },
  { method: 'GET', url: '/api/reviews?page=0', route: '/api/reviews', expect: everyone(400) },
  { method: 'GET', url: '/api/technicians/no-such-business-0123456789ab', route: '/api/technicians/:slug', expect: everyone(404) },
  { method: 'GET', url: '/api/admin/reviews', route: '/api/admin/reviews', expect: adminOnly(200) },
  { method: 'POST', url: '/api/admin/reviews/999999/hide', route: '/api/admin/reviews/:id/hide', payload: { reason: 'abusive' }, expect: adminOnly(404) },
  { method: 'POST', url: '/api/admin/reviews/999999/hide', route: '/api/admin/reviews/:id/hide', payload: { reason: 'rude' }, expect: adminOnly(400) },
  { method: 'POST', url: '/api/admin/reviews/999999/show', route: '/api/admin/reviews/:id/show', expect: adminOnly(404) },
];
