import { desc } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/database';
import { assessments } from '../../db/schema';
import { requireRole } from '../../plugins/auth';

const AssessmentSummarySchema = z.object({
  id: z.number(),
  reference: z.string(),
  status: z.string(),
  name: z.string(),
  email: z.string(),
  city: z.string(),
  postcode: z.string(),
  vehicleMake: z.string(),
  vehicleModel: z.string(),
  vehicleYear: z.string(),
  damageType: z.string(),
  createdAt: z.string(),
});

// SPEC section 7: GET /api/assessments lists every assessment, so it is for admins only (D10).
export const adminAssessmentRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/api/assessments',
    { preHandler: requireRole('admin'), schema: { response: { 200: z.array(AssessmentSummarySchema) } } },
    async () => {
      const rows = await db.select().from(assessments).orderBy(desc(assessments.createdAt)).limit(500);
      return rows.map((row) => ({
        id: row.id,
        reference: row.reference,
        status: row.status,
        name: row.name,
        email: row.email,
        city: row.city,
        postcode: row.postcode,
        vehicleMake: row.vehicleMake,
        vehicleModel: row.vehicleModel,
        vehicleYear: String(row.vehicleYear),
        damageType: row.damageType,
        createdAt: row.createdAt.toISOString(),
      }));
    },
  );
};
