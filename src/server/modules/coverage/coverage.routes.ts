// Issue 35 item 3: "Tell me when you do" (the enquiry's owner only, D10) and the team's demand
// without supply (admins only). Coverage itself is read with the assessment (GET /api/assessments/{id}).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IdParamsSchema } from '../../../shared/api/assessments';
import { CoverageRequestResultSchema, DemandViewSchema } from '../../../shared/api/coverage';
import type { ModuleDeps } from '../../module-deps';
import { roleGroup } from '../../plugins/auth';
import { askToBeTold, demandWithoutSupply } from './coverage.service';

export const coverageRoutes: FastifyPluginAsyncZod<{ deps: ModuleDeps }> = async (app, { deps }) => {
  const { database } = deps;

  app.post(
    '/api/assessments/:id/coverage-request',
    { schema: { params: IdParamsSchema, response: { 200: CoverageRequestResultSchema, 201: CoverageRequestResultSchema } } },
    async (request, reply) => {
      const { created, result } = await askToBeTold(database.db, await request.viewer(), request.params.id);
      return reply.status(created ? 201 : 200).send(result);
    },
  );

  await app.register(
    roleGroup(['admin'], async (admin) => {
      admin.get('/api/admin/demand', { schema: { response: { 200: DemandViewSchema } } }, async (_request, reply) => {
        reply.header('Cache-Control', 'private, no-store');
        return demandWithoutSupply(database);
      });
    }),
  );
};
