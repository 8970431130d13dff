// The explicit list of values the browser may know about the running product (STYLE habit 3).
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/database';
import { repairers } from '../../db/schema';
import { SiteInfoSchema } from '../../../shared/site-info';

export const siteRoutes: FastifyPluginAsyncZod<{ db: Db; paymentsMode: 'test' | 'stripe'; vehicleLookupEnabled: boolean }> = async (
  app,
  { db, paymentsMode, vehicleLookupEnabled },
) => {
  app.get('/api/site', { schema: { response: { 200: SiteInfoSchema } } }, async (_request, reply) => {
    // D2: the network figure comes from the database, never a hard-coded number.
    const verifiedRepairerCount = await db.$count(repairers, eq(repairers.isVerified, true));
    reply.header('Cache-Control', 'public, max-age=300');
    return { verifiedRepairerCount, paymentsMode, vehicleLookupEnabled };
  });
};
