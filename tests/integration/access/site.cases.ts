import { everyone, type AccessWorld, type Case } from './world';

export const siteCases = (_world: AccessWorld): Case[] => [{ method: 'GET', url: '/api/site', route: '/api/site', expect: everyone(200) }];
