// The ports: what a module needs from the world outside the process, as interfaces. The adapters
// that fill them (SMTP, disk or bucket, outcodes or postcodes.io, argon2, the safe page reader)
// live in their modules and are built once by buildApp; the modules, the jobs and ModuleDeps
// depend on these interfaces only, so nothing below the modules imports a module to name them.

export interface OutgoingMail {
  from: string;
  to: string;
  subject: string;
  /** Where a reply goes when it is not the sender (MAIL_FROM may be a no-reply address). */
  replyTo?: string;
  text: string;
  html?: string | null;
  headers?: Record<string, string>;
  attachments?: { filename: string; contentType: string; content: string; encoding?: 'base64' }[];
}

/** Outgoing mail (modules/email/mailer.ts: nodemailer, or nothing when SMTP_URL is unset). */
export interface Mailer {
  readonly configured: boolean;
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

export interface StoredFile {
  key: string;
  modifiedAt: Date;
  /** Bytes stored. */
  size: number;
}

/** Where photos live (modules/images: DiskFileStore, or S3FileStore when S3_BUCKET is set). */
export interface FileStore {
  /** Stores data under key, replacing any previous data; readers see old or new, never half. */
  put(key: string, data: Buffer): Promise<void>;
  /**
   * As put, from a stream of exactly byteLength bytes, never holding the whole file in memory
   * (photos:migrate). A stream that fails, ends short or runs long rejects and leaves no part
   * of itself under the key (the bucket removes the key: some stores keep what arrived of an
   * aborted upload).
   */
  putStream(key: string, data: NodeJS.ReadableStream, byteLength: number): Promise<void>;
  get(key: string): Promise<Buffer | null>;
  stream(key: string): Promise<NodeJS.ReadableStream | null>;
  /** Removes key; removing a missing key is not an error. */
  delete(key: string): Promise<void>;
  /** Stored keys under a prefix, with when each was written (for the orphan sweeper). */
  list(prefix: string): Promise<StoredFile[]>;
  /** The same as list, a page at a time, so a big store is never listed into memory whole. */
  scan(prefix: string): AsyncIterable<StoredFile[]>;
  /** Lets go of connections (the app's close). */
  close?(): void;
}

export interface Location {
  latitude: number;
  longitude: number;
  /** 'postcode': the postcode itself; 'district': the centre of its outward code. */
  precision: 'postcode' | 'district';
}

/** Where a UK postcode is (modules/geo/geocoder.ts: the outcode table, or postcodes.io). */
export interface Geocoder {
  /** Where the postcode is, or null when it is not a UK postcode or cannot be located. Never throws for bad input. */
  locate(postcode: string): Promise<Location | null>;
}

/** The one bounded password hasher (modules/auth/password-queue.ts, issue 7). */
export interface PasswordHasher {
  /**
   * Verifies password against stored, or against a dummy hash when there is no account (so
   * timing does not tell which e-mails have one). Refuses at once with 503 when full.
   */
  verify(password: string, stored: string | undefined): Promise<boolean>;
  hash(password: string): Promise<string>;
}

export interface FetchedPage {
  /** Where the page was finally read from (after redirects). */
  url: string;
  html: string;
  /** The body was longer than maxBytes: the rest was never read. */
  truncated: boolean;
}

/** Reads strangers' web pages safely (modules/email-collection/site-fetcher.ts, D18). */
export interface PageFetcher {
  /** Reads one page (following a few redirects); throws the adapter's FetchError. */
  fetchPage(url: string, runKey: string): Promise<FetchedPage>;
  /** Forgets a run's robots.txt (its hosts are read afresh by the next run). */
  forgetRun(runKey: string): void;
  close(): Promise<void>;
}
