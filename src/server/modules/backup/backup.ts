// Backups of the embedded default (issue 14): one archive holding the database and the photos,
// written while the product runs, and a restore into an empty data folder.
//
// The archive is a gzipped tar with three parts: manifest.json (when, the row count of every
// table, every photo's size), database.tar.gz (PGlite's own dump of its data folder) and
// uploads/ (the photos, streamed from disk, never held whole in memory). The database is dumped
// first, while PGlite runs nothing else, so it is one consistent moment; the photos are listed
// after it, so every photo the database knows is in the archive (a photo uploaded in between is
// an orphan the sweeper removes after a restore).
//
// Only the process that has PGlite open may dump it: a running product answers `npm run backup`
// on a Unix socket in DATA_DIR (control.sock, readable only by its owner), and the command
// opens the database itself only when nothing answers there (src/server/modules/backup/backup-cli.ts).
import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rename, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { dirname, join, relative, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import * as tar from 'tar';
import type { AppConfig } from '../../config/config';
import type { Database } from '../../db/database';
import { recordBackup, type BackupRecord } from './backup-record';

export const BACKUP_FORMAT = 1;

export interface BackupManifest {
  format: number;
  createdAt: string;
  /** Rows in each table of the public schema at the moment of the dump. */
  tables: Record<string, number>;
  /** Each photo's path under uploads/ and its size in bytes. */
  photos: Record<string, number>;
}

export interface BackupResult extends BackupRecord {
  photos: number;
  tables: Record<string, number>;
}

export class BackupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupError';
  }
}

async function tableCounts(run: (text: string) => Promise<{ rows: Record<string, unknown>[] }>): Promise<Record<string, number>> {
  const { rows } = await run(`SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`);
  const counts: Record<string, number> = {};
  for (const { table_name: name } of rows) counts[String(name)] = Number((await run(`SELECT count(*)::int AS n FROM "${String(name)}"`)).rows[0]!.n);
  return counts;
}

async function listFiles(root: string): Promise<Record<string, number>> {
  const files: Record<string, number> = {};
  if (!existsSync(root)) return files;
  for (const entry of await readdir(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || entry.name.endsWith('.tmp')) continue; // a photo being written is not a photo yet
    const path = join(entry.parentPath, entry.name);
    files[relative(root, path)] = (await stat(path)).size;
  }
  return files;
}

/** Writes one archive of the database and the photos to `file` (via file.partial, so a failure leaves nothing). */
export async function writeBackup(database: Database, config: Pick<AppConfig, 'dataDir' | 'uploadsDir'>, file: string): Promise<BackupResult> {
  const pglite = database.pglite;
  if (!pglite) throw new BackupError('This product keeps its data on a PostgreSQL server: back it up with pg_dump or continuous archiving (docs/operations.md).');
  const target = resolve(file);
  await mkdir(dirname(target), { recursive: true });
  const staging = await mkdtemp(join(dirname(target), '.backup-'));
  const partial = `${target}.partial`;
  try {
    const createdAt = new Date().toISOString();
    await pglite.exec('CHECKPOINT');
    const tables = await tableCounts((text) => pglite.query(text));
    const dump = await pglite.dumpDataDir('gzip');
    await writeFile(join(staging, 'database.tar.gz'), Buffer.from(await dump.arrayBuffer()));
    const photos = await listFiles(config.uploadsDir);
    const manifest: BackupManifest = { format: BACKUP_FORMAT, createdAt, tables, photos };
    await writeFile(join(staging, 'manifest.json'), JSON.stringify(manifest, null, 2));

    // The photos are read through a link to the uploads folder, file by file as listed, so the
    // archive names them uploads/… and nothing is copied first.
    await symlink(config.uploadsDir, join(staging, 'uploads'), 'dir');
    const photoPaths = Object.keys(photos);
    await tar.create({ gzip: true, file: partial, cwd: staging, portable: true }, ['manifest.json', 'database.tar.gz', ...photoPaths.map((path) => `uploads/${path}`)]);
    await rename(partial, target);
    const record: BackupRecord = { at: createdAt, file: target, bytes: (await stat(target)).size };
    await recordBackup(config, record);
    return { ...record, photos: photoPaths.length, tables };
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

async function readManifest(folder: string): Promise<BackupManifest> {
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(await readFile(join(folder, 'manifest.json'), 'utf8')) as BackupManifest;
  } catch {
    throw new BackupError('This file is not an AutoRevive backup: it has no readable manifest.json.');
  }
  if (manifest.format !== BACKUP_FORMAT) throw new BackupError(`This backup has format ${String(manifest.format)}; this version reads format ${BACKUP_FORMAT}.`);
  if (!existsSync(join(folder, 'database.tar.gz'))) throw new BackupError('This backup has no database in it (database.tar.gz is missing).');
  return manifest;
}

const holdsSomething = async (path: string) => existsSync(path) && (await readdir(path)).length > 0;

export interface RestoreResult {
  createdAt: string;
  tables: Record<string, number>;
  photos: number;
}

/**
 * Restores `file` into config's data folder, which must hold no database and no photos. Checks
 * every table's row count and every photo's size against the manifest before it moves anything
 * into place; on any failure the data folder is left as it was.
 */
export async function restoreBackup(file: string, config: Pick<AppConfig, 'dataDir' | 'pgliteDir' | 'uploadsDir'>): Promise<RestoreResult> {
  if (!existsSync(file)) throw new BackupError(`There is no file at ${file}.`);
  if ((await holdsSomething(config.pgliteDir)) || (await holdsSomething(config.uploadsDir))) {
    throw new BackupError(`${config.dataDir} already holds a database or photos. Restore into an empty data folder: move it away, or set DATA_DIR to a new folder.`);
  }
  await mkdir(config.dataDir, { recursive: true });
  const staging = await mkdtemp(join(config.dataDir, `.restore-${randomUUID().slice(0, 8)}-`));
  try {
    try {
      // Read the whole archive once before writing any of it: when tar.extract meets a damaged
      // archive its promise rejects while its file writers are still open, so the clean-up below
      // raced them (ENOTEMPTY) and could leave a half-written folder behind.
      await tar.list({ file, strict: true });
      // Plain files and folders only: a link in a crafted archive could point outside the folder.
      await tar.extract({ file, cwd: staging, strict: true, filter: (_path, entry) => 'type' in entry && (entry.type === 'File' || entry.type === 'Directory') });
    } catch {
      throw new BackupError('This file is not an AutoRevive backup, or it is damaged: it could not be unpacked.');
    }
    const manifest = await readManifest(staging);
    const photos = await listFiles(join(staging, 'uploads'));
    for (const [path, size] of Object.entries(manifest.photos)) {
      if (photos[path] !== size) throw new BackupError(`The backup is damaged: the photo ${path} is missing or has the wrong size.`);
    }

    const databaseDir = join(staging, 'db');
    const dump = await readFile(join(staging, 'database.tar.gz'));
    const pglite = new PGlite(databaseDir, { loadDataDir: new Blob([dump]) });
    try {
      await pglite.waitReady;
      const tables = await tableCounts((text) => pglite.query(text));
      for (const [name, count] of Object.entries(manifest.tables)) {
        if (tables[name] !== count) throw new BackupError(`The backup is damaged: the table ${name} has ${tables[name] ?? 0} rows, the manifest says ${count}.`);
      }
    } finally {
      await pglite.close();
    }

    await rm(config.pgliteDir, { recursive: true, force: true });
    await rm(config.uploadsDir, { recursive: true, force: true });
    await rename(databaseDir, config.pgliteDir);
    if (existsSync(join(staging, 'uploads'))) await rename(join(staging, 'uploads'), config.uploadsDir);
    return { createdAt: manifest.createdAt, tables: manifest.tables, photos: Object.keys(manifest.photos).length };
  } finally {
    // Retries cover a writer still closing after a failure other than a damaged archive (a full disk).
    await rm(staging, { recursive: true, force: true, maxRetries: 5, retryDelay: 50 });
  }
}

/** A digest of every photo under a folder (tests compare a restore with its source). */
export async function photoDigests(root: string): Promise<Record<string, string>> {
  const digests: Record<string, string> = {};
  for (const path of Object.keys(await listFiles(root))) {
    const hash = createHash('sha256');
    for await (const chunk of createReadStream(join(root, path))) hash.update(chunk as Buffer);
    digests[path] = hash.digest('hex');
  }
  return digests;
}
