import { adminOnly, everyone, type AccessWorld, type Case } from './world';

export const healthCases = (_world: AccessWorld): Case[] => [
  { method: 'GET', url: '/healthz', route: '/healthz', expect: everyone(200) },
  { method: 'GET', url: '/readyz', route: '/readyz', expect: everyone(200) },
  // The access world sets no METRICS_TOKEN: there are no metrics for anyone, signed in or not
  // (tests/integration/monitoring.test.ts covers the token).
  { method: 'GET', url: '/metrics', route: '/metrics', expect: everyone(404) },
  { method: 'GET', url: '/metrics', route: '/metrics', expect: everyone(404), headers: { authorization: 'Bearer guess' } },
  { method: 'GET', url: '/api/admin/health', route: '/api/admin/health', expect: adminOnly(200) },
];
