// npm run backup [-- file.tar.gz]: one archive of the embedded database and the photos, taken
// while the product runs (it answers on DATA_DIR/control.sock) or, when it is stopped, by
// opening the database here. Default file: backups/autorevive-<date>-<time>.tar.gz.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { loadConfig } from '../../config/config';
import { openDatabase } from '../../db/database';
import { writeBackup, type BackupResult } from './backup';
import { requestBackup } from './control-socket';
import { runWhenEntry, type Command } from './command';

function defaultName(now = new Date()): string {
  const stamp = now.toISOString().replace(/\.\d+Z$/, '').replace(/[-:]/g, '').replace('T', '-');
  return `backups/autorevive-${stamp}.tar.gz`;
}

/** The command itself: arguments, settings and where to write; answers the exit code. */
export const backupCommand: Command = async (args, env, out) => {
  const config = loadConfig(env);
  if (config.databaseUrl) {
    out.error('DATABASE_URL is set: the data lives on a PostgreSQL server. Back it up with pg_dump or continuous archiving, and the photos with the bucket or folder they are in (docs/operations.md).');
    return 1;
  }
  const file = resolve(args[0] ?? defaultName());
  let result: BackupResult | null = await requestBackup(config, file);
  if (result) out.log('The running product wrote the backup.');
  else {
    if (!existsSync(config.pgliteDir)) {
      out.error(`There is no database at ${config.pgliteDir} to back up (DATA_DIR is ${config.dataDir}).`);
      return 1;
    }
    const database = await openDatabase({ pgliteDir: config.pgliteDir });
    try {
      result = await writeBackup(database, config, file);
    } finally {
      await database.close();
    }
  }
  const rows = Object.values(result.tables).reduce((a, b) => a + b, 0);
  if (config.s3) out.log(`The photos are in the bucket ${config.s3.bucket}, not in this archive: back it up with the store's own versioning or replication (docs/operations.md).`);
  out.log(`Backup written: ${result.file} (${(result.bytes / 1024 / 1024).toFixed(1)} MB): ${rows.toLocaleString('en-GB')} rows in ${Object.keys(result.tables).length} tables, ${result.photos.toLocaleString('en-GB')} photo files.`);
  return 0;
};

runWhenEntry(import.meta.url, backupCommand);
