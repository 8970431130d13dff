// npm run backup [-- file.tar.gz]: one archive of the embedded database and the photos, taken
// while the product runs (it answers on DATA_DIR/control.sock) or, when it is stopped, by
// opening the database here. Default file: backups/autorevive-<date>-<time>.tar.gz.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { ConfigError, loadConfig } from '../../config/config';
import { openDatabase } from '../../db/database';
import { BackupError, writeBackup, type BackupResult } from './backup';
import { requestBackup } from './control-socket';

function defaultName(now = new Date()): string {
  const stamp = now.toISOString().replace(/\.\d+Z$/, '').replace(/[-:]/g, '').replace('T', '-');
  return `backups/autorevive-${stamp}.tar.gz`;
}

async function main(): Promise<number> {
  const config = loadConfig();
  if (config.databaseUrl) {
    console.error('DATABASE_URL is set: the data lives on a PostgreSQL server. Back it up with pg_dump or continuous archiving, and the photos with the bucket or folder they are in (docs/operations.md).');
    return 1;
  }
  const file = resolve(process.argv[2] ?? defaultName());
  let result: BackupResult | null = await requestBackup(config, file);
  if (result) console.log('The running product wrote the backup.');
  else {
    if (!existsSync(config.pgliteDir)) {
      console.error(`There is no database at ${config.pgliteDir} to back up (DATA_DIR is ${config.dataDir}).`);
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
  if (config.s3) console.log(`The photos are in the bucket ${config.s3.bucket}, not in this archive: back it up with the store's own versioning or replication (docs/operations.md).`);
  console.log(`Backup written: ${result.file} (${(result.bytes / 1024 / 1024).toFixed(1)} MB): ${rows.toLocaleString('en-GB')} rows in ${Object.keys(result.tables).length} tables, ${result.photos.toLocaleString('en-GB')} photo files.`);
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof BackupError || error instanceof ConfigError ? error.message : error);
    process.exit(1);
  },
);
