// CPU_PROFILE=<dir>: a V8 CPU profile of each test file's worker thread, written when the file
// ends (<dir>/<file>.<pid>.cpuprofile; summarise with scripts/cpu-profile-top.ts). Vitest's
// --cpu-prof profiles only its main process: workers are stopped, not exited (0006). Work on
// libuv's thread pool (password hashes, sharp, file I/O) is not in it.
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { basename, join } from 'node:path';
import { afterAll, beforeAll, expect } from 'vitest';

const dir = process.env.CPU_PROFILE;
if (dir) {
  const session = new Session();
  beforeAll(async () => {
    session.connect();
    await session.post('Profiler.enable');
    await session.post('Profiler.setSamplingInterval', { interval: 500 });
    await session.post('Profiler.start');
  });
  afterAll(async () => {
    const { profile } = await session.post('Profiler.stop');
    writeFileSync(join(dir, `${basename(expect.getState().testPath ?? 'file')}.${process.pid}.cpuprofile`), JSON.stringify(profile));
    session.disconnect();
  });
}
