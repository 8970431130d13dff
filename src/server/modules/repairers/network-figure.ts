// D2's network figure (verified repairers) is on every public page through GET /api/site, and
// it changes when an admin verifies or removes a repairer, rarely. Issue 9: it is kept for 5
// seconds per process, and dropped at once by whatever changes it in this process; another
// instance is at most 5 seconds behind, so nothing has to be shared between instances.
import type { Database } from '../../db/database';
import { countVerifiedRepairers } from './repairers.repo';

export const NETWORK_FIGURE_TTL_MS = 5_000;

export interface NetworkFigure {
  /** The verified repairers, at most NETWORK_FIGURE_TTL_MS old. */
  get(): Promise<number>;
  /** Call after any change to repairers or their verification. */
  invalidate(): void;
}

const figures = new WeakMap<Database, NetworkFigure>();

/** The one figure for this database in this process. */
export function networkFigureOf(database: Database, now: () => number = Date.now): NetworkFigure {
  let figure = figures.get(database);
  if (!figure) {
    let cached: { value: Promise<number>; at: number } | undefined;
    figure = {
      get() {
        if (cached && now() - cached.at < NETWORK_FIGURE_TTL_MS) return cached.value;
        const entry = {
          value: countVerifiedRepairers(database),
          at: now(),
        };
        cached = entry;
        // A failed count is not kept: the next request asks again.
        entry.value.catch(() => {
          if (cached === entry) cached = undefined;
        });
        return entry.value;
      },
      invalidate() {
        cached = undefined;
      },
    };
    figures.set(database, figure);
  }
  return figure;
}
