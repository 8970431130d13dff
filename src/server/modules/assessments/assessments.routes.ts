// SPEC section 7: POST /api/assessments, GET /api/assessments/{id}, GET /api/assessments
// (admins), GET /api/images/{imageId}. Access per D10: the grant holder, admins, and the
// repairer who accepted the job; to anyone else a record does not exist.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { join } from 'node:path';
import { z } from 'zod';
import type { FastifyReply } from 'fastify';
import { CustomerDetailsSchema, photosRequiredMessage, type CustomerDetails } from '../../../shared/customer-details';
import type { AppDeps } from '../../app';
import { cookieNames, cookieOptions, requireRole } from '../../plugins/auth';
import { badRequest, notFound } from '../../plugins/errors';
import { stopIdleTimeout } from '../../plugins/timeouts';
import { customerRecordAccess } from '../access/access.policy';
import { GRANT_COOKIE_MAX_AGE } from '../access/access.routes';
import { addToGrantCookie } from '../access/grants.service';
import { enforceRateLimit } from '../auth/rate-limit';
import { CUSTOMER_VISIBLE_QUOTE_STATUSES, toQuoteView } from '../quotes/quote-view';
import { processImageFile, imageProcessingSlots } from '../images/image-process';
import { PhotoWorkQueue, photoPixels, type PhotoAdmission } from '../images/photo-work-queue';
import { fieldsForSchema, receiveUpload, type ReceivedPhoto } from './assessment-intake';
import { AssessmentViewSchema, toAssessmentView } from './assessment-view';
import { findAssessment, findAssessmentByIdempotencyKey, findImageWithOwner, imagesOf, listAssessments, quotesOf, type AssessmentRow } from './assessments.repo';
import { createAssessment } from './assessments.service';

export const assessmentNotFoundMessage = "The assessment you're looking for could not be found.";

const IdParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
// The web client sends a UUID (idempotency-key.ts); nothing else is accepted (issue 7).
const IdempotencyKeySchema = z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, 'Idempotency-Key must be a UUID');

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

export const assessmentRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const { config, database, store } = deps;
  const db = database.db;
  const names = cookieNames(config);
  const photoQueue = new PhotoWorkQueue({
    slots: imageProcessingSlots.limit,
    maxPixelsPerVisitor: config.photoQueueMaxPixelsPerVisitor,
    maxPixelsTotal: config.photoQueueMaxPixels,
  });

  /** Photos and quotes for these assessments in three queries, however many there are. */
  async function related(rows: AssessmentRow[]) {
    const ids = rows.map((row) => row.id);
    const [images, quotes] = await Promise.all([imagesOf(db, ids), quotesOf(db, ids)]);
    return {
      quote: (row: AssessmentRow) => quotes.get(row.id),
      view(row: AssessmentRow, audience: 'admin' | 'customer' | 'assigned-repairer') {
        const quote = quotes.get(row.id);
        const visible = quote && (audience === 'admin' || CUSTOMER_VISIBLE_QUOTE_STATUSES.has(quote.quote.status));
        return toAssessmentView(row, images.filter((image) => image.assessmentId === row.id), visible ? toQuoteView(quote.quote, quote.items) : null);
      },
    };
  }

  app.post('/api/assessments', { schema: { response: { 200: AssessmentViewSchema, 201: AssessmentViewSchema } } }, async (request, reply) => {
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
    const upload = await receiveUpload(request, join(config.dataDir, 'tmp'), { beforeFirstPhoto: (fields) => checkDetails(fields, true) });
    let created;
    let admission: PhotoAdmission | undefined;
    try {
      stopIdleTimeout(request);
      const details = checkDetails(upload.fields, false);
      if (upload.photos.length === 0) throw badRequest(photosRequiredMessage, { images: photosRequiredMessage });
      const viewer = await request.viewer();
      const replay = idempotencyKey !== null && (await findAssessmentByIdempotencyKey(db, idempotencyKey)) !== undefined;
      if (!replay) admission = photoQueue.admit(request.ip, await Promise.all(upload.photos.map((photo) => photoPixels(photo.path))), signal);
      const queued = admission;
      created = await createAssessment(
        { database, store, jobs: deps.jobs, publicUrl: config.publicUrl, teamEmail: config.teamEmail },
        {
          details,
          photos: upload.photos,
          idempotencyKey,
          viewerAssessmentIds: viewer.assessmentIds,
          signal,
          ...(queued ? { processPhoto: (photo: ReceivedPhoto, index: number) => queued.run(index, () => processImageFile(photo.path)) } : {}),
        },
      );
    } finally {
      admission?.release();
      await upload.cleanup();
    }
    if (created.grantToken) {
      reply.setCookie(names.grants, addToGrantCookie(request.cookies[names.grants], created.grantToken), cookieOptions(config, GRANT_COOKIE_MAX_AGE));
    }
    const loaded = await related([created.assessment]);
    return reply.status(created.replayed ? 200 : 201).send(loaded.view(created.assessment, 'customer'));
  });

  app.get(
    '/api/assessments',
    { preHandler: requireRole('admin'), schema: { response: { 200: z.array(AssessmentViewSchema) } } },
    async () => {
      const rows = await listAssessments(db, 500);
      const loaded = await related(rows);
      return rows.map((row) => loaded.view(row, 'admin'));
    },
  );

  app.get('/api/assessments/:id', { schema: { params: IdParams, response: { 200: AssessmentViewSchema } } }, async (request, reply) => {
    const row = await findAssessment(db, request.params.id);
    if (!row) throw notFound(assessmentNotFoundMessage);
    const loaded = await related([row]);
    const access = customerRecordAccess(await request.viewer(), { assessmentId: row.id, assignedRepairerId: loaded.quote(row)?.quote.assignedRepairerId });
    if (access === 'none') throw notFound(assessmentNotFoundMessage);
    reply.header('Cache-Control', 'private, no-store');
    return loaded.view(row, access);
  });

  app.get(
    '/api/images/:id',
    { schema: { params: IdParams, querystring: z.object({ size: z.enum(['display', 'thumb']).default('display') }) } },
    async (request, reply) => {
      const found = await findImageWithOwner(db, request.params.id);
      const access = found ? customerRecordAccess(await request.viewer(), { assessmentId: found.image.assessmentId, assignedRepairerId: found.assignedRepairerId }) : 'none';
      if (!found || access === 'none') throw notFound('We could not find that photo.');
      const thumb = request.query.size === 'thumb';
      const etag = `"${found.image.id}-${request.query.size}"`;
      reply.header('Cache-Control', 'private, max-age=86400').header('ETag', etag).header('Vary', 'Cookie');
      if (request.headers['if-none-match'] === etag) return reply.status(304).send();
      const stream = await store.stream(thumb ? found.image.thumbKey : found.image.displayKey);
      if (!stream) throw notFound('We could not find that photo.');
      return reply
        .type(found.image.contentType)
        .header('Content-Length', thumb ? found.image.thumbBytes : found.image.displayBytes)
        .header('Content-Disposition', 'inline')
        .send(stream);
    },
  );
};
