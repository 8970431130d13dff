// The AI Email Collection tab's routes (admins; SPEC section 7, D18).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CollectEmailsBodySchema,
  CollectionResultSchema,
  EmailCollectionResultsQuerySchema,
  EmailCollectionResultsSchema,
  EmailCollectionStatusSchema,
} from '../../../shared/api/email-collection';
import type { ModuleDeps } from '../../module-deps';
import { roleGroup } from '../../plugins/auth';
import { collectionStatus } from '../repairers';
import { recentResults } from './email-collection.repo';
import { startCollection } from './email-collection.service';

export const emailCollectionRoutes: FastifyPluginAsyncZod<{ deps: ModuleDeps }> = async (app, { deps }) => {
  const db = deps.database.db;
  await app.register(
    roleGroup(['admin'], async (admin) => {
      admin.get('/api/admin/email-collection-status', { schema: { response: { 200: EmailCollectionStatusSchema } } }, async () => ({
        ...(await collectionStatus(db)),
        model: deps.config.llm !== undefined,
      }));

      admin.get('/api/admin/email-collection-results', { schema: { querystring: EmailCollectionResultsQuerySchema, response: { 200: EmailCollectionResultsSchema } } }, async (request) => ({
        results: await recentResults(db, request.query.limit),
      }));

      // Starts a background run and answers at once (409 while one runs); the run's progress is
      // GET /api/admin/job-runs/email_collection, its stop POST /api/admin/job-runs/email_collection/stop.
      admin.post('/api/admin/collect-emails', { schema: { body: CollectEmailsBodySchema, response: { 200: CollectionResultSchema } } }, (request) =>
        startCollection({ db, jobs: deps.jobs }, request.body),
      );
    }),
  );
};
