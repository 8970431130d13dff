import { everyone, type AccessWorld, type Case } from './world';

// No DVLA key in this app: the lookup is not offered to anyone (vehicle-lookup.test.ts covers it with one).
export const vehicleCases = (_world: AccessWorld): Case[] => [
  { method: 'POST', url: '/api/vehicle-lookup', route: '/api/vehicle-lookup', payload: { registration: 'AB12CDE' }, expect: everyone(503) },
];
