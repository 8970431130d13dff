// npm run restore -- file.tar.gz: restores a backup into DATA_DIR, which must hold no database
// and no photos. Start the product afterwards; it applies any newer migrations.
import { ConfigError, loadConfig } from '../../config/config';
import { BackupError, restoreBackup } from './backup';
import { requestBackup } from './control-socket';

async function main(): Promise<number> {
  const file = process.argv[2];
  if (!file) {
    console.error('Name the backup to restore: npm run restore -- backups/autorevive-20261125-030000.tar.gz');
    return 1;
  }
  const config = loadConfig();
  if (config.databaseUrl) {
    console.error('DATABASE_URL is set: restore a PostgreSQL server with pg_restore or psql instead (docs/operations.md).');
    return 1;
  }
  // A product running on this folder answers its control socket: never restore under it. (An
  // empty path asks nothing of it: requestBackup only checks that something listens.)
  if ((await requestBackup(config, '').catch(() => 'answered')) !== null) {
    console.error(`The product is running on ${config.dataDir}. Stop it, and restore into an empty data folder.`);
    return 1;
  }
  const result = await restoreBackup(file, config);
  const rows = Object.values(result.tables).reduce((a, b) => a + b, 0);
  console.log(`Restored the backup of ${result.createdAt} into ${config.dataDir}: ${rows.toLocaleString('en-GB')} rows in ${Object.keys(result.tables).length} tables and ${result.photos.toLocaleString('en-GB')} photo files, each checked against its manifest.`);
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof BackupError || error instanceof ConfigError ? error.message : error);
    process.exit(1);
  },
);
