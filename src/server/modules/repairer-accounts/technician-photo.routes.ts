// Issue 37 item 3: a technician's photo for the customers who book them (docs/decisions/0035):
// one file through the customers' pipeline (D7), received to a temporary file (10 MB at most, 413
// past it), admitted to the fair photo queue by its pixels, decoded and re-encoded, then stored; a
// refused photo changes nothing. Removed by its technician; public by its token.
import { join } from 'node:path';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ImageQuerySchema } from '../../../shared/api/assessments';
import { ProfileViewSchema, TechnicianPhotoParamsSchema, technicianPhotoMessages } from '../../../shared/api/repairer-accounts';
import { photoEmptyMessage } from '../../../shared/photo-rules';
import type { ModuleDeps } from '../../module-deps';
import { roleGroup } from '../../plugins/auth';
import { badRequest, DomainError, notFound, unauthorised } from '../../kernel/errors';
import { stopIdleTimeout } from '../../plugins/timeouts';
import { uploadRoutes } from '../../plugins/uploads';
import { receiveUpload, type ReceivedPhoto } from '../assessments';
import { ImageRejectedError, imageProcessingSlots, photoPixels, PhotoWorkQueue, processImageFile, type PhotoAdmission, type ProcessedImage } from '../images';
import { currentProfile, type ProfileContext } from './profile.service';
import { ownRepairerId, removeRepairerPhoto, replaceRepairerPhoto } from './technician-photo';
import { findPhotoByToken } from './technician-photo.repo';

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

export const technicianPhotoRoutes: FastifyPluginAsyncZod<{ deps: ModuleDeps; profileCtx: ProfileContext }> = async (app, { deps, profileCtx }) => {
  const { config } = deps;
  const db = deps.database.db;
  // A queue of its own with the customers' limits; the decoding slots are the process's, shared with theirs.
  const photoQueue = new PhotoWorkQueue({ slots: imageProcessingSlots.limit, maxPixelsPerVisitor: config.photoQueueMaxPixelsPerVisitor, maxPixelsTotal: config.photoQueueMaxPixels });
  const photoCtx = { db, store: deps.store, log: app.log };

  await app.register(
    roleGroup(['repairer'], uploadRoutes(async (repairer) => {
      repairer.put('/api/repairer/photo', { schema: { response: { 200: ProfileViewSchema } } }, async (request) => {
        const user = await request.session();
        if (!user) throw unauthorised();
        const repairerId = ownRepairerId(user);
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
        return currentProfile(profileCtx, user);
      });

      repairer.delete('/api/repairer/photo', { schema: { response: { 200: ProfileViewSchema } } }, async (request) => {
        const user = await request.session();
        if (!user) throw unauthorised();
        await removeRepairerPhoto(photoCtx, ownRepairerId(user));
        return currentProfile(profileCtx, user);
      });
    })),
  );

  // Public (0035): the technician chose to show it; its token is the only way to it.
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
};
