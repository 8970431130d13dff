// Issue 37 item 2: the public reads of reviews (everyone's, and a technician's profile with
// theirs), rate-limited per address, and the team's list with hide / show again.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IdParamsSchema } from '../../../shared/api/assessments';
import { AdminReviewSchema, AdminReviewsPageSchema, HideReviewBodySchema, reviewMessages, ReviewsPageSchema, ReviewsQuerySchema, TechnicianProfileSchema, TechnicianSlugParamsSchema } from '../../../shared/api/reviews';
import type { ModuleDeps } from '../../module-deps';
import { roleGroup } from '../../plugins/auth';
import { enforceRateLimit } from '../../plugins/rate-limit';
import { actorOf } from '../privacy';
import { hideReview, publicReviews, reviewsForTeam, showReviewAgain, technicianProfile } from './reviews.service';

/** Public reads a minute from one address: a page view makes one, paging a few more. */
export const REVIEW_READS_PER_MINUTE = 120;

export const reviewRoutes: FastifyPluginAsyncZod<{ deps: ModuleDeps }> = async (app, { deps }) => {
  const { database } = deps;
  const limit = (ip: string) => enforceRateLimit(database.db, { key: `reviews:${ip}`, windowSeconds: 60, max: REVIEW_READS_PER_MINUTE, message: reviewMessages.tooMany });
  // A new or hidden review shows on the next read; a browser may keep an answer but asks again.
  const fresh = 'public, no-cache';

  app.get(
    '/api/reviews',
    { schema: { summary: 'Every shown review, newest first, with the rating and how many are hidden (first name and town only)', querystring: ReviewsQuerySchema, response: { 200: ReviewsPageSchema } } },
    async (request, reply) => {
      await limit(request.ip);
      reply.header('Cache-Control', fresh);
      return publicReviews(database, request.query.page);
    },
  );

  app.get(
    '/api/technicians/:slug',
    { schema: { summary: 'A verified technician’s public profile: checks, completed repairs, rating and reviews', params: TechnicianSlugParamsSchema, querystring: ReviewsQuerySchema, response: { 200: TechnicianProfileSchema } } },
    async (request, reply) => {
      await limit(request.ip);
      reply.header('Cache-Control', fresh);
      return technicianProfile(database, request.params.slug, request.query.page);
    },
  );

  await app.register(
    roleGroup(['admin'], async (admin) => {
      admin.get('/api/admin/reviews', { schema: { summary: 'Every review, hidden ones too, newest first', querystring: ReviewsQuerySchema, response: { 200: AdminReviewsPageSchema } } }, async (request, reply) => {
        reply.header('Cache-Control', 'private, no-store');
        return reviewsForTeam(database, request.query.page);
      });
      admin.post(
        '/api/admin/reviews/:id/hide',
        { schema: { summary: 'Hides a review from every public list, for a stated reason (abusive, personal-data); recorded in the audit log', params: IdParamsSchema, body: HideReviewBodySchema, response: { 200: AdminReviewSchema } } },
        async (request) => hideReview(database, request.params.id, request.body, actorOf(await request.session()), new Date()),
      );
      admin.post(
        '/api/admin/reviews/:id/show',
        { schema: { summary: 'Shows a hidden review again; recorded in the audit log', params: IdParamsSchema, response: { 200: AdminReviewSchema } } },
        async (request) => showReviewAgain(database, request.params.id, actorOf(await request.session())),
      );
    }),
  );
};
