import { everyone, type AccessWorld, type Case } from './world';

// D10: an access link works for whoever holds it, and an unknown one reveals nothing.
export const accessCases = (world: AccessWorld): Case[] => [
  { method: 'GET', url: '/access/not-a-token', route: '/access/:token', expect: everyone(404) },
  { method: 'GET', url: `/access/${world.customerToken}`, route: '/access/:token', expect: everyone(303) },
];

// Issue 38 item 1 (docs/decisions/0036): My repairs. Asking for a link answers everyone the same
// (5 an hour per address: two addresses for the six callers); a grant alone is not a My repairs
// session, so the list and "sign out everywhere else" need one (tests/integration/my-repairs.test.ts
// has the signed-in answers).
export const myRepairsCases = (): Case[] => [
  {
    method: 'POST',
    url: '/api/my-repairs/sign-in-link',
    route: '/api/my-repairs/sign-in-link',
    payload: { email: 'route-access-one@example.co.uk' },
    expect: { anonymous: 202, customer: 202, otherCustomer: 202 },
  },
  {
    method: 'POST',
    url: '/api/my-repairs/sign-in-link',
    route: '/api/my-repairs/sign-in-link',
    payload: { email: 'route-access-two@example.co.uk' },
    expect: { repairer: 202, assignedRepairer: 202, admin: 202 },
  },
  { method: 'POST', url: '/api/my-repairs/sign-in', route: '/api/my-repairs/sign-in', payload: { token: 'x'.repeat(43) }, expect: everyone(400) },
  { method: 'GET', url: '/api/my-repairs', route: '/api/my-repairs', expect: everyone(401) },
  { method: 'POST', url: '/api/my-repairs/sign-out', route: '/api/my-repairs/sign-out', expect: everyone(200) },
  { method: 'POST', url: '/api/my-repairs/sign-out-everywhere-else', route: '/api/my-repairs/sign-out-everywhere-else', expect: everyone(401) },
];
