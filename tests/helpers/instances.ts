// Two app instances on one PostgreSQL server database (issue 13's "two instances"; the outbox's
// and the texts' exactly-once tests): a scratch database from the server template, instance A on
// its first connection and B on its own, both running workers and the timetable as production
// instances do, each with its own data folder and no web build.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { buildApp, type BuildAppOptions } from '../../src/server/app';
import { loadConfig, type AppConfig } from '../../src/server/config/config';
import { openDatabase, type Database } from '../../src/server/db/database';
import { openServerDatabase } from './database';

export interface Instance {
  name: 'A' | 'B';
  app: FastifyInstance;
  database: Database;
  config: AppConfig;
  dataDir: string;
}

export interface TwoInstances {
  instances: Instance[];
  /** Closes both apps (B's own connection too), removes their folders and drops the database. */
  close(): Promise<void>;
}

/**
 * `env`: the settings both share (beside test defaults); `configure`: changes to one instance's
 * configuration; `options`: what buildApp gets besides the database (each instance's own mailer).
 */
export async function startTwoInstances(
  prefix: string,
  env: Record<string, string>,
  setup: { configure?: (config: AppConfig) => void; options?: (name: Instance['name']) => Omit<BuildAppOptions, 'database'> } = {},
): Promise<TwoInstances> {
  const first = await openServerDatabase(inject('serverTemplate')!);
  const url = (first.database.pool as unknown as { options: { connectionString: string } }).options.connectionString;
  const instances: Instance[] = [];
  for (const name of ['A', 'B'] as const) {
    const dataDir = mkdtempSync(join(tmpdir(), `autorevive-${prefix}-${name}-`));
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir, SEED_DEMO_DATA: 'false', ...env, DATABASE_URL: url });
    config.webDistDir = join(dataDir, 'no-web-build');
    config.runWorkers = true;
    setup.configure?.(config);
    const database = name === 'A' ? first.database : await openDatabase({ databaseUrl: url });
    const app = await buildApp(config, { ...setup.options?.(name), database });
    await app.ready();
    instances.push({ name, app, database, config, dataDir });
  }
  return {
    instances,
    async close() {
      for (const instance of [...instances].reverse()) {
        await instance.app.close();
        if (instance.name === 'B') await instance.database.close();
        rmSync(instance.dataDir, { recursive: true, force: true });
      }
      await first.drop();
    },
  };
}
