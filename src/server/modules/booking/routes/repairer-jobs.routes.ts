// SPEC section 7's repairer calls (issue 12; D11, D16), in a repairer-and-admin role group: the
// role is checked before any body is read. A repairer reads and answers only their own offers;
// another repairer's offer does not exist for them (404). Admins may read any repairer's jobs.
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IdParamsSchema } from '../../../../shared/api/assessments';
import { DeclineBodySchema, RepairerIdParamsSchema, RepairerJobSchema, RepairerJobsSchema } from '../../../../shared/api/repairer-jobs';
import type { ModuleDeps } from '../../../module-deps';
import { roleGroup } from '../../../plugins/auth';
import { unauthorised } from '../../../kernel/errors';
import { acceptJob, declineJob, listJobs, viewJob, type RepairerJobsContext } from '../offer/repairer-jobs.service';
import { FOLLOW_UP_UNASSIGNED_JOB } from '../unassigned/unassigned.jobs';

export const repairerJobRoutes: FastifyPluginAsyncZod<{ deps: ModuleDeps }> = async (app, { deps }) => {
  const ctx: RepairerJobsContext = { db: deps.database.db, database: deps.database, config: deps.config, jobs: deps.jobs };

  await app.register(
    roleGroup(['repairer', 'admin'], async (staff) => {
      const user = async (request: FastifyRequest) => {
        const found = await request.session();
        if (!found) throw unauthorised();
        return found;
      };

      staff.get('/api/repairer/:repairerId/jobs', { schema: { params: RepairerIdParamsSchema, response: { 200: RepairerJobsSchema } } }, async (request, reply) => {
        reply.header('Cache-Control', 'private, no-store');
        return listJobs(ctx, await user(request), request.params.repairerId, new Date());
      });

      staff.get('/api/repairer/notifications/:id', { schema: { params: IdParamsSchema, response: { 200: RepairerJobSchema } } }, async (request, reply) => {
        reply.header('Cache-Control', 'private, no-store');
        return viewJob(ctx, await user(request), request.params.id, new Date());
      });

      staff.post('/api/repairer/notifications/:id/accept', { schema: { params: IdParamsSchema, response: { 200: RepairerJobSchema } } }, async (request) => {
        const { job } = await acceptJob(ctx, await user(request), request.params.id, new Date());
        return job;
      });

      staff.post(
        '/api/repairer/notifications/:id/decline',
        { schema: { params: IdParamsSchema, body: DeclineBodySchema, response: { 200: RepairerJobSchema } } },
        async (request) => {
          const job = await declineJob(ctx, await user(request), request.params.id, request.body, new Date());
          // The last open offer declined: the team hears of the booking now, not at the next run (docs/decisions/0027).
          await deps.jobs.enqueue(FOLLOW_UP_UNASSIGNED_JOB, {});
          return job;
        },
      );
    }),
  );
};
