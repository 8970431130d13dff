// Privacy operations (issue 14): the customer (or an admin, on their behalf) downloads an
// enquiry's data or erases its personal details; admins read the audit log.
import type { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import yazl from 'yazl';
import { IdParamsSchema } from '../../../shared/api/assessments';
import { AuditPageSchema, AuditQuerySchema, ErasureBodySchema, ErasureResultSchema, privacyMessages } from '../../../shared/api/privacy';
import type { ModuleDeps } from '../../module-deps';
import { roleGroup } from '../../plugins/auth';
import { badRequest, notFound } from '../../kernel/errors';
import { enforceRateLimit } from '../../plugins/rate-limit';
import { customerRecordAccess, type Viewer } from '../access';
import { findAssessment } from '../assessments';
import { deleteFilesOfGoneRecords } from '../images';
import { actorOf, auditPage, recordAudit } from './audit.repo';
import { sendShared } from '../../plugins/serializer';
import { customerData, eraseEnquiry } from './privacy.service';

const NOT_FOUND = 'We could not find that enquiry.';
const EXPORTS_PER_HOUR = 10;

export const privacyRoutes: FastifyPluginAsyncZod<{ deps: ModuleDeps }> = async (app, { deps }) => {
  const db = deps.database.db;

  /** Only the customer (their grant) or an admin: to anyone else the enquiry does not exist. */
  async function ownerOrAdmin(viewer: Viewer, id: number) {
    const assessment = await findAssessment(db, id);
    const access = assessment ? customerRecordAccess(viewer, { assessmentId: id }) : 'none';
    if (!assessment || (access !== 'customer' && access !== 'admin')) throw notFound(NOT_FOUND);
    return assessment;
  }

  // A zip of your-data.json and the photos, streamed from the store one after another.
  app.get('/api/assessments/:id/export', { schema: { params: IdParamsSchema } }, async (request, reply) => {
    const viewer = await request.viewer();
    await ownerOrAdmin(viewer, request.params.id);
    await enforceRateLimit(db, { key: `export:${request.params.id}`, windowSeconds: 3600, max: EXPORTS_PER_HOUR, message: 'You have downloaded this data several times in the last hour. Please try again later.' });
    const { data, reference, photoFiles } = await customerData(db, request.params.id);
    await recordAudit(db, actorOf(viewer.user), 'data_exported', { kind: 'assessment', id: request.params.id }, { reference, photos: photoFiles.length });

    const zip = new yazl.ZipFile();
    zip.addBuffer(Buffer.from(`${JSON.stringify(data, null, 2)}\n`), 'your-data.json');
    for (const photo of photoFiles) {
      const stream = await deps.store.stream(photo.key);
      if (stream) zip.addReadStream(stream as Readable, photo.name);
    }
    zip.end();
    return reply
      .header('Content-Type', 'application/zip')
      .header('Content-Disposition', `attachment; filename="autorevive-${reference}.zip"`)
      .header('Cache-Control', 'no-store')
      .send(zip.outputStream);
  });

  app.post(
    '/api/assessments/:id/erase',
    { schema: { params: IdParamsSchema, body: ErasureBodySchema, response: { 200: ErasureResultSchema } } },
    async (request) => {
      const viewer = await request.viewer();
      const assessment = await ownerOrAdmin(viewer, request.params.id);
      if (request.body.confirmReference.toUpperCase() !== assessment.reference.toUpperCase()) throw badRequest(privacyMessages.wrongReference);
      const { result, fileKeys } = await eraseEnquiry(db, request.params.id, actorOf(viewer.user), 'request');
      await deleteFilesOfGoneRecords(deps.store, fileKeys, request.log);
      return result;
    },
  );

  await app.register(
    roleGroup(['admin'], async (admin) => {
      admin.get('/api/admin/audit-log', { schema: { querystring: AuditQuerySchema, response: { 200: AuditPageSchema } } }, async (request, reply) =>
        sendShared(reply, await auditPage(deps.database, request.query.page, request.query.pageSize)),
      );
    }),
  );
};
