// SPEC section 7: POST /api/assessments, GET /api/assessments/{id}, GET /api/assessments
// (admins), GET /api/images/{imageId}. Access per D10: the grant holder, admins, and the
// repairer who accepted the job; to anyone else a record does not exist.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { join } from 'node:path';
import type { FastifyReply } from 'fastify';
import {
  AssessmentListSchema,
  AssessmentViewSchema,
  IdempotencyKeySchema,
  IdParamsSchema,
  ImageQuerySchema,
} from '../../../shared/api/assessments';
import { pageAsked, PageQuerySchema } from '../../../shared/api/quotes';
import { CustomerDetailsSchema, photosRequiredMessage, type CustomerDetails } from '../../../shared/customer-details';
import type { ModuleDeps } from '../../module-deps';
import { roleGroup } from '../../plugins/auth';
import { setGrantCookie } from '../../kernel/cookies';
import { badRequest, notFound } from '../../kernel/errors';
import { enforceRateLimit } from '../../plugins/rate-limit';
import { stopIdleTimeout } from '../../plugins/timeouts';
import { uploadRoutes } from '../../plugins/uploads';
import { imageProcessingSlots, photoPixels, PhotoWorkQueue, processImageFile, type PhotoAdmission, type ProcessedImage } from '../images';
import { fieldsForSchema, receiveUpload, type ReceivedPhoto } from './assessment-intake';
import { photoNotFoundMessage, readImage } from './image-read.repo';
import { processPhotosAsTheyLand } from './photos-as-they-land';
import type { QuoteReads } from './quote-reads';
import { findAssessmentByIdempotencyKey } from './assessments.repo';
import { createAssessment } from './assessments.service';
import { sendSerialized, sendShared, serializerOf } from '../../plugins/serializer';

/** The details as the shared schema reads them, or a 400; `partial` judges only fields sent so far. */
function checkDetails(fields: Record<string, string[]>, partial: boolean): CustomerDetails {
  const input = fieldsForSchema(fields);
  const parsed = CustomerDetailsSchema.safeParse(input);
  if (parsed.success) return parsed.data;
  const fieldErrors: Record<string, string> = {};
  for (const issue of parsed.error.issues) fieldErrors[String(issue.path[0] ?? 'form')] ??= issue.message;
  // Partial: refuse only once a field that was sent is wrong (the rest may follow the photos).
  const sentFieldIsWrong = Object.keys(fieldErrors).some((field) => fields[field] !== undefined || fields[`${field}[]`] !== undefined);
  if (!partial || sentFieldIsWrong) throw badRequest('Please check the details you entered.', fieldErrors);
  return undefined as never; // partial: nothing wrong with what was sent so far
}

/** Aborted when the connection closes before the answer was sent. */
function clientGoneSignal(reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  reply.raw.once('close', () => {
    if (!reply.raw.writableEnded) controller.abort();
  });
  return controller.signal;
}

/** `quotes`: the reads and the draft quote of the quotes module, which builds on this one (buildApp hands them in). */
export const assessmentRoutes = (quotes: QuoteReads): FastifyPluginAsyncZod<{ deps: ModuleDeps }> => async (app, { deps }) => {
  const { viewsOf, readAssessmentsPageForAdmin, readAssessmentBody } = quotes;
  const { config, database, store } = deps;
  const db = database.db;
  const photoQueue = new PhotoWorkQueue({
    slots: imageProcessingSlots.limit,
    maxPixelsPerVisitor: config.photoQueueMaxPixelsPerVisitor,
    maxPixelsTotal: config.photoQueueMaxPixels,
  });

  await app.register(
    uploadRoutes(async (uploads) => {
      uploads.post('/api/assessments', { schema: { response: { 200: AssessmentViewSchema, 201: AssessmentViewSchema } } }, async (request, reply) => {
        const key = request.headers['idempotency-key'];
        const parsedKey = key === undefined ? null : IdempotencyKeySchema.safeParse(String(key));
        if (parsedKey && !parsedKey.success) throw badRequest(parsedKey.error.issues[0]!.message);
        const idempotencyKey = parsedKey ? parsedKey.data : null;
        await enforceRateLimit(db, {
          key: `assessments:${request.ip}`,
          windowSeconds: 3600,
          max: config.assessmentsPerHourPerAddress,
          message: 'You have sent a lot of assessments in a short time. Please wait an hour, or call us.',
        });
        const signal = clientGoneSignal(reply);
        // Cheap before expensive: the fields sent ahead of the photos are checked as the first
        // photo arrives, so a bad form is refused before its photos are received or decoded.
        // Each photo is then counted and processed through the fair queue as soon as its file has
        // landed, while the next ones upload (photos-as-they-land.ts, issue 36 item 5), unless the
        // key already names an assessment: a replay decodes nothing.
        const replayAtStart = idempotencyKey !== null && (await findAssessmentByIdempotencyKey(db, idempotencyKey)) !== undefined;
        const landing = replayAtStart ? undefined : processPhotosAsTheyLand(photoQueue, request.ip, signal);
        const pixels: Promise<number>[] = [];
        let upload;
        try {
          upload = await receiveUpload(request, join(config.dataDir, 'tmp'), {
            beforeFirstPhoto: (fields) => checkDetails(fields, true),
            onPhoto: (photo) => (landing ? landing.landed(photo) : pixels.push(photoPixels(photo.path))),
          });
        } catch (error) {
          landing?.end();
          throw error;
        }
        let created;
        let admission: PhotoAdmission | undefined;
        try {
          stopIdleTimeout(request);
          // The same decisions in the same order as when nothing was processed before this point.
          const details = checkDetails(upload.fields, false);
          if (upload.photos.length === 0) throw badRequest(photosRequiredMessage, { images: photosRequiredMessage });
          const viewer = await request.viewer();
          const replay = idempotencyKey !== null && (await findAssessmentByIdempotencyKey(db, idempotencyKey)) !== undefined;
          let processPhoto: ((photo: ReceivedPhoto, index: number) => Promise<ProcessedImage>) | undefined;
          if (!replay && landing) processPhoto = await landing.admitted();
          else if (!replay) {
            const queued = (admission = photoQueue.admit(request.ip, await Promise.all(pixels), signal));
            processPhoto = (photo, index) => queued.run(index, () => processImageFile(photo.path));
          }
          created = await createAssessment(
            { database, store, jobs: deps.jobs, publicUrl: config.publicUrl, teamEmail: config.teamEmail, company: config.company, geocoder: deps.geocoder, createDraftQuote: quotes.createDraftQuote },
            {
              details,
              photos: upload.photos,
              idempotencyKey,
              viewerAssessmentIds: viewer.assessmentIds,
              signal,
              ...(processPhoto ? { processPhoto } : {}),
            },
          );
        } finally {
          landing?.end();
          admission?.release();
          await upload.cleanup();
        }
        if (created.grantToken) setGrantCookie(config, request, reply, created.grantToken);
        const [view] = await viewsOf(db, [created.assessment], 'customer');
        return reply.status(created.replayed ? 200 : 201).send(view!);
      });
    }),
  );

  await app.register(
    roleGroup(['admin'], async (admin) => {
      // Like GET /api/quotes: SPEC's array body of every assessment, or a page when one is asked for; the total in X-Total-Count.
      admin.get('/api/assessments', { schema: { querystring: PageQuerySchema, response: { 200: AssessmentListSchema } } }, async (request, reply) => {
        const { page, pageSize } = pageAsked(request.query);
        const { views, total } = await readAssessmentsPageForAdmin(database, page, pageSize);
        return sendShared(reply.header('X-Total-Count', String(total)), views);
      });
    }),
  );

  app.get('/api/assessments/:id', { schema: { params: IdParamsSchema, response: { 200: AssessmentViewSchema } } }, async (request, reply) => {
    const reader = { user: await request.session(), grantTokenHashes: request.grantTokenHashes() };
    const body = await readAssessmentBody(database, request.params.id, reader, serializerOf(reply));
    return sendSerialized(reply.header('Cache-Control', 'private, no-store'), body);
  });

  app.get('/api/images/:id', { schema: { params: IdParamsSchema, querystring: ImageQuerySchema } }, async (request, reply) => {
    const image = await readImage(database, request.params.id, { user: await request.session(), grantTokenHashes: request.grantTokenHashes() });
    const thumb = request.query.size === 'thumb';
    const etag = `"${image.id}-${request.query.size}"`;
    reply.header('Cache-Control', 'private, max-age=86400').header('ETag', etag).header('Vary', 'Cookie');
    if (request.headers['if-none-match'] === etag) return reply.status(304).send();
    const stream = await store.stream(thumb ? image.thumbKey : image.displayKey);
    if (!stream) throw notFound(photoNotFoundMessage);
    return reply
      .type(image.contentType)
      .header('Content-Length', thumb ? image.thumbBytes : image.displayBytes)
      .header('Content-Disposition', 'inline')
      .send(stream);
  });
};
