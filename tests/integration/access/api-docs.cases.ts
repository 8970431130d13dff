import { everyone, type Case } from './world';

// Issue 14: the API's description is public: it names the calls, not anyone's data.
export const apiDocsCases = (): Case[] => [
  { method: 'GET', url: '/api/openapi.json', route: '/api/openapi.json', expect: everyone(200) },
  { method: 'GET', url: '/api/docs', route: '/api/docs', expect: everyone(200) },
];
