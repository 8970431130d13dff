// TEST_REPORTS=<dir> (scripts/test.mjs): each test file's CPU in its worker, for finding where the
// suite's time goes (docs/decisions/0006). Wall time says more about the neighbours on a shared
// 2-core machine than about the file; the worker's own CPU (user + system, from this setup file
// running until the file's last afterAll) does not. A worker's first file also carries the
// worker's start (the process, its environment, the modules later files share). What a file makes other processes do (the
// PostgreSQL server's backends, Chromium) is not in it. One JSON line per file in
// <dir>/file-cpu.jsonl; test.mjs sums them up at the end of the run.
import { appendFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, expect } from 'vitest';

const dir = process.env.TEST_REPORTS;
const marked = globalThis as { autoreviveFileCpu?: true };
if (dir) {
  // The worker's first file counts from the process's start; later ones from here.
  const cpu = marked.autoreviveFileCpu ? process.cpuUsage() : { user: 0, system: 0 };
  marked.autoreviveFileCpu = true;
  const began = performance.now();
  afterAll(() => {
    const used = process.cpuUsage(cpu);
    const line = { file: expect.getState().testPath, cpuSeconds: (used.user + used.system) / 1e6, wallSeconds: (performance.now() - began) / 1000, pid: process.pid };
    appendFileSync(join(dir, 'file-cpu.jsonl'), `${JSON.stringify(line)}\n`);
  });
}
