import { describe, expect, it } from 'vitest';
import { Semaphore } from './semaphore';

const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

describe('Semaphore', () => {
  it('never runs more than its limit at once, and runs queued tasks in arrival order', async () => {
    const slots = new Semaphore(2);
    let running = 0;
    let peak = 0;
    const started: number[] = [];
    const results = await Promise.all(
      Array.from({ length: 7 }, (_, i) =>
        slots.run(async () => {
          started.push(i);
          running++;
          peak = Math.max(peak, running);
          await tick();
          running--;
          return i * 10;
        }),
      ),
    );
    expect(peak).toBe(2);
    expect(started).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(results).toEqual([0, 10, 20, 30, 40, 50, 60]);
    expect(slots.active).toBe(0);
    expect(slots.waiting).toBe(0);
  });

  it('gives the slot back when a task fails', async () => {
    const slots = new Semaphore(1);
    await expect(slots.run(async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(slots.run(async () => 'next')).resolves.toBe('next');
    expect(slots.active).toBe(0);
  });

  it('reports how many tasks are running and waiting', async () => {
    const slots = new Semaphore(1);
    let release!: () => void;
    const first = slots.run(() => new Promise<void>((resolve) => (release = resolve)));
    const second = slots.run(async () => undefined);
    expect(slots.active).toBe(1);
    expect(slots.waiting).toBe(1);
    release();
    await Promise.all([first, second]);
    expect(slots.active).toBe(0);
  });

  it('refuses a limit below one', () => {
    expect(() => new Semaphore(0)).toThrow(RangeError);
  });
});
