// Backups of the embedded default (issue 14): `npm run backup` writes one archive of the
// database and the photos while the product runs, `npm run restore -- file` puts it back into an
// empty data folder, and what comes back is the same records and the same files. Bad input (a
// folder that is not empty, a damaged file, a file that is not a backup, a PostgreSQL server)
// gets a sentence and changes nothing.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { copyFile, mkdir, readdir, readFile, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import * as tar from 'tar';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { loadConfig, type AppConfig } from '../../src/server/config/config';
import { wrapPglite, type Database } from '../../src/server/db/database';
import { createAssessmentRecord, createImageRecord, createQuote, createRepairer, createUser, type CreatedUser } from '../../src/server/db/factories';
import { closeControlSocket, photoDigests, requestBackup, restoreBackup, startControlSocket, writeBackup, type Command } from '../../src/server/modules/backup';
import { backupCommand } from '../../src/server/modules/backup/backup-cli';
import { restoreCommand } from '../../src/server/modules/backup/restore-cli';
import { signInAs } from '../helpers/app';

const folders: string[] = [];
const folder = (prefix: string) => {
  const path = mkdtempSync(join(tmpdir(), `autorevive-${prefix}-`));
  folders.push(path);
  return path;
};
const configFor = (dataDir: string): AppConfig => {
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir, SEED_DEMO_DATA: 'false' });
  config.runWorkers = false;
  config.webDistDir = join(dataDir, 'no-web-build');
  return config;
};

/** The rows of the tables that matter most, in a comparable form. */
async function snapshot(query: (text: string) => Promise<{ rows: unknown[] }>) {
  const tables = ['users', 'repairers', 'assessments', 'assessment_images', 'quotes'];
  const out: Record<string, unknown[]> = {};
  for (const table of tables) out[table] = (await query(`SELECT to_jsonb(t) AS row FROM "${table}" t ORDER BY id`)).rows;
  return out;
}

let source: { config: AppConfig; database: Database; app: Awaited<ReturnType<typeof buildApp>>; admin: CreatedUser };
let archive: string;
beforeAll(async () => {
  const dataDir = folder('source');
  const config = configFor(dataDir);
  // A database on disk, as the product keeps it, started from the suite's migrated image.
  const image = await readFile(inject('pgliteImagePath'));
  const database = wrapPglite(new PGlite(config.pgliteDir, { loadDataDir: new Blob([image]) }));
  const app = await buildApp(config, { database });
  await app.ready();
  const db = database.db;
  const admin = await createUser(db, { role: 'admin' });
  for (let i = 0; i < 3; i++) await createRepairer(db);
  for (let i = 0; i < 4; i++) {
    const assessment = await createAssessmentRecord(db);
    await createQuote(db, { assessmentId: assessment.id });
    for (let p = 0; p < 2; p++) {
      const image = await createImageRecord(db, { assessmentId: assessment.id });
      await app.deps.store.put(image.displayKey, randomBytes(150_000));
      await app.deps.store.put(image.thumbKey, randomBytes(8_000));
    }
  }
  source = { config, database, app, admin };
  archive = join(folder('archives'), 'nested', 'backup.tar.gz');
}, 60_000);
afterAll(async () => {
  await source.app.close();
  await source.database.close();
  for (const path of folders) rmSync(path, { recursive: true, force: true });
});

describe('a backup while the product runs, and its restore', () => {
  it('round-trips every record and every photo byte for byte, and the restored product works', async () => {
    const control = await startControlSocket(source.database, source.config);
    let before: Awaited<ReturnType<typeof snapshot>>;
    try {
      const result = await requestBackup(source.config, archive);
      expect(result).toMatchObject({ file: archive, photos: 16 });
      expect(result!.tables.assessments).toBe(4);
      before = await snapshot((text) => source.database.pglite!.query(text));
    } finally {
      await closeControlSocket(control);
    }
    // The health panel's "last backup" is this one.
    expect((await source.app.inject({ method: 'GET', url: '/api/admin/health', headers: { cookie: await signInAs(source.app, source.admin.email, source.admin.password) } })).json().backup.lastAt).not.toBeNull();

    const target = configFor(folder('restored'));
    const restored = await restoreBackup(archive, target);
    expect(restored.photos).toBe(16);
    expect(await photoDigests(target.uploadsDir)).toEqual(await photoDigests(source.config.uploadsDir));
    expect(readdirSync(target.dataDir).sort()).toEqual(['db', 'uploads']); // nothing left over from unpacking

    const pglite = new PGlite(target.pgliteDir);
    const database = wrapPglite(pglite);
    try {
      expect(await snapshot((text) => pglite.query(text))).toEqual(before);
      const app = await buildApp(target, { database });
      try {
        expect((await app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
        await signInAs(app, source.admin.email, source.admin.password); // the account and its password hash came back
        const [firstImage] = (await pglite.query<{ id: number }>('SELECT id FROM assessment_images ORDER BY id LIMIT 1')).rows;
        expect((await app.deps.store.get((await pglite.query<{ storage_key: string }>(`SELECT display_key AS storage_key FROM assessment_images WHERE id = ${firstImage!.id}`)).rows[0]!.storage_key))?.length).toBe(150_000);
      } finally {
        await app.close();
      }
    } finally {
      await database.close();
    }
  });

  it('takes a consistent moment while writes go on, and its restore checks every table against the manifest', async () => {
    const busyArchive = join(folder('busy'), 'busy.tar.gz');
    const writes = (async () => {
      for (let i = 0; i < 15; i++) await createRepairer(source.database.db);
    })();
    const [result] = await Promise.all([writeBackup(source.database, source.config, busyArchive), writes]);
    const restored = await restoreBackup(busyArchive, configFor(folder('busy-restored')));
    expect(restored.tables).toEqual(result.tables); // restoreBackup has counted each table again
    expect(result.tables.repairers).toBeGreaterThanOrEqual(3);
  });
});

describe('what a restore refuses, changing nothing', () => {
  it('a data folder that already holds a database', async () => {
    const target = configFor(folder('occupied'));
    await writeFile(join(target.dataDir, 'keep.txt'), 'x');
    await mkdir(target.pgliteDir, { recursive: true });
    await writeFile(join(target.pgliteDir, 'PG_VERSION'), '17');
    await expect(restoreBackup(archive, target)).rejects.toThrow(`${target.dataDir} already holds a database or photos. Restore into an empty data folder: move it away, or set DATA_DIR to a new folder.`);
    expect(readdirSync(target.dataDir).sort()).toEqual(['db', 'keep.txt']);
    expect(readdirSync(target.pgliteDir)).toEqual(['PG_VERSION']);
  });

  it('a damaged archive, and a file that is not a backup', async () => {
    const damaged = join(folder('damaged'), 'damaged.tar.gz');
    await copyFile(archive, damaged);
    await truncate(damaged, 40_000);
    const target = configFor(folder('from-damaged'));
    await expect(restoreBackup(damaged, target)).rejects.toThrow('This file is not an AutoRevive backup, or it is damaged: it could not be unpacked.');
    expect(readdirSync(target.dataDir)).toEqual([]);

    const other = join(folder('other'), 'other.tar.gz');
    await writeFile(join(folder('other-content'), 'x'), 'y');
    await tar.create({ gzip: true, file: other, cwd: folders.at(-1)! }, ['x']);
    await expect(restoreBackup(other, target)).rejects.toThrow('This file is not an AutoRevive backup: it has no readable manifest.json.');
    expect(readdirSync(target.dataDir)).toEqual([]);
  });

  it('a backup whose photo went missing', async () => {
    const unpacked = folder('unpacked');
    await tar.extract({ file: archive, cwd: unpacked });
    const photo = (await readdir(join(unpacked, 'uploads'), { recursive: true, withFileTypes: true })).find((entry) => entry.isFile())!;
    rmSync(join(photo.parentPath, photo.name));
    const repacked = join(unpacked, '..', `${randomBytes(4).toString('hex')}.tar.gz`);
    folders.push(repacked);
    await tar.create({ gzip: true, file: repacked, cwd: unpacked }, readdirSync(unpacked));
    const target = configFor(folder('from-repacked'));
    await expect(restoreBackup(repacked, target)).rejects.toThrow(/The backup is damaged: the photo .* is missing or has the wrong size\./);
    expect(readdirSync(target.dataDir)).toEqual([]);
  });
});

describe('the commands', () => {
  /** Runs a command as npm run would, in this process, and answers its exit code and output. */
  async function cli(command: Command, args: string[], env: Record<string, string>) {
    const lines: string[] = [];
    const out = { log: (line: string) => lines.push(line), error: (line: string) => lines.push(line) };
    const code = await command(args, { LOG_LEVEL: 'silent', ...env }, out);
    return { code, out: lines.join('\n') };
  }

  it('npm run backup on a stopped product, then npm run restore into a new folder; and their refusals', async () => {
    const stopped = folder('stopped');
    const file = join(stopped, 'out.tar.gz');
    // Restore the first archive as a "stopped product", then back that up from the command line.
    await restoreBackup(archive, configFor(join(stopped, 'data')));
    const backup = await cli(backupCommand, [file], { DATA_DIR: join(stopped, 'data') });
    expect(backup).toMatchObject({ code: 0 });
    expect(backup.out).toMatch(/^Backup written: .*out\.tar\.gz \(\d+\.\d MB\): [\d,]+ rows in \d+ tables, 16 photo files\.$/m);

    const restore = await cli(restoreCommand, [file], { DATA_DIR: join(stopped, 'again') });
    expect(restore).toMatchObject({ code: 0 });
    expect(restore.out).toMatch(/^Restored the backup of .* into .*again: [\d,]+ rows in \d+ tables and 16 photo files, each checked against its manifest\.$/m);
    expect(existsSync(join(stopped, 'again', 'db', 'PG_VERSION'))).toBe(true);

    expect(await cli(restoreCommand, [], { DATA_DIR: join(stopped, 'x') })).toEqual({ code: 1, out: expect.stringContaining('Name the backup to restore') });
    expect(await cli(backupCommand, [], { DATA_DIR: join(stopped, 'x'), DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/test' })).toEqual({
      code: 1,
      out: expect.stringContaining('DATABASE_URL is set: the data lives on a PostgreSQL server. Back it up with pg_dump'),
    });
    expect(await cli(backupCommand, [], { DATA_DIR: join(stopped, 'empty') })).toEqual({ code: 1, out: expect.stringContaining('There is no database at') });
  }, 60_000);
});
