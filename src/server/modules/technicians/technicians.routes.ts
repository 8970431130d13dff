// Issue 35 item 5: POST /api/technician-applications (public, rate-limited per address, with a
// honeypot) and the team's vetting checklist, GET/POST /api/admin/repairers/{id}/vetting.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IdParamsSchema } from '../../../shared/api/assessments';
import { ApplicationReceivedSchema, RemovePhotoBodySchema, TechnicianApplicationBodySchema, VettingCheckBodySchema, VettingViewSchema } from '../../../shared/api/technician-applications';
import { removeRepairerPhotoForTeam } from '../repairer-accounts';
import { APPLICATIONS_PER_HOUR, applicationMessages } from '../../../shared/technician-rules';
import type { ModuleDeps } from '../../module-deps';
import { roleGroup } from '../../plugins/auth';
import { enforceRateLimit } from '../../plugins/rate-limit';
import { actorOf } from '../privacy';
import { applyToJoin, readVetting, recordVettingCheck, type TechniciansContext } from './technicians.service';

export const technicianRoutes: FastifyPluginAsyncZod<{ deps: ModuleDeps }> = async (app, { deps }) => {
  const ctx: TechniciansContext = { database: deps.database, geocoder: deps.geocoder, config: deps.config, jobs: deps.jobs };

  app.post(
    '/api/technician-applications',
    {
      schema: { summary: 'A technician applies to join the network (Pending Verification, no account)', body: TechnicianApplicationBodySchema, response: { 201: ApplicationReceivedSchema } },
      // Counted before the body is judged: a refused body is a hit too (the limit is on the address).
      preValidation: async (request) => {
        await enforceRateLimit(deps.database.db, { key: `technician-applications:${request.ip}`, windowSeconds: 3600, max: APPLICATIONS_PER_HOUR, message: applicationMessages.tooMany });
      },
    },
    async (request, reply) => {
      return reply.status(201).send(await applyToJoin(ctx, request.body, new Date()));
    },
  );

  await app.register(
    roleGroup(['admin'], async (admin) => {
      admin.get('/api/admin/repairers/:id/vetting', { schema: { summary: 'A repairer’s application and vetting checklist', params: IdParamsSchema, response: { 200: VettingViewSchema } } }, async (request, reply) => {
        reply.header('Cache-Control', 'private, no-store');
        return readVetting(deps.database, request.params.id);
      });
      admin.post(
        '/api/admin/repairers/:id/vetting',
        { schema: { summary: 'Records one vetting check (insurance, identity or skills), with who and when', params: IdParamsSchema, body: VettingCheckBodySchema, response: { 200: VettingViewSchema } } },
        async (request) => recordVettingCheck(deps.database, request.params.id, request.body, actorOf(await request.session()), new Date()),
      );
      // Issue 37: the team takes down an unsuitable photo, for a stated reason (the audit log keeps it).
      admin.delete(
        '/api/admin/repairers/:id/photo',
        { schema: { summary: 'Takes down a technician’s photo, for a stated reason', params: IdParamsSchema, body: RemovePhotoBodySchema, response: { 200: VettingViewSchema } } },
        async (request) => {
          await removeRepairerPhotoForTeam({ db: deps.database.db, store: deps.store, log: request.log }, request.params.id, request.body.reason, actorOf(await request.session()));
          return readVetting(deps.database, request.params.id);
        },
      );
    }),
  );
};
