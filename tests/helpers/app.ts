// Tests build the same app as production (STYLE habit 2) on a database of their own.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { DestinationStream } from 'pino';
import { inject } from 'vitest';
import { buildApp } from '../../src/server/app';
import { loadConfig, type AppConfig } from '../../src/server/config/config';
import type { Database } from '../../src/server/db/database';
import type { Mailer } from '../../src/server/modules/email';
import { openServerDatabase, takeImageDatabase } from './database';
import type { Resolver } from '../../src/server/modules/email-collection';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: AppConfig;
  close(): Promise<void>;
}

export interface TestAppOptions {
  /** 'server' uses TEST_DATABASE_URL's PostgreSQL (concurrency suites); 'auto' picks it when set. */
  engine?: 'pglite' | 'server' | 'auto';
  env?: Record<string, string>;
  mailer?: Mailer;
  configure?: (config: AppConfig) => void;
  /** Add routes before the app is ready (error-path tests). */
  extend?: (app: FastifyInstance) => void;
  /** How the e-mail collector resolves host names (e-mail collection tests). */
  resolveHost?: Resolver;
  /** Where the app's log lines go (with env LOG_LEVEL set); none are written by default. */
  logDestination?: DestinationStream;
}

export function serverDatabaseAvailable(): boolean {
  return inject('serverTemplate') !== null;
}

export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'autorevive-app-'));
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir, SEED_DEMO_DATA: 'false', ...options.env });
  config.runWorkers = false;
  config.webDistDir = join(dataDir, 'no-web-build');
  options.configure?.(config);

  const useServer = options.engine === 'server' || (options.engine === 'auto' && serverDatabaseAvailable());
  let database: Database;
  let drop: (() => Promise<void>) | undefined;
  if (useServer) {
    const serverUrl = inject('serverTemplate');
    if (!serverUrl) throw new Error('TEST_DATABASE_URL is not set; this suite needs a PostgreSQL server.');
    ({ database, drop } = await openServerDatabase(serverUrl));
  } else {
    database = await takeImageDatabase(inject('pgliteImagePath'));
  }
  const app = await buildApp(config, { database, ...(options.mailer ? { mailer: options.mailer } : {}), ...(options.resolveHost ? { resolveHost: options.resolveHost } : {}), ...(options.logDestination ? { logDestination: options.logDestination } : {}) });
  options.extend?.(app);
  await app.ready();
  return {
    app,
    database,
    config,
    async close() {
      await app.close();
      if (drop) await drop();
      else await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The session cookie from a sign-in response, ready for a Cookie header. */
export function cookieHeader(response: LightMyRequestResponse): string {
  return response.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
}

export async function signInAs(app: FastifyInstance, email: string, password: string): Promise<string> {
  const response = await app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email, password } });
  if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.statusCode} ${response.body}`);
  return cookieHeader(response);
}
