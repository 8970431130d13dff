// The running product's answer to `npm run backup` (issue 14): only the process that has the
// embedded database open may dump it, so it listens on a Unix socket in DATA_DIR that only its
// owner can reach (mode 0600; nothing on the network). One backup at a time.
import { chmod, rm } from 'node:fs/promises';
import { createServer, request as httpRequest, type Server } from 'node:http';
import { join } from 'node:path';
import type { AppConfig } from '../../config/config';
import type { Database } from '../../db/database';
import { BackupError, writeBackup, type BackupResult } from './backup';

export const controlSocketPath = (config: Pick<AppConfig, 'dataDir'>) => join(config.dataDir, 'control.sock');

export async function startControlSocket(database: Database, config: Pick<AppConfig, 'dataDir' | 'uploadsDir'>): Promise<Server> {
  const path = controlSocketPath(config);
  let running: Promise<unknown> = Promise.resolve();
  const server = createServer((request, response) => {
    const answer = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    if (request.method !== 'POST' || request.url !== '/backup') return answer(404, { message: 'Only POST /backup is answered here.' });
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      let file: unknown;
      try {
        file = (JSON.parse(Buffer.concat(chunks).toString('utf8')) as { file?: unknown }).file;
      } catch {
        file = undefined;
      }
      if (typeof file !== 'string' || !file.startsWith('/')) return answer(400, { message: 'Send { "file": "/absolute/path.tar.gz" }.' });
      const job = running.then(() => writeBackup(database, config, file));
      running = job.catch(() => undefined);
      job.then(
        (result) => answer(200, result),
        (error: unknown) => answer(error instanceof BackupError ? 400 : 500, { message: error instanceof Error ? error.message : String(error) }),
      );
    });
  });
  await rm(path, { force: true }); // a socket left by a process that did not shut down cleanly
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(path, resolve);
  });
  await chmod(path, 0o600);
  server.unref();
  return server;
}

export function closeControlSocket(server: Server): Promise<void> {
  return new Promise((resolve) => server.close(() => resolve()));
}

/** Asks the product running on this data folder for a backup; null when none answers there. */
export function requestBackup(config: Pick<AppConfig, 'dataDir'>, file: string): Promise<BackupResult | null> {
  return new Promise((resolve, reject) => {
    // agent: false, a connection of its own: a kept-alive one to a product that has since stopped would fail with EPIPE, not say that nothing listens.
    const request = httpRequest({ socketPath: controlSocketPath(config), agent: false, method: 'POST', path: '/backup', headers: { 'content-type': 'application/json' } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as BackupResult & { message?: string };
        if (response.statusCode === 200) resolve(body);
        else reject(new BackupError(body.message ?? `The product answered ${response.statusCode}.`));
      });
    });
    request.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT' || error.code === 'ECONNREFUSED') resolve(null);
      else reject(error);
    });
    request.end(JSON.stringify({ file }));
  });
}

/**
 * Whether a product is running on this data folder: its control socket answers. The embedded
 * database takes one process at a time, so a command that opens it (restore, admin:create) must
 * not run beside the product. An empty path asks nothing of it: the product refuses it.
 */
export async function productRunsOn(config: Pick<AppConfig, 'dataDir'>): Promise<boolean> {
  return (await requestBackup(config, '').catch(() => 'answered')) !== null;
}
