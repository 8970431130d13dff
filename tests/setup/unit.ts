// Web component tests opt into jsdom with `// @vitest-environment jsdom` at the top of the file.
import '@testing-library/jest-dom/vitest';
import { configure } from '@testing-library/react';
import { beforeAll } from 'vitest';

// npm test runs unit tests beside the type check and other test files, on machines that may be
// busy: findBy*/waitFor wait up to 15 s (not 1 s) for what they expect, so a slow render is not
// a failure; a right one still passes as soon as it appears, and a wrong one still fails. 5 s
// was not enough at load average 15-20 on 2 cores (two pages' first render took 5.6-6.2 s on
// 2026-12-03); the unit project's test timeout (20 s, vitest.config.ts) stays above it.
configure({ asyncUtilTimeout: 15_000 });

// jsdom files run one after another in a worker's one document (isolate: false; grouped by
// tests/setup/sequencer.ts). What a file's screens left in document.body after its own cleanup (a
// toast's live region announced as the file ended) would be a second role="status" in the next
// file's: each file starts from an empty body.
beforeAll(() => {
  if (typeof document !== 'undefined') document.body.replaceChildren();
});
