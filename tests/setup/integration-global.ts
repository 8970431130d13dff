// One migrated database image for the whole run (ARCHITECTURE: reuse one migrated PGlite
// image), cached between runs, and a template database on the PostgreSQL server when
// TEST_DATABASE_URL is set.
import type { TestProject } from 'vitest/node';
import { dropServerTemplate, prepareServerTemplate, testImagePath } from '../helpers/database';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteImagePath: string;
    serverTemplate: string | null;
  }
}

export default async function setup(project: TestProject) {
  project.provide('pgliteImagePath', await testImagePath());
  const serverTemplate = await prepareServerTemplate(process.env.TEST_DATABASE_URL);
  project.provide('serverTemplate', serverTemplate);
  return () => dropServerTemplate(serverTemplate);
}
