import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import GroupedSequencer from './tests/setup/sequencer';

// Vitest's default, one worker fewer than cores, is one worker on a 2-core machine: every file
// waits on the one before. Files here mostly wait on a database or a browser, so two workers
// (or cores − 1 on bigger machines) keep both cores busy.
const workers = Math.max(2, availableParallelism() - 1);

// One config, three projects: fast unit tests beside the code, API integration tests
// through app.inject(), and real-browser tests that need a built web app.
export default defineConfig({
  test: {
    maxWorkers: workers,
    // Files of one project and environment run one after another, so a worker is kept for the
    // next file instead of replaced (tests/setup/sequencer.ts).
    sequence: { sequencer: GroupedSequencer },
    projects: [
      {
        test: {
          name: 'unit',
          include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'tests/unit/**/*.test.ts'],
          environment: 'node',
          setupFiles: ['tests/setup/file-cpu.ts', 'tests/setup/cpu-profile.ts', 'tests/setup/test-now.ts', 'tests/setup/unit.ts'],
          // Unit files share their worker's module cache instead of each importing React,
          // jsdom's environment and the shared rules afresh: a third less CPU for this project
          // (docs/decisions/0006). Their tests restore what they stub (vi.unstubAllGlobals,
          // vi.useRealTimers in afterEach), which is what makes sharing safe; a new unit test
          // that stubs a global or the clock must do the same. Forks, not threads: the HEIC
          // decoder's event-loop test and sharp behave as in production in a process.
          pool: 'forks',
          isolate: false,
          // Property tests and scrypt at full cost take seconds of CPU; on a busy machine 5 s
          // (Vitest's default) is not enough.
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          environment: 'node',
          // As for unit files: a worker's files share its module cache instead of each importing
          // the whole app afresh (import time 97 s → 15 s over the project; the lane 203 s → 103 s
          // on this machine, docs/decisions/0006). Safe because each file builds its own apps and
          // restores the clock it fakes (vi.useRealTimers in afterEach/afterAll); a new file that
          // fakes timers or stubs a global must restore them too.
          isolate: false,
          globalSetup: ['tests/setup/integration-global.ts'],
          setupFiles: ['tests/setup/file-cpu.ts', 'tests/setup/cpu-profile.ts', 'tests/setup/test-now.ts', 'tests/setup/integration.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          // Issue 7: each hardening finding's test, against the same app as production.
          name: 'security',
          include: ['tests/security/**/*.test.ts'],
          environment: 'node',
          // A worker's files share its modules, as integration files do: each of the five files
          // imported the whole server in a process of its own (worker CPU 26 → 15 s, the project's
          // processes 35 → 22 CPU-s; 0006, fourteenth round). What the files measure (an app's
          // password and photo queues, its server's timeouts) belongs to the app each builds and
          // closes, not to the process.
          isolate: false,
          globalSetup: ['tests/setup/integration-global.ts'],
          setupFiles: ['tests/setup/file-cpu.ts', 'tests/setup/cpu-profile.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          // Files run in parallel, one worker each; tests/setup/e2e-global.ts gives every
          // worker its own server and Chromium (a lane), so a new file needs nothing to join.
          globalSetup: ['tests/setup/e2e-global.ts'],
          setupFiles: ['tests/setup/file-cpu.ts'],
          // As for unit and integration files: a worker's files share its modules (Playwright's
          // client, axe-core's source, the shared rules) instead of each importing them afresh.
          // Each file opens and closes its own browser connection and contexts.
          isolate: false,
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // expect.poll waits for what a page will show; Vitest's 1 s default is shorter than a
          // hydration takes on a busy 2-core machine (the cookie banner appears after it). A
          // longer wait changes nothing for a passing poll, which ends as soon as it holds.
          expect: { poll: { timeout: 10_000 } },
          // After unit and integration tests when all projects run in one `vitest run`.
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
