// Issue 35, item 1: a technician's availability. The repairer's own (GET/PUT
// /api/repairer/availability) and the team's for any technician (GET/PUT
// /api/admin/repairers/{id}/availability). Bodies are parsed by the service after the role and
// the repairer are known, so their sentences reach only those who may save.
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IdParamsSchema } from '../../../shared/api/assessments';
import { AdminAvailabilitySavedSchema, AdminAvailabilityViewSchema, AvailabilityBodySchema, AvailabilitySavedSchema, AvailabilityViewSchema, type TakenBackBooking } from '../../../shared/api/repairer-availability';
import type { ModuleDeps } from '../../module-deps';
import { roleGroup } from '../../plugins/auth';
import { unauthorised } from '../../kernel/errors';
import { ownAvailability, saveOwnAvailability, saveTeamAvailability, teamAvailability, type TakeBackJobsOutsideAvailability } from './availability.service';
import type { AppConfig } from '../../config/config';
import type { Db } from '../../db/database';
import type { Enqueue } from '../../kernel/jobs';
import type { SessionUser } from '../auth';

/** The booking module's take-back (booking/offer/outside-availability.ts), as app.ts passes it in. */
type TakeBackJobs = (ctx: { db: Db; config: AppConfig; jobs: Enqueue }, repairerId: number, by: SessionUser, now: Date) => Promise<TakenBackBooking[]>;

export const repairerAvailabilityRoutes =
  (booking: { takeBackJobsOutsideAvailability: TakeBackJobs }): FastifyPluginAsyncZod<{ deps: ModuleDeps }> =>
  async (app, { deps }) => {
  const db = deps.database.db;
  const takeBack: TakeBackJobsOutsideAvailability = (repairerId, by, now) => booking.takeBackJobsOutsideAvailability({ db, config: deps.config, jobs: deps.jobs }, repairerId, by, now);
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
      repairer.put('/api/repairer/availability', { schema: { response: { 200: AvailabilitySavedSchema } }, config: { openapiBody: AvailabilityBodySchema } }, async (request) =>
        saveOwnAvailability(db, await signedIn(request), request.body, new Date(), takeBack),
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
        { schema: { params: IdParamsSchema, response: { 200: AdminAvailabilitySavedSchema } }, config: { openapiBody: AvailabilityBodySchema } },
        async (request) => saveTeamAvailability(db, request.params.id, request.body, await signedIn(request), new Date(), takeBack),
      );
    }),
  );
};
