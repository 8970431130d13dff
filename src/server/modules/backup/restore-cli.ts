// npm run restore -- file.tar.gz: restores a backup into DATA_DIR, which must hold no database
// and no photos. Start the product afterwards; it applies any newer migrations.
import { loadConfig } from '../../config/config';
import { restoreBackup } from './backup';
import { productRunsOn } from './control-socket';
import { runWhenEntry, type Command } from './command';

/** The command itself: arguments, settings and where to write; answers the exit code. */
export const restoreCommand: Command = async (args, env, out) => {
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
  // Never restore under a product running on this folder.
  if (await productRunsOn(config)) {
    out.error(`The product is running on ${config.dataDir}. Stop it, and restore into an empty data folder.`);
    return 1;
  }
  const result = await restoreBackup(file, config);
  const rows = Object.values(result.tables).reduce((a, b) => a + b, 0);
  out.log(`Restored the backup of ${result.createdAt} into ${config.dataDir}: ${rows.toLocaleString('en-GB')} rows in ${Object.keys(result.tables).length} tables and ${result.photos.toLocaleString('en-GB')} photo files, each checked against its manifest.`);
  return 0;
};

runWhenEntry(import.meta.url, restoreCommand);
