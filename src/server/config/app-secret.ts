// The key that signs unsubscribe links (D19) and known-device cookies (sign-in). APP_SECRET when set; otherwise a random one made on
// first start and kept in DATA_DIR/app-secret, so links in e-mails already sent keep working after
// a restart. Several instances must share one key: set APP_SECRET (docs/operations.md).
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { AppConfig } from './config';

export async function loadAppSecret(config: Pick<AppConfig, 'appSecret' | 'dataDir'>): Promise<string> {
  if (config.appSecret) return config.appSecret;
  const file = join(config.dataDir, 'app-secret');
  try {
    return (await readFile(file, 'utf8')).trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  await mkdir(config.dataDir, { recursive: true });
  try {
    // 'wx': if another process made it first, theirs is kept and read below.
    await writeFile(file, `${randomBytes(32).toString('hex')}\n`, { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return (await readFile(file, 'utf8')).trim();
}
