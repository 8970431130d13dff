// npm run restore -- file.tar.gz: restores a backup into DATA_DIR, which must hold no database
// and no photos. Start the product afterwards; it applies any newer migrations.
import { pathToFileURL } from 'node:url';
import { ConfigError, loadConfig } from '../../config/config';
import { BackupError, restoreBackup } from './backup';
import type { Output } from './backup-cli';
import { requestBackup } from './control-socket';

/** The command itself: arguments, settings and where to write; answers the exit code. */
export async function restoreCommand(args: string[], env: Record<string, string | undefined>, out: Output): Promise<number> {
  const file = args[0];
  if (!file) {
    out.error('Name the backup to restore: npm run restore -- backups/autorevive-20261125-030000.tar.gz');
    return 1;
  }
  const config = loadConfig(env);
  if (config.databaseUrl) {
    out.error('DATABASE_URL is set: restore a PostgreSQL server with pg_restore or psql instead (docs/operations.md).');
    return 1;
  }
  // A product running on this folder answers its control socket: never restore under it. (An
  // empty path asks nothing of it: requestBackup only checks that something listens.)
  if ((await requestBackup(config, '').catch(() => 'answered')) !== null) {
    out.error(`The product is running on ${config.dataDir}. Stop it, and restore into an empty data folder.`);
    return 1;
  }
  const result = await restoreBackup(file, config);
  const rows = Object.values(result.tables).reduce((a, b) => a + b, 0);
  out.log(`Restored the backup of ${result.createdAt} into ${config.dataDir}: ${rows.toLocaleString('en-GB')} rows in ${Object.keys(result.tables).length} tables and ${result.photos.toLocaleString('en-GB')} photo files, each checked against its manifest.`);
  return 0;
}

// Run as a command (npm run restore), not when a test imports it.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  restoreCommand(process.argv.slice(2), process.env, console).then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error instanceof BackupError || error instanceof ConfigError ? error.message : error);
      process.exit(1);
    },
  );
}
