// Receives the assessment form (SPEC section 3) as a stream: each photo goes straight to a
// temporary file, never the whole request into memory. Anything that goes wrong removes
// the temporary files before the error is answered.
import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type {} from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { photoRules, photoTooLargeMessage, tooManyPhotosMessage } from '../../../shared/customer-details';
import { DomainError, badRequest, payloadTooLarge } from '../../kernel/errors';

export interface ReceivedPhoto {
  path: string;
  bytes: number;
}

export interface ReceivedUpload {
  fields: Record<string, string[]>;
  photos: ReceivedPhoto[];
  cleanup(): Promise<void>;
}

const MAX_FIELDS = 60;
const MAX_FIELD_BYTES = 10_000;

export async function receiveUpload(
  request: FastifyRequest,
  tmpRoot: string,
  options: {
    beforeFirstPhoto?: (fields: Record<string, string[]>) => void;
    /** Told of each photo once its file is whole, while the rest are still arriving. */
    onPhoto?: (photo: ReceivedPhoto) => void;
    /** Another form's photos (issue 37: a technician's one profile photo): the file field, how many, and the sentence past it. */
    files?: { field: string; max: number; tooMany: string };
  } = {},
): Promise<ReceivedUpload> {
  if (!request.isMultipart()) {
    throw new DomainError(415, 'unsupported_media_type', 'Please send the assessment as a multipart form with the photos attached.');
  }
  await mkdir(tmpRoot, { recursive: true });
  const dir = await mkdtemp(join(tmpRoot, 'upload-'));
  const upload: ReceivedUpload = {
    fields: {},
    photos: [],
    cleanup: () => rm(dir, { recursive: true, force: true }),
  };
  const files = options.files ?? { field: 'images', max: photoRules.maxFiles, tooMany: tooManyPhotosMessage };
  try {
    const parts = request.parts({
      limits: { fileSize: photoRules.maxBytes, files: files.max, fields: MAX_FIELDS, fieldSize: MAX_FIELD_BYTES, parts: MAX_FIELDS + files.max },
    });
    for await (const part of parts) {
      if (part.type === 'field') {
        // A part sent as JSON arrives parsed (an object would be stored as '[object Object]'),
        // and one past the size limit arrives cut short: both are refused, not guessed at.
        if (typeof part.value !== 'string') throw badRequest(`The field "${part.fieldname}" must be sent as plain text.`);
        if (part.valueTruncated || part.fieldnameTruncated) throw payloadTooLarge(`The field "${part.fieldname}" is too long.`);
        (upload.fields[part.fieldname] ??= []).push(part.value);
        continue;
      }
      if (part.fieldname !== files.field) {
        throw badRequest(`Unexpected file field "${part.fieldname}": attach ${files.max === 1 ? 'the photo' : 'photos'} as "${files.field}".`);
      }
      if (upload.photos.length === 0 && options.beforeFirstPhoto) {
        try {
          options.beforeFirstPhoto(upload.fields);
        } catch (error) {
          part.file.resume();
          throw error;
        }
      }
      const path = join(dir, `photo-${upload.photos.length}`);
      await pipeline(part.file, createWriteStream(path, { flags: 'wx', mode: 0o600 }));
      const photo = { path, bytes: part.file.bytesRead };
      upload.photos.push(photo);
      options.onPhoto?.(photo);
    }
  } catch (error) {
    await upload.cleanup();
    throw translateMultipartError(error, files.tooMany);
  }
  return upload;
}

function translateMultipartError(error: unknown, tooMany: string): unknown {
  if (error instanceof DomainError) return error;
  const code = (error as { code?: string }).code;
  const message = error instanceof Error ? error.message : '';
  switch (code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return payloadTooLarge(photoTooLargeMessage);
    case 'FST_FILES_LIMIT':
      return payloadTooLarge(tooMany);
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return payloadTooLarge('The form has more fields than an assessment needs.');
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return new DomainError(415, 'unsupported_media_type', 'Please send the assessment as a multipart form with the photos attached.');
  }
  if (/Unexpected end of (form|multipart data)|aborted|Part terminated early/i.test(message) || code === 'ECONNRESET') {
    return badRequest('The upload stopped before it finished. Please check your connection and try again.');
  }
  if (/Malformed|boundary/i.test(message)) return badRequest('The form could not be read. Please try again.');
  return error;
}

/** Multipart fields as the shared schema expects them (repeated fields become lists). */
export function fieldsForSchema(fields: Record<string, string[]>): Record<string, unknown> {
  const single = (name: string) => fields[name]?.[0];
  return {
    name: single('name'),
    email: single('email'),
    phone: single('phone'),
    address: single('address'),
    city: single('city'),
    county: single('county'),
    postcode: single('postcode'),
    vehicleMake: single('vehicleMake'),
    vehicleModel: single('vehicleModel'),
    vehicleYear: single('vehicleYear'),
    damageType: single('damageType') || undefined,
    damageLocations: damageLocationsFrom(fields),
    damageDescription: single('damageDescription'),
  };
}

// Clients send the list as repeated fields, as "damageLocations[]", or as one JSON array.
function damageLocationsFrom(fields: Record<string, string[]>): string[] {
  const values = [...(fields.damageLocations ?? []), ...(fields['damageLocations[]'] ?? [])];
  return values.flatMap((value) => {
    const trimmed = value.trim();
    if (trimmed.startsWith('[')) {
      try {
        const parsed: unknown = JSON.parse(trimmed);
        return Array.isArray(parsed) ? parsed.map(String) : [];
      } catch {
        return [trimmed];
      }
    }
    return trimmed.includes(',') ? trimmed.split(',').map((v) => v.trim()) : [trimmed];
  }).filter((v) => v !== '');
}
