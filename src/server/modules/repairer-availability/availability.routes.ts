// Issue 35, item 1: a technician's availability. The repairer's own (GET/PUT
// /api/repairer/availability) and the team's for any technician (GET/PUT
// /api/admin/repairers/{id}/availability). Bodies are parsed by the service after the role and
// the repairer are known, so their sentences reach only those who may save.
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IdParamsSchema } from '../../../shared/api/assessments';
import { AdminAvailabilityViewSchema, AvailabilityBodySchema, AvailabilityViewSchema } from '../../../shared/api/repairer-availability';
import type { ModuleDeps } from '../../module-deps';
import { roleGroup } from '../../plugins/auth';
import { unauthorised } from '../../kernel/errors';
import { actorOf } from '../privacy';
import { ownAvailability, saveOwnAvailability, saveTeamAvailability, teamAvailability } from './availability.service';

export const repairerAvailabilityRoutes: FastifyPluginAsyncZod<{ deps: ModuleDeps }> = async (app, { deps }) => {
  const db = deps.database.db;
  const signedIn = async (request: FastifyRequest) => {
    const user = await request.session();
    if (!user) throw unauthorised();
    return user;
  };

  await app.register(
    roleGroup(['repairer'], async (repairer) => {
      repairer.get('/api/repairer/availability', { schema: { response: { 200: AvailabilityViewSchema } } }, async (request, reply) => {
        reply.header('Cache-Control', 'private, no-store');
        return ownAvailability(db, await signedIn(request), new Date());
      });
      repairer.put('/api/repairer/availability', { schema: { response: { 200: AvailabilityViewSchema } }, config: { openapiBody: AvailabilityBodySchema } }, async (request) =>
        saveOwnAvailability(db, await signedIn(request), request.body, new Date()),
      );
    }),
  );

  await app.register(
    roleGroup(['admin'], async (admin) => {
      admin.get('/api/admin/repairers/:id/availability', { schema: { params: IdParamsSchema, response: { 200: AdminAvailabilityViewSchema } } }, async (request, reply) => {
        reply.header('Cache-Control', 'private, no-store');
        return teamAvailability(db, request.params.id, new Date());
      });
      admin.put(
        '/api/admin/repairers/:id/availability',
        { schema: { params: IdParamsSchema, response: { 200: AdminAvailabilityViewSchema } }, config: { openapiBody: AvailabilityBodySchema } },
        async (request) => saveTeamAvailability(db, request.params.id, request.body, actorOf(await signedIn(request)), new Date()),
      );
    }),
  );
};
