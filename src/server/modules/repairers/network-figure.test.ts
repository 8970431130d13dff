import { describe, expect, it } from 'vitest';
import type { Database } from '../../db/database';
import { NETWORK_FIGURE_TTL_MS, networkFigureOf } from './network-figure';

/** A database whose count is `count` and which records how often it was asked. */
function countingDatabase(count: () => number | Error) {
  const asked = { times: 0 };
  const database = {
    statement: () => ({
      run: async () => {
        asked.times++;
        const value = count();
        if (value instanceof Error) throw value;
        return [{ count: value }];
      },
    }),
  } as unknown as Database;
  return { database, asked };
}

describe('the network figure on public pages', () => {
  it('is counted once per 5 seconds, then again', async () => {
    let clock = 0;
    let verified = 12;
    const { database, asked } = countingDatabase(() => verified);
    const figure = networkFigureOf(database, () => clock);
    expect(await figure.get()).toBe(12);
    verified = 13;
    clock += NETWORK_FIGURE_TTL_MS - 1;
    expect(await figure.get()).toBe(12);
    expect(asked.times).toBe(1);
    clock += 1;
    expect(await figure.get()).toBe(13);
    expect(asked.times).toBe(2);
  });

  it('is counted again at once after a change invalidates it', async () => {
    let verified = 3;
    const { database, asked } = countingDatabase(() => verified);
    const figure = networkFigureOf(database, () => 0);
    expect(await figure.get()).toBe(3);
    verified = 4;
    figure.invalidate();
    expect(await figure.get()).toBe(4);
    expect(asked.times).toBe(2);
  });

  it('keeps no failed count: the next request asks again', async () => {
    let fail = true;
    const { database, asked } = countingDatabase(() => (fail ? new Error('connection lost') : 7));
    const figure = networkFigureOf(database, () => 0);
    await expect(figure.get()).rejects.toThrow('connection lost');
    fail = false;
    expect(await figure.get()).toBe(7);
    expect(asked.times).toBe(2);
  });

  it('is one figure per database', () => {
    const { database } = countingDatabase(() => 1);
    expect(networkFigureOf(database)).toBe(networkFigureOf(database));
    expect(networkFigureOf(countingDatabase(() => 1).database)).not.toBe(networkFigureOf(database));
  });
});
