// Photos in an S3-compatible bucket (issue 14; ARCHITECTURE "Runs on one machine, grows past
// it"): the file store's interface over PutObject, GetObject, DeleteObject and ListObjectsV2,
// so any number of app instances share one set of photos. Nothing is held whole in memory
// that was not already: reads hand GetObject's body stream to the reply, putStream sends a
// stream with its length, and listing goes a page of 1,000 keys at a time.
//
// A PUT in S3 is atomic: readers see the old object or the new one, never part of one, which
// is the same promise DiskFileStore's rename keeps. Keys follow the same rules as on disk.
import { Transform, type Readable } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import type { S3Config } from '../../config/config';
import { assertValidKey, InvalidFileKeyError, listAll, type FileStore, type StoredFile } from './file-store';

const CONTENT_TYPES: Record<string, string> = { jpg: 'image/jpeg', jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp' };

export class S3FileStore implements FileStore {
  readonly bucket: string;
  readonly client: S3Client;
  readonly #pageSize: number;

  /** pageSize: keys a listing asks for at a time (S3's maximum, 1,000, unless a test wants pages). */
  constructor(config: S3Config, options: { pageSize?: number } = {}) {
    this.bucket = config.bucket;
    this.#pageSize = options.pageSize ?? 1000;
    this.client = new S3Client({
      region: config.region,
      ...(config.endpoint ? { endpoint: config.endpoint } : {}),
      forcePathStyle: config.forcePathStyle,
      credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
      // Checksums only where S3 demands them. The SDK's default (a CRC32 trailer in
      // aws-chunked framing) is not understood by several S3-compatible stores, which then
      // save the framing as the photo (DEPENDENCY-NOTES: s3rver does). HTTPS and the
      // ContentLength we always send guard the bytes instead.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      // A store that does not answer must not hold a customer's request for minutes.
      requestHandler: { connectionTimeout: 5_000, requestTimeout: 60_000 },
      maxAttempts: 3,
    });
  }

  async put(key: string, data: Buffer): Promise<void> {
    assertValidKey(key);
    await this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: data, ContentLength: data.length, ContentType: contentTypeOf(key) }));
  }

  async putStream(key: string, data: NodeJS.ReadableStream, byteLength: number): Promise<void> {
    assertValidKey(key);
    // A stream that fails, ends short or runs long aborts the request (the SDK would otherwise
    // wait for the missing bytes). S3 itself stores nothing from a PUT cut off, but some
    // S3-compatible stores keep what arrived (s3rver does), so the key is removed as well.
    const abort = new AbortController();
    let failure: Error | undefined;
    const fail = (error: Error) => {
      failure ??= error;
      abort.abort(error);
    };
    const source = data as Readable;
    const counted = source.pipe(exactly(byteLength, key));
    source.once('error', (error) => {
      fail(error);
      counted.destroy(error);
    });
    counted.once('error', fail);
    try {
      await this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: counted, ContentLength: byteLength, ContentType: contentTypeOf(key) }), {
        abortSignal: abort.signal,
      });
    } catch (error) {
      await this.#removeLeftover(key);
      throw failure ?? error;
    }
    if (failure) {
      await this.#removeLeftover(key);
      throw failure;
    }
  }

  /**
   * After a cut-off PUT. S3 keeps nothing from one, but some S3-compatible stores write what
   * arrived once they notice the connection closed, which can be after a first delete: delete,
   * then look again a few times over a second and delete whatever has appeared.
   */
  async #removeLeftover(key: string): Promise<void> {
    for (let attempt = 0, absent = 0; attempt < 10 && absent < 3; attempt++) {
      const present = attempt === 0 || (await this.#exists(key).catch(() => true));
      if (present) {
        absent = 0;
        await this.delete(key).catch(() => {});
      } else absent++;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  async #exists(key: string): Promise<boolean> {
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return true;
    } catch (error) {
      if (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404) return false;
      throw error;
    }
  }

  async get(key: string): Promise<Buffer | null> {
    const body = await this.#getBody(key);
    return body ? Buffer.from(await body.transformToByteArray()) : null;
  }

  async stream(key: string): Promise<NodeJS.ReadableStream | null> {
    // GetObject answers once the headers arrive: a missing key is a null here, and the body
    // streams from the store to the reply as the client reads it.
    return ((await this.#getBody(key)) as unknown as Readable | null) ?? null;
  }

  async delete(key: string): Promise<void> {
    assertValidKey(key);
    // S3 answers 204 for a key that is not there: deleting twice is fine, as on disk.
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  async list(prefix: string): Promise<StoredFile[]> {
    return listAll(this.scan(prefix));
  }

  async *scan(prefix: string): AsyncIterable<StoredFile[]> {
    let continuationToken: string | undefined;
    do {
      const page = await this.client.send(new ListObjectsV2Command({ Bucket: this.bucket, Prefix: prefix, MaxKeys: this.#pageSize, ContinuationToken: continuationToken }));
      const files: StoredFile[] = [];
      for (const object of page.Contents ?? []) {
        // Whatever else shares the bucket under a name we would never write is left alone.
        if (!object.Key || !isValidKey(object.Key)) continue;
        files.push({ key: object.Key, modifiedAt: object.LastModified ?? new Date(0), size: object.Size ?? 0 });
      }
      if (files.length > 0) yield files;
      continuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (continuationToken);
  }

  close(): void {
    this.client.destroy();
  }

  async #getBody(key: string) {
    assertValidKey(key);
    try {
      const object = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
      return object.Body ?? null;
    } catch (error) {
      if (isMissingKey(error)) return null;
      throw error;
    }
  }
}

function contentTypeOf(key: string): string {
  return CONTENT_TYPES[key.slice(key.lastIndexOf('.') + 1).toLowerCase()] ?? 'application/octet-stream';
}

function isValidKey(key: string): boolean {
  try {
    assertValidKey(key);
    return true;
  } catch (error) {
    if (error instanceof InvalidFileKeyError) return false;
    throw error;
  }
}

/** A missing object, but not a missing bucket (that is a setting to fix, not a lost photo). */
function isMissingKey(error: unknown): boolean {
  if (!(error instanceof S3ServiceException)) return false;
  return error.name === 'NoSuchKey' || (error.$metadata.httpStatusCode === 404 && error.name !== 'NoSuchBucket');
}

/** Passes exactly `length` bytes through, or fails the stream. */
function exactly(length: number, key: string): Transform {
  let seen = 0;
  // The last chunk is held back until the source ends: a stream that runs long must fail before
  // the store has received all the bytes announced, or the store would take the PUT as whole.
  let held: Buffer | null = null;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      seen += chunk.length;
      if (seen > length) return callback(new Error(`The stream for ${key} is longer than the ${length} bytes announced`));
      const previous = held;
      held = chunk;
      callback(null, previous ?? undefined);
    },
    flush(callback) {
      if (seen !== length) return callback(new Error(`The stream for ${key} ended after ${seen} of ${length} bytes`));
      callback(null, held ?? undefined);
    },
  });
}
