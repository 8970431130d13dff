import { everyone, type AccessWorld, type Case } from './world';

// D10: an access link works for whoever holds it, and an unknown one reveals nothing.
export const accessCases = (world: AccessWorld): Case[] => [
  { method: 'GET', url: '/access/not-a-token', route: '/access/:token', expect: everyone(404) },
  { method: 'GET', url: `/access/${world.customerToken}`, route: '/access/:token', expect: everyone(303) },
];
