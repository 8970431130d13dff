// Where the last backup of the embedded database is recorded (issue 14): a small file in
// DATA_DIR written by `npm run backup`, read by the health panel and /metrics.
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { AppConfig } from '../../config/config';

export interface BackupRecord {
  at: string;
  file: string;
  bytes: number;
}

const recordPath = (config: Pick<AppConfig, 'dataDir'>) => join(config.dataDir, 'backups', 'last-backup.json');

export async function lastBackup(config: Pick<AppConfig, 'dataDir'>): Promise<BackupRecord | null> {
  try {
    return JSON.parse(await readFile(recordPath(config), 'utf8')) as BackupRecord;
  } catch {
    return null;
  }
}

export async function recordBackup(config: Pick<AppConfig, 'dataDir'>, record: BackupRecord): Promise<void> {
  const path = recordPath(config);
  await mkdir(join(config.dataDir, 'backups'), { recursive: true });
  await writeFile(`${path}.tmp`, JSON.stringify(record));
  await rename(`${path}.tmp`, path);
}
