// Issue 12 item 7: the admin's network calls (SPEC's GET /api/repairers; invite; verify), and the
// invitation link a repairer opens to create their sign-in (public, rate-limited per address).
import type { Db } from '../../db/database';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IdParamsSchema } from '../../../shared/api/assessments';
import {
  AcceptInvitationBodySchema,
  InvitationSentSchema,
  InvitationTokenParamsSchema,
  InvitationViewSchema,
  NetworkQuerySchema,
  NetworkRepairerSchema,
  NetworkRepairersSchema,
  NewRepairerBodySchema,
  ProfileBodySchema,
  ProfileViewSchema,
  StripeOnboardingSchema,
  VerificationBodySchema,
} from '../../../shared/api/repairer-accounts';

import { MeResponseSchema } from '../../../shared/api/auth';
import { actorOf } from '../privacy';
import type { ModuleDeps } from '../../module-deps';
import { roleGroup } from '../../plugins/auth';
import { setSessionCookie } from '../../kernel/cookies';
import { enforceRateLimit } from '../../plugins/rate-limit';
import { unauthorised } from '../../kernel/errors';
import { readProfile, saveProfile, startStripeOnboarding, type ProfileContext } from './profile.service';
import { technicianPhotoRoutes } from './technician-photo.routes';
import { acceptInvitation, addRepairer, inviteRepairer, readInvitation, setVerification, type WithdrawOpenOffersOfRepairer } from './repairer-accounts.service';
import { readNetworkPage } from '../repairers';
import { sendShared } from '../../plugins/serializer';
import { TELL_COVERED_CUSTOMERS_JOB } from '../../kernel/jobs';

/** After a technician's radius, services or base changed: the stored matching re-checks the bookings it keeps for them (booking/slots/stored-matching.ts, 0028). */
type RefreshReservationsOf = (db: Db, repairerId: number, now: Date) => Promise<void>;

/** `booking`: what the booking module, which builds on this one, does when a repairer is unverified or edits their profile (buildApp hands it in). */
export const repairerAccountRoutes = (booking: { withdrawOpenOffersOfRepairer: WithdrawOpenOffersOfRepairer; refreshReservationsOf: RefreshReservationsOf }): FastifyPluginAsyncZod<{ deps: ModuleDeps }> => async (app, { deps }) => {
  const { config, database } = deps;
  const db = database.db;
  // Signs the unsubscribe links in invitations, as in introductions (outreach.routes.ts).
  const secret = deps.appSecret;
  const limit = (ip: string) =>
    enforceRateLimit(db, { key: `invitation:${ip}`, windowSeconds: 15 * 60, max: 30, message: 'Too many attempts from your connection. Please wait 15 minutes and try again.' });

  await app.register(
    roleGroup(['admin'], async (admin) => {
      admin.get('/api/repairers', { schema: { querystring: NetworkQuerySchema, response: { 200: NetworkRepairersSchema } } }, async (request, reply) => {
        const { page, ...filters } = request.query;
        const { rows, total } = await readNetworkPage(database, page ?? null, filters);
        reply.header('X-Total-Count', String(total));
        reply.header('Cache-Control', 'private, no-store');
        return sendShared(reply, rows);
      });

      // A business the team knows, added by hand (Pending Verification, no account): 201 with its network row.
      admin.post('/api/admin/repairers', { schema: { body: NewRepairerBodySchema, response: { 201: NetworkRepairerSchema } } }, async (request, reply) => {
        return reply.status(201).send(await addRepairer(database, deps.geocoder, request.body, actorOf(await request.session())));
      });

      admin.post('/api/admin/repairers/:id/invite', { schema: { params: IdParamsSchema, response: { 200: InvitationSentSchema } } }, async (request) => {
        const { email, expiresAt } = await inviteRepairer({ db, jobs: deps.jobs }, config, secret, request.params.id, new Date());
        return { email, expiresAt: expiresAt.toISOString() };
      });

      admin.post(
        '/api/admin/repairers/:id/verification',
        { schema: { params: IdParamsSchema, body: VerificationBodySchema, response: { 200: NetworkRepairerSchema } } },
        async (request) => {
          const repairer = await setVerification(database, request.params.id, request.body.isVerified, actorOf(await request.session()), booking.withdrawOpenOffersOfRepairer);
          // Issue 35: customers waiting for a technician near them are told once one is verified.
          if (request.body.isVerified) await deps.jobs.enqueue(TELL_COVERED_CUSTOMERS_JOB, {});
          return repairer;
        },
      );
    }),
  );

  const profileCtx: ProfileContext = { db, database, config, geocoder: deps.geocoder, log: app.log, stripe: deps.stripe };
  await app.register(
    roleGroup(['repairer'], async (repairer) => {
      const user = async (request: FastifyRequest) => {
        const found = await request.session();
        if (!found) throw unauthorised();
        return found;
      };
      repairer.get('/api/repairer/profile', { schema: { response: { 200: ProfileViewSchema } } }, async (request, reply) => {
        reply.header('Cache-Control', 'private, no-store');
        return readProfile(profileCtx, await user(request), new Date());
      });
      repairer.put('/api/repairer/profile', { schema: { body: ProfileBodySchema, response: { 200: ProfileViewSchema } } }, async (request) => {
        const signedIn = await user(request);
        const saved = await saveProfile(profileCtx, signedIn, request.body, new Date());
        if (signedIn.repairerId !== null) await booking.refreshReservationsOf(db, signedIn.repairerId, new Date());
        return saved;
      });
      repairer.post('/api/repairer/stripe-onboarding', { schema: { response: { 200: StripeOnboardingSchema } } }, async (request) => startStripeOnboarding(profileCtx, await user(request)));
    }),
  );

  await app.register(technicianPhotoRoutes, { deps, profileCtx });

  app.get('/api/repairer-invitations/:token', { schema: { params: InvitationTokenParamsSchema, response: { 200: InvitationViewSchema } } }, async (request, reply) => {
    await limit(request.ip);
    reply.header('Cache-Control', 'no-store');
    return readInvitation(db, request.params.token, new Date());
  });

  app.post(
    '/api/repairer-invitations/:token',
    { schema: { params: InvitationTokenParamsSchema, body: AcceptInvitationBodySchema, response: { 200: MeResponseSchema } } },
    async (request, reply) => {
      await limit(request.ip);
      const { sessionToken, user } = await acceptInvitation(
        db,
        deps.passwords,
        { token: request.params.token, password: request.body.password, ttlHours: config.sessionTtlHours, userAgent: request.headers['user-agent'] },
        new Date(),
      );
      setSessionCookie(config, reply, sessionToken);
      return { user };
    },
  );
};

