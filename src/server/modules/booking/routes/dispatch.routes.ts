// SPEC section 7's dispatch calls (issue 12, D16), all in an admin role group: nearby search,
// send to one repairer or to all nearby, each repairer's response, and the paid bookings still
// waiting for a technician. Expired offers are swept on read as well as on the timetable. Past
// SPEC: the jobs technicians have accepted, and taking one back (take-back.ts).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IdParamsSchema } from '../../../../shared/api/assessments';
import {
  DispatchJobsSchema,
  NearbyRepairersBodySchema,
  NearbyRepairersSchema,
  QuoteNotificationsSchema,
  SendToRepairerBodySchema,
  SendToRepairerResultSchema,
  SendToRepairersResultSchema,
  TakeBackBodySchema,
  TakeBackResultSchema,
  UpcomingJobsSchema,
} from '../../../../shared/api/dispatch';
import { AppointmentIdParamsSchema } from '../../../../shared/api/appointments';
import type { ModuleDeps } from '../../../module-deps';
import { roleGroup } from '../../../plugins/auth';
import { notFound, unauthorised } from '../../../kernel/errors';
import { findQuote } from '../../quotes';
import { readJobsToDispatch, readUpcomingJobs } from '../offer/dispatch.repo';
import { takeBackJob } from '../offer/take-back';
import { expireOverdueOffers, findNearby, notificationsOfQuote, sendToAllNearby, sendToRepairer, type DispatchContext } from '../offer/dispatch.service';
import { dispatchMessages } from '../../../../shared/api/dispatch';

export const dispatchRoutes: FastifyPluginAsyncZod<{ deps: ModuleDeps }> = async (app, { deps }) => {
  const ctx: DispatchContext = { db: deps.database.db, config: deps.config, geocoder: deps.geocoder, appSecret: deps.appSecret, jobs: deps.jobs };

  await app.register(
    roleGroup(['admin'], async (admin) => {
      admin.post(
        '/api/admin/quotes/:id/nearby-repairers',
        { schema: { params: IdParamsSchema, body: NearbyRepairersBodySchema, response: { 200: NearbyRepairersSchema } } },
        async (request) => findNearby(ctx, request.params.id, request.body.postcode),
      );

      admin.post(
        '/api/admin/quotes/:id/send-to-repairer',
        { schema: { params: IdParamsSchema, body: SendToRepairerBodySchema, response: { 200: SendToRepairerResultSchema } } },
        async (request) => {
          await expireOverdueOffers(ctx.db, new Date());
          const { notification } = await sendToRepairer(ctx, request.params.id, request.body.repairerId, new Date());
          return { notification };
        },
      );

      admin.post(
        '/api/admin/quotes/:id/send-to-repairers',
        { schema: { params: IdParamsSchema, response: { 200: SendToRepairersResultSchema } } },
        async (request) => {
          await expireOverdueOffers(ctx.db, new Date());
          return sendToAllNearby(ctx, request.params.id, new Date());
        },
      );

      admin.get('/api/admin/quotes/:id/notifications', { schema: { params: IdParamsSchema, response: { 200: QuoteNotificationsSchema } } }, async (request, reply) => {
        if (!(await findQuote(ctx.db, request.params.id))) throw notFound(dispatchMessages.notFound);
        await expireOverdueOffers(ctx.db, new Date());
        reply.header('Cache-Control', 'private, no-store');
        return notificationsOfQuote(ctx.db, request.params.id);
      });

      admin.get('/api/admin/upcoming-jobs', { schema: { response: { 200: UpcomingJobsSchema } } }, async (_request, reply) => {
        reply.header('Cache-Control', 'private, no-store');
        return readUpcomingJobs(deps.database, new Date());
      });

      admin.post(
        '/api/admin/appointments/:id/take-back',
        { schema: { params: AppointmentIdParamsSchema, body: TakeBackBodySchema, response: { 200: TakeBackResultSchema } } },
        async (request, reply) => {
          const user = await request.session();
          if (!user) throw unauthorised();
          const result = await takeBackJob(ctx, user, request.params.id, request.body.reason, new Date());
          reply.header('Cache-Control', 'private, no-store');
          return result;
        },
      );

      admin.get('/api/admin/jobs-to-dispatch', { schema: { response: { 200: DispatchJobsSchema } } }, async (_request, reply) => {
        const now = new Date();
        // The open-offer counts are at `now` either way; expiring overdue offers keeps their statuses true.
        const { jobs, overdue } = await readJobsToDispatch(deps.database, now);
        if (overdue) await expireOverdueOffers(ctx.db, now);
        reply.header('Cache-Control', 'private, no-store');
        return jobs;
      });
    }),
  );
};
