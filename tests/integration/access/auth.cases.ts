import { everyone, type AccessWorld, type Case } from './world';

export const authCases = (_world: AccessWorld): Case[] => [
  { method: 'POST', url: '/api/auth/sign-in', route: '/api/auth/sign-in', payload: { email: 'x@example.com', password: 'wrong' }, expect: everyone(401) },
  // Signing out ends only the caller's own session (auth.test.ts covers signed-in callers;
  // running it here as them would end the sessions later rows rely on).
  { method: 'POST', url: '/api/auth/sign-out', route: '/api/auth/sign-out', expect: { anonymous: 204, customer: 204 } },
  {
    method: 'GET',
    url: '/api/auth/me',
    route: '/api/auth/me',
    expect: { anonymous: 401, customer: 401, otherCustomer: 401, repairer: 200, assignedRepairer: 200, admin: 200 },
  },
];
