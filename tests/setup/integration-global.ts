// Build one migrated database image for the whole run (ARCHITECTURE: reuse one migrated
// PGlite image), and a template database on the PostgreSQL server when TEST_DATABASE_URL is set.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildTestImage, dropServerTemplate, prepareServerTemplate } from '../helpers/database';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteImagePath: string;
    serverTemplate: string | null;
  }
}

export default async function setup(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), 'autorevive-tests-'));
  const imagePath = join(dir, 'pglite-image.tar');
  writeFileSync(imagePath, await buildTestImage());
  project.provide('pgliteImagePath', imagePath);
  const serverTemplate = await prepareServerTemplate(process.env.TEST_DATABASE_URL);
  project.provide('serverTemplate', serverTemplate);
  return async () => {
    rmSync(dir, { recursive: true, force: true });
    await dropServerTemplate(serverTemplate);
  };
}
