// Log lines gathered into blocks: every line reaches standard output, in order, whether the
// process runs on, ends on its own, exits or dies of an uncaught error.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { gatheredDestination, type BlockWriter } from './log-destination';

function recordingWriter(): BlockWriter & { blocks: string[]; syncs: number } {
  const writer = {
    blocks: [] as string[],
    syncs: 0,
    write(block: string) {
      writer.blocks.push(block);
    },
    flushSync() {
      writer.syncs += 1;
    },
  };
  return writer;
}

afterEach(() => {
  vi.useRealTimers();
});

describe('gatheredDestination', () => {
  it('hands lines over as one block, in order, once the block length has gathered', () => {
    const writer = recordingWriter();
    const destination = gatheredDestination(writer, { blockLength: 30, flushEveryMs: 60_000 });
    destination.write('{"n":1}\n');
    destination.write('{"n":2}\n');
    destination.write('{"n":3}\n');
    expect(writer.blocks).toEqual([]);
    destination.write('{"n":4}\n'); // 32 characters
    expect(writer.blocks).toEqual(['{"n":1}\n{"n":2}\n{"n":3}\n{"n":4}\n']);
    destination.write('{"n":5}\n');
    expect(writer.blocks).toHaveLength(1);
  });

  it('hands over what has gathered when the interval passes, and nothing when nothing has', () => {
    vi.useFakeTimers();
    const writer = recordingWriter();
    const destination = gatheredDestination(writer, { blockLength: 4096, flushEveryMs: 1000 });
    destination.write('{"n":1}\n');
    vi.advanceTimersByTime(999);
    expect(writer.blocks).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(writer.blocks).toEqual(['{"n":1}\n']);
    vi.advanceTimersByTime(5000);
    expect(writer.blocks).toEqual(['{"n":1}\n']);
  });

  it('flushSync hands over the gathered lines before the writer writes synchronously', () => {
    const writer = recordingWriter();
    const destination = gatheredDestination(writer, { blockLength: 4096, flushEveryMs: 60_000 });
    destination.write('a\n');
    destination.write('b\n');
    destination.flushSync();
    expect(writer.blocks).toEqual(['a\nb\n']);
    expect(writer.syncs).toBe(1);
  });
});

describe('logDestination in a process of its own', () => {
  const module = fileURLToPath(new URL('./log-destination.ts', import.meta.url));
  // Three lines through a pino logger on the real destination (standard output), then `end`.
  const run = (end: string) =>
    spawnSync(
      process.execPath,
      [
        '--import',
        'tsx',
        '--input-type=module',
        '-e',
        `import pino from 'pino';
const { logDestination } = await import(${JSON.stringify(module)});
const log = pino({ base: null, timestamp: false }, logDestination());
for (const n of [1, 2, 3]) log.info({ n }, 'line');
${end}`,
      ],
      { encoding: 'utf8', timeout: 30_000 },
    );
  const lines = (stdout: string) => stdout.trim().split('\n').map((line) => JSON.parse(line) as { n: number });

  it.each([
    ['ends on its own', ''],
    ['calls process.exit', 'process.exit(3);'],
    ['dies of an uncaught error', 'setImmediate(() => { throw new Error("boom"); });'],
    // Killed, no exit handler runs: the lines are out only if the interval sent them.
    ['is killed after running for 1.5 s', "setTimeout(() => process.kill(process.pid, 'SIGKILL'), 1500);"],
  ])('writes every line, in order, when the process %s', (_, end) => {
    const child = run(end);
    expect(child.error).toBeUndefined();
    expect(lines(child.stdout).map((line) => line.n)).toEqual([1, 2, 3]);
  });
});
