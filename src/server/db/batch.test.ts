import { describe, expect, it } from 'vitest';
import { coalescedRead, createBatcher, type CoalescedReadSpec } from './batch';
import type { Database } from './database';

/** A run whose batches are recorded and answered only when the test says so. */
function controlledRun() {
  const batches: { inputs: number[]; answer(answers?: string[]): void; fail(error: Error): void }[] = [];
  const run = (inputs: readonly number[]) =>
    new Promise<string[]>((resolve, reject) => {
      batches.push({ inputs: [...inputs], answer: (answers) => resolve(answers ?? inputs.map((i) => `answer ${i}`)), fail: reject });
    });
  return { batches, run };
}

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe('createBatcher', () => {
  it('sends the calls of one turn as one batch, in order, and gives each caller its own answer', async () => {
    const { batches, run } = controlledRun();
    const read = createBatcher({ run });
    const answers = Promise.all([read(3), read(1), read(2), read(1)]);
    expect(batches).toHaveLength(0);
    await nextTurn();
    expect(batches.map((b) => b.inputs)).toEqual([[3, 1, 2, 1]]);
    batches[0]!.answer();
    expect(await answers).toEqual(['answer 3', 'answer 1', 'answer 2', 'answer 1']);
  });

  it('runs a lone call at once, without waiting for others', async () => {
    const read = createBatcher({ run: async (inputs: readonly number[]) => inputs.map((i) => i * 2) });
    expect(await read(21)).toBe(42);
  });

  it('queues calls while a batch is in flight and sends them together when it returns', async () => {
    const { batches, run } = controlledRun();
    const read = createBatcher({ run });
    const first = read(1);
    await nextTurn();
    const later = [read(2), read(3)];
    await nextTurn();
    const last = read(4);
    await nextTurn();
    expect(batches.map((b) => b.inputs)).toEqual([[1]]);
    batches[0]!.answer();
    expect(await first).toBe('answer 1');
    await nextTurn();
    expect(batches.map((b) => b.inputs)).toEqual([[1], [2, 3, 4]]);
    batches[1]!.answer();
    expect(await Promise.all([...later, last])).toEqual(['answer 2', 'answer 3', 'answer 4']);
  });

  it('allows maxInFlight batches at once and queues the rest', async () => {
    const { batches, run } = controlledRun();
    const read = createBatcher({ run, maxInFlight: 2 });
    const a = read(1);
    await nextTurn();
    const b = read(2);
    await nextTurn();
    const c = [read(3), read(4)];
    await nextTurn();
    expect(batches.map((x) => x.inputs)).toEqual([[1], [2]]);
    batches[1]!.answer();
    expect(await b).toBe('answer 2');
    await nextTurn();
    expect(batches.map((x) => x.inputs)).toEqual([[1], [2], [3, 4]]);
    batches[0]!.answer();
    batches[2]!.answer();
    expect([await a, ...(await Promise.all(c))]).toEqual(['answer 1', 'answer 3', 'answer 4']);
  });

  it('caps a batch at maxSize, first come first served', async () => {
    const sizes: number[][] = [];
    const read = createBatcher({
      maxSize: 3,
      run: async (inputs: readonly number[]) => {
        sizes.push([...inputs]);
        return inputs.map((i) => -i);
      },
    });
    const answers = await Promise.all([1, 2, 3, 4, 5, 6, 7].map((i) => read(i)));
    expect(answers).toEqual([-1, -2, -3, -4, -5, -6, -7]);
    expect(sizes).toEqual([[1, 2, 3], [4, 5, 6], [7]]);
  });

  it("runs a failed batch again one caller at a time, so each gets its own answer or its own error", async () => {
    const runs: number[][] = [];
    const read = createBatcher({
      run: async (inputs: readonly number[]) => {
        runs.push([...inputs]);
        if (inputs.includes(13)) throw new Error('unlucky');
        return inputs.map(String);
      },
    });
    const settled = await Promise.allSettled([read(1), read(13), read(2)]);
    expect(settled).toEqual([
      { status: 'fulfilled', value: '1' },
      { status: 'rejected', reason: new Error('unlucky') },
      { status: 'fulfilled', value: '2' },
    ]);
    expect(runs).toEqual([[1, 13, 2], [1], [13], [2]]);
    // The queue goes on after a failure.
    expect(await read(5)).toBe('5');
  });

  it('rejects, never misassigns, when a batch is answered with the wrong number of answers', async () => {
    const read = createBatcher({ run: async (inputs: readonly number[]) => inputs.slice(1) });
    await expect(read(1)).rejects.toThrow('A batch of 1 was answered with 0.');
    const both = await Promise.allSettled([read(1), read(2)]);
    expect(both.map((s) => s.status)).toEqual(['rejected', 'rejected']);
  });

  it('keeps the queue of a failed lone call going', async () => {
    const { batches, run } = controlledRun();
    const read = createBatcher({ run });
    const failing = read(1);
    await nextTurn();
    const queued = read(2);
    batches[0]!.fail(new Error('gone'));
    await expect(failing).rejects.toThrow('gone');
    await nextTurn();
    batches[1]!.answer();
    expect(await queued).toBe('answer 2');
  });
});

describe('coalescedRead', () => {
  /** A read of a counter whose runs are recorded and finished only when the test says so. */
  function controlledRead() {
    let state = 0;
    const runs: { key: string; seen: number; finish(): void }[] = [];
    const spec: CoalescedReadSpec<{ page: number }, string> = {
      name: 'page',
      keyOf: ({ page }) => String(page),
      read: (_database, { page }) =>
        new Promise((resolve) => {
          const seen = state;
          runs.push({ key: String(page), seen, finish: () => resolve(`page ${page} at state ${seen}`) });
        }),
    };
    return { runs, spec, write: () => (state += 1) };
  }
  // A database of its own for each test: queues belong to a database and a read's name.

  it('gives callers that arrive together with the same key one run, and each other key its own', async () => {
    const { runs, spec } = controlledRead();
    const read = coalescedRead({} as Database, spec);
    const answers = Promise.all([read({ page: 1 }), read({ page: 2 }), read({ page: 1 }), read({ page: 1 })]);
    await nextTurn();
    expect(runs.map((r) => r.key)).toEqual(['1', '2']);
    runs.forEach((r) => r.finish());
    expect(await answers).toEqual(['page 1 at state 0', 'page 2 at state 0', 'page 1 at state 0', 'page 1 at state 0']);
  });

  it('never answers a caller from a run that started before it arrived', async () => {
    const { runs, spec, write } = controlledRead();
    const read = coalescedRead({} as Database, spec);
    const first = read({ page: 1 });
    await nextTurn();
    expect(runs).toHaveLength(1);
    write(); // a change that completes while the first run is still reading
    const second = read({ page: 1 });
    runs[0]!.finish();
    expect(await first).toBe('page 1 at state 0');
    await nextTurn();
    expect(runs).toHaveLength(2);
    runs[1]!.finish();
    expect(await second).toBe('page 1 at state 1');
  });

  it('keeps its queues per database', async () => {
    const { runs, spec } = controlledRead();
    const answers = Promise.all([coalescedRead({} as Database, spec)({ page: 1 }), coalescedRead({} as Database, spec)({ page: 1 })]);
    await nextTurn();
    expect(runs).toHaveLength(2);
    runs.forEach((r) => r.finish());
    await answers;
  });
});
