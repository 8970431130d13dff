// A photo read for one viewer (D10, D11): the grant holder, admins, the repairer who accepted
// the job, and a repairer offered it (damage photos only); to anyone else it does not exist.
import { assessmentMessages } from '../../../shared/api/assessments';
import { batchedRead, batchedReadSql } from '../../db/batch';
import type { Database } from '../../db/database';
import { customerRecordAccess, grantHeldSql, viewerOfRead } from '../access';
import type { SessionUser } from '../../kernel/viewer';
import { notFound } from '../../kernel/errors';
import type { ImageRow } from './assessments.repo';

export const photoNotFoundMessage = assessmentMessages.photoNotFound;

// GET /api/images/{id} in one statement (issue 9): the photo, whether this browser holds a grant
// for its assessment, the repairer assigned to its quote, and whether the repairer asking
// (`reader.repairer`, null for anyone else) has a live offer of the job, as hasLiveOffer asks
// with the time `reader.now`. Reads that arrive together run as one statement, one reader per
// row of `reader`, like the assessment and quote reads: on PGlite, where statements run one at a
// time on the event loop, a gallery of thumbnails had queued one statement per photo.
const READ_IMAGE_SQL = `SELECT i.id, i.assessment_id AS "assessmentId", i.kind, i.content_type AS "contentType",
  i.display_key AS "displayKey", i.display_bytes AS "displayBytes", i.thumb_key AS "thumbKey", i.thumb_bytes AS "thumbBytes",
  ${grantHeldSql('i.assessment_id', 'reader.hashes')} AS granted,
  (SELECT q.assigned_repairer_id FROM quotes q WHERE q.assessment_id = i.assessment_id) AS "assignedRepairerId",
  reader.repairer IS NOT NULL AND EXISTS (SELECT 1 FROM job_notifications n
    WHERE n.repairer_id = reader.repairer
      AND (n.status = 'accepted' OR (n.status IN ('sent', 'viewed') AND n.expires_at > reader.now::timestamptz))
      AND n.quote_id IN (SELECT q.id FROM quotes q WHERE q.assessment_id = i.assessment_id)) AS "liveOffer"
FROM assessment_images i WHERE i.id = reader.id`;
const READ_IMAGES = batchedReadSql('read_images', { id: 'int', hashes: 'text[]', repairer: 'int', now: 'text' }, READ_IMAGE_SQL);

export type ImageToSend = Pick<ImageRow, 'id' | 'assessmentId' | 'kind' | 'contentType' | 'displayKey' | 'displayBytes' | 'thumbKey' | 'thumbBytes'>;
type ReadImageRow = ImageToSend & { granted: boolean; assignedRepairerId: number | null; liveOffer: boolean };

/**
 * GET /api/images/{id}: the photo if this reader may see it, or a 404 that reveals nothing. The
 * decision is findImageFor's (tests/helpers/composed-reads.ts, which composes the same from the repos): customerRecordAccess,
 * and D11's offered repairer for damage photos.
 */
export async function readImage(database: Database, imageId: number, reader: { user: SessionUser | null; grantTokenHashes: string[] }, now: Date = new Date()): Promise<ImageToSend> {
  const offeredTo = reader.user?.role === 'repairer' ? reader.user.repairerId : null;
  const read = batchedRead<{ id: number; hashes: string[]; repairer: number | null; now: string }, ReadImageRow>(database, READ_IMAGES);
  const row = await read({ id: imageId, hashes: reader.grantTokenHashes, repairer: offeredTo, now: now.toISOString() });
  if (!row) throw notFound(photoNotFoundMessage);
  const viewer = viewerOfRead(reader.user, row.assessmentId, row.granted);
  if (customerRecordAccess(viewer, { assessmentId: row.assessmentId, assignedRepairerId: row.assignedRepairerId }) !== 'none') return row;
  if (row.kind === 'damage' && offeredTo !== null && row.liveOffer) return row;
  throw notFound(photoNotFoundMessage);
}

