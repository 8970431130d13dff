import { adminOnly, type AccessWorld, type Case } from './world';

export const placesCases = (_world: AccessWorld): Case[] => [
  // The access world has no GOOGLE_PLACES_API_KEY: the admin alone learns it is not configured.
  { method: 'POST', url: '/api/repairers/populate-from-google', route: '/api/repairers/populate-from-google', expect: adminOnly(503) },
  // Access before parsing: a bad body is the admin's 400, everyone else's 401/403.
  { method: 'POST', url: '/api/repairers/populate-from-google', route: '/api/repairers/populate-from-google', payload: { cities: ['atlantis'] }, expect: adminOnly(400) },
];
