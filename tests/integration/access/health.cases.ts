import { everyone, type AccessWorld, type Case } from './world';

export const healthCases = (_world: AccessWorld): Case[] => [
  { method: 'GET', url: '/healthz', route: '/healthz', expect: everyone(200) },
  { method: 'GET', url: '/readyz', route: '/readyz', expect: everyone(200) },
];
