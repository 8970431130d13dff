// Issue 4: an assessment is stored with all its photos or not at all (no half-written
// records, no orphan files); a retried submission with the same idempotency key creates one.
import type { CompanyDetails } from '../../../shared/company';
import type { Geocoder } from '../geo';
import { randomBytes } from 'node:crypto';
import { photoEmptyMessage, type CustomerDetails } from '../../../shared/customer-details';
import type { Database, Db } from '../../db/database';
import { conflict, DomainError } from '../../kernel/errors';
import { accessLinkPath, countGrantsOf, createGrant } from '../access';
import { withOutbox } from '../email';
import type { Enqueue } from '../../kernel/jobs';
import type { QuoteReads } from './quote-reads';
import { clientGone, ImageRejectedError, photoFolder, processImageFile, storePhoto, type FileStore, type ProcessedImage, type StoredPhoto } from '../images';
import { customerReceiptEmail, teamNewAssessmentEmail } from './assessment-emails';
import type { ReceivedPhoto } from './assessment-intake';
import { isUniqueViolation } from '../../db/errors';
import {
  findAssessmentByIdempotencyKey,
  imagesOf,
  insertAssessment,
  insertImages,
  lockAssessment,
  type AssessmentRow,
  type ImageRow,
} from './assessments.repo';

export interface IntakeDeps {
  database: Database;
  store: FileStore;
  jobs: Enqueue;
  publicUrl: string;
  teamEmail: string;
  company: CompanyDetails;
  /** Where the customer is (issue 12): looked up before the transaction, never inside it. */
  geocoder?: Geocoder;
  /** D12: the draft quote from the price list (the quotes module's, handed in by buildApp). */
  createDraftQuote: QuoteReads['createDraftQuote'];
}

export interface CreatedAssessment {
  assessment: AssessmentRow;
  images: ImageRow[];
  /** Set when this request created the grant; a replay returns none. */
  grantToken: string | null;
  replayed: boolean;
}

export async function createAssessment(
  deps: IntakeDeps,
  input: {
    details: CustomerDetails;
    photos: ReceivedPhoto[];
    idempotencyKey: string | null;
    viewerAssessmentIds: number[];
    /** How each photo is processed: through the route's fair queue; directly by default. */
    processPhoto?: (photo: ReceivedPhoto, index: number) => Promise<ProcessedImage>;
    /** Aborted when the client has gone away: nothing more is processed or stored. */
    signal?: AbortSignal;
  },
): Promise<CreatedAssessment> {
  const db = deps.database.db;
  if (input.idempotencyKey) {
    const replay = await replayFor(db, input);
    if (replay) return replay;
  }

  const processPhoto = input.processPhoto ?? ((photo) => processImageFile(photo.path));
  const writtenKeys: string[] = [];
  // Writes still running when something fails: the cleanup waits for them, so none lands after it.
  const storing: Promise<unknown>[] = [];
  let failed = false;
  const place = { kind: 'damage' as const, folder: photoFolder(new Date()), written: writtenKeys, signal: input.signal };
  // A postcode nobody can place is still a valid submission: dispatch asks again later. Looked up
  // while the photos are processed, not after them (issue 36 item 5): it needs nothing of theirs.
  const locating = deps.geocoder?.locate(input.details.postcode).catch(() => null);
  try {
    // The files first, outside the transaction (store-photos.ts): each photo as soon as it is
    // processed, while the others are decoded, so the store adds no tail of its own.
    const stored = await processPhotos(input.photos, async (photo, index): Promise<StoredPhoto> => {
      const processed = await processPhoto(photo, index);
      if (failed) throw clientGone(); // another photo failed: the submission is answered already
      const store = storePhoto(deps.store, processed, index, place);
      storing.push(store.catch(() => {}));
      return store;
    });
    if (input.signal?.aborted) throw clientGone();
    const location = await locating;
    // The e-mails commit with the enquiry and are sent once it has (email's withOutbox).
    const result = await withOutbox({ db, jobs: deps.jobs }, async (outbox) => {
      const { tx } = outbox;
      const assessment = await insertAssessment(tx, {
        reference: newReference(),
        idempotencyKey: input.idempotencyKey,
        ...input.details,
        ...(location ? { latitude: location.latitude, longitude: location.longitude } : {}),
      });
      const grant = await createGrant(tx, assessment.id);
      // D12: the draft quote from the price list, in the same transaction as the submission.
      await deps.createDraftQuote(tx, assessment);
      const rows = stored.map((image) => ({ assessmentId: assessment.id, ...image }));
      const images = await insertImages(tx, rows);
      const accessUrl = `${deps.publicUrl}${accessLinkPath(grant.token, `/quote/${assessment.id}`)}`;
      await outbox.queue(customerReceiptEmail(assessment, images.length, accessUrl, deps.company, deps.publicUrl));
      await outbox.queue(teamNewAssessmentEmail(assessment, images.length, deps.teamEmail, deps.publicUrl));
      return { assessment, images, grantToken: grant.token };
    });
    return { assessment: result.assessment, images: result.images, grantToken: result.grantToken, replayed: false };
  } catch (error) {
    failed = true;
    await Promise.all(storing);
    await Promise.all(writtenKeys.map((key) => deps.store.delete(key).catch(() => {})));
    // Two identical submissions at once: the loser answers with the winner's assessment.
    if (input.idempotencyKey && isUniqueViolation(error)) {
      const replay = await replayFor(db, input);
      if (replay) return replay;
    }
    throw error;
  }
}

// A retry carries the same idempotency key. Its answer may have been lost before the browser
// got its cookie, so the same customer details (not only the cookie) earn a fresh grant.
async function replayFor(
  db: Db,
  input: { details: CustomerDetails; idempotencyKey: string | null; viewerAssessmentIds: number[] },
): Promise<CreatedAssessment | null> {
  const existing = input.idempotencyKey ? await findAssessmentByIdempotencyKey(db, input.idempotencyKey) : undefined;
  if (!existing) return null;
  const images = await imagesOf(db, [existing.id]);
  if (input.viewerAssessmentIds.includes(existing.id)) return { assessment: existing, images, grantToken: null, replayed: true };
  const sameCustomer = existing.email === input.details.email && existing.phone === input.details.phone && existing.postcode === input.details.postcode;
  if (!sameCustomer) throw conflict('This submission was already received with different details. Please start a new assessment.');
  // Issue 7: the key and the details alone must not become a way to collect grants. A retry
  // whose first answer was lost comes within minutes (the browser retries at once, sometimes a
  // few times in parallel), so a new grant is minted only while the assessment is young and
  // only for a few retries; anyone else is sent to the link in their e-mail.
  // Counted under the assessment's row lock, so retries sent together cannot all pass the count
  // before any of them has added its grant (an attack review: 25 at once minted 6).
  const grant = await db.transaction(async (tx) => {
    await lockAssessment(tx, existing.id);
    const grants = await countGrantsOf(tx, existing.id);
    if (grants > MAX_REPLAY_GRANTS || Date.now() - existing.createdAt.getTime() > REPLAY_GRANT_WINDOW_MS) {
      throw conflict('This submission was already received. Please open the link in the e-mail we sent you to see it.');
    }
    return createGrant(tx, existing.id);
  });
  return { assessment: existing, images, grantToken: grant.token, replayed: true };
}

/** How long after a submission a retry without its cookie may still be given a grant. */
export const REPLAY_GRANT_WINDOW_MS = 15 * 60 * 1000;
/** Grants retries may be given, besides the submission's own. */
export const MAX_REPLAY_GRANTS = 3;

/** Each received photo through the image pipeline; a rejected one is a 422 naming it. Shared with the after photos (issue 12). */
export async function processPhotos<T = ProcessedImage>(photos: ReceivedPhoto[], processPhoto: (photo: ReceivedPhoto, index: number) => Promise<T>): Promise<T[]> {
  return Promise.all(
    photos.map(async (photo, index) => {
      try {
        if (photo.bytes === 0) throw new ImageRejectedError('unreadable', { userMessage: photoEmptyMessage });
        return await processPhoto(photo, index);
      } catch (error) {
        if (error instanceof ImageRejectedError) {
          throw new DomainError(422, 'image_rejected', `Photo ${index + 1}: ${error.userMessage}`, { [`images.${index}`]: error.userMessage });
        }
        throw error;
      }
    }),
  );
}

// Crockford's alphabet: no I, L, O or U, so a reference read out on the phone is unambiguous.
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export function newReference(): string {
  const bytes = randomBytes(8);
  const chars = [...bytes].map((b) => ALPHABET[b % 32]).join('');
  return `AR-${chars.slice(0, 4)}-${chars.slice(4)}`;
}

