// Issue 12 item 7: the admin's network calls (SPEC's GET /api/repairers; invite; verify), and the
// invitation link a repairer opens to create their sign-in (public, rate-limited per address).
import { join } from 'node:path';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IdParamsSchema, ImageQuerySchema } from '../../../shared/api/assessments';
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
  TechnicianPhotoParamsSchema,
  technicianPhotoMessages,
  VerificationBodySchema,
} from '../../../shared/api/repairer-accounts';

import { MeResponseSchema } from '../../../shared/api/auth';
import { actorOf } from '../privacy';
import type { ModuleDeps } from '../../module-deps';
import { roleGroup } from '../../plugins/auth';
import { setSessionCookie } from '../../kernel/cookies';
import { enforceRateLimit } from '../../plugins/rate-limit';
import { badRequest, DomainError, notFound, unauthorised } from '../../kernel/errors';
import { stopIdleTimeout } from '../../plugins/timeouts';
import { uploadRoutes } from '../../plugins/uploads';
import { photoEmptyMessage } from '../../../shared/photo-rules';
import { receiveUpload, type ReceivedPhoto } from '../assessments';
import { ImageRejectedError, imageProcessingSlots, photoPixels, PhotoWorkQueue, processImageFile, type PhotoAdmission, type ProcessedImage } from '../images';
import { currentProfile, readProfile, saveProfile, startStripeOnboarding, type ProfileContext } from './profile.service';
import { findPhotoByToken, ownRepairerId, removeRepairerPhoto, replaceRepairerPhoto } from './technician-photo';
import { acceptInvitation, addRepairer, inviteRepairer, readInvitation, setVerification, type WithdrawOpenOffersOfRepairer } from './repairer-accounts.service';
import { readNetworkPage } from '../repairers';
import { sendShared } from '../../plugins/serializer';
import { TELL_COVERED_CUSTOMERS_JOB } from '../../kernel/jobs';

/** `booking`: what the booking module, which builds on this one, does when a repairer is unverified (buildApp hands it in). */
export const repairerAccountRoutes = (booking: { withdrawOpenOffersOfRepairer: WithdrawOpenOffersOfRepairer }): FastifyPluginAsyncZod<{ deps: ModuleDeps }> => async (app, { deps }) => {
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
      repairer.put('/api/repairer/profile', { schema: { body: ProfileBodySchema, response: { 200: ProfileViewSchema } } }, async (request) =>
        saveProfile(profileCtx, await user(request), request.body, new Date()),
      );
      repairer.post('/api/repairer/stripe-onboarding', { schema: { response: { 200: StripeOnboardingSchema } } }, async (request) => startStripeOnboarding(profileCtx, await user(request)));
      // Issue 37 item 3: their photo for the customers who book them, removed.
      repairer.delete('/api/repairer/photo', { schema: { response: { 200: ProfileViewSchema } } }, async (request) => {
        const found = await user(request);
        await removeRepairerPhoto(photoCtx, ownRepairerId(found));
        return currentProfile(profileCtx, found);
      });
    }),
  );

  // Issue 37 item 3: one photo, through the customers' pipeline: received to a temporary file (10 MB
  // at most, 413 past it), admitted to the fair photo queue by its pixels, decoded and re-encoded,
  // then stored. A refused photo changes nothing.
  const photoQueue = new PhotoWorkQueue({ slots: imageProcessingSlots.limit, maxPixelsPerVisitor: config.photoQueueMaxPixelsPerVisitor, maxPixelsTotal: config.photoQueueMaxPixels });
  const photoCtx = { db, store: deps.store, log: app.log };
  await app.register(
    roleGroup(['repairer'], uploadRoutes(async (repairer) => {
      repairer.put('/api/repairer/photo', { schema: { response: { 200: ProfileViewSchema } } }, async (request) => {
        const found = await request.session();
        if (!found) throw unauthorised();
        const repairerId = ownRepairerId(found);
        if (!request.isMultipart()) throw new DomainError(415, 'unsupported_media_type', technicianPhotoMessages.notMultipart);
        const upload = await receiveUpload(request, join(config.dataDir, 'tmp'), { files: { field: 'photo', max: 1, tooMany: technicianPhotoMessages.tooMany } });
        let admission: PhotoAdmission | undefined;
        try {
          stopIdleTimeout(request);
          const [photo] = upload.photos;
          if (!photo) throw badRequest(technicianPhotoMessages.required, { photo: technicianPhotoMessages.required });
          admission = photoQueue.admit(request.ip, [await photoPixels(photo.path)]);
          const processed = await admission.run(0, () => processedPhoto(photo));
          await replaceRepairerPhoto(photoCtx, repairerId, processed, new Date());
        } finally {
          admission?.release();
          await upload.cleanup();
        }
        return currentProfile(profileCtx, found);
      });
    })),
  );

  // Public (0035): the technician chose to show it; the token is the only way to it.
  app.get('/api/technician-photos/:token', { schema: { params: TechnicianPhotoParamsSchema, querystring: ImageQuerySchema } }, async (request, reply) => {
    const photo = await findPhotoByToken(db, request.params.token);
    if (!photo) throw notFound(technicianPhotoMessages.notFound);
    const thumb = request.query.size === 'thumb';
    const stream = await deps.store.stream(thumb ? photo.thumbKey : photo.displayKey);
    if (!stream) throw notFound(technicianPhotoMessages.notFound);
    // A new photo has a new token, so this address never shows another picture.
    return reply
      .type(photo.contentType)
      .header('Cache-Control', 'public, max-age=31536000, immutable')
      .header('Content-Length', thumb ? photo.thumbBytes : photo.displayBytes)
      .header('Content-Disposition', 'inline')
      .send(stream);
  });

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

/** The photo decoded and re-encoded (D7), or a 422 naming what is wrong with it, on the form's "photo" field. */
async function processedPhoto(photo: ReceivedPhoto): Promise<ProcessedImage> {
  try {
    if (photo.bytes === 0) throw new ImageRejectedError('unreadable', { userMessage: photoEmptyMessage });
    return await processImageFile(photo.path);
  } catch (error) {
    if (error instanceof ImageRejectedError) throw new DomainError(422, 'image_rejected', error.userMessage, { photo: error.userMessage });
    throw error;
  }
}
