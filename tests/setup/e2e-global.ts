// Browser tests drive the real server, built as in production, on a database of its own.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config/config';
import { createUser, type CreatedUser } from '../../src/server/db/factories';

declare module 'vitest' {
  export interface ProvidedContext {
    chromiumPath: string | null;
    baseUrl: string;
    accounts: { admin: CreatedUser; repairer: CreatedUser };
  }
}

export default async function setup(project: TestProject) {
  const chromium = process.env.CHROME_PATH || '/usr/bin/chromium';
  project.provide('chromiumPath', existsSync(chromium) ? chromium : null);
  if (!existsSync('dist/web/index.html')) {
    const build = spawnSync('npm', ['run', '--silent', 'build'], { stdio: 'inherit' });
    if (build.status !== 0) throw new Error('The web app did not build.');
  }

  const dataDir = mkdtempSync(join(tmpdir(), 'autorevive-e2e-'));
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'warn', DATA_DIR: dataDir, HOST: '127.0.0.1', PORT: '0', SEED_DEMO_DATA: 'false' });
  const app = await buildApp(config);
  const admin = await createUser(app.deps.database.db, { role: 'admin', name: 'Test Operations' });
  const repairer = await createUser(app.deps.database.db, { role: 'repairer', name: 'Test Repairer' });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('The server did not start.');
  project.provide('baseUrl', `http://127.0.0.1:${address.port}`);
  project.provide('accounts', { admin, repairer });

  return async () => {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
