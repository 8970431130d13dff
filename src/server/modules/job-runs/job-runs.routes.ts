// The admin watches and stops long background runs (Places import, e-mail collection).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { JobRunKindParamsSchema, JobRunSchema, LatestJobRunSchema } from '../../../shared/api/job-runs';
import type { ModuleDeps } from '../../module-deps';
import { roleGroup } from '../../plugins/auth';
import { jobRunView, latestRun, requestStop } from './job-runs.repo';

export const jobRunRoutes: FastifyPluginAsyncZod<{ deps: ModuleDeps }> = async (app, { deps }) => {
  const db = deps.database.db;
  await app.register(
    roleGroup(['admin'], async (admin) => {
      admin.get('/api/admin/job-runs/:kind', { schema: { params: JobRunKindParamsSchema, response: { 200: LatestJobRunSchema } } }, async (request) => {
        const run = await latestRun(db, request.params.kind);
        const configured = request.params.kind === 'places_import' ? Boolean(deps.config.googlePlaces.apiKey) : true;
        return { run: run ? jobRunView(run) : null, configured };
      });

      admin.post('/api/admin/job-runs/:kind/stop', { schema: { params: JobRunKindParamsSchema, response: { 200: JobRunSchema } } }, async (request) =>
        jobRunView(await requestStop(db, request.params.kind)),
      );
    }),
  );
};
