// A counting semaphore: image work holds large pixel buffers (a 12 MP photo is ~48 MB raw), so
// ten photos arriving together queue here instead of all decoding at once (D7).
export class Semaphore {
  #active = 0;
  readonly #queue: Array<() => void> = [];

  constructor(readonly limit: number) {
    if (!Number.isInteger(limit) || limit < 1) throw new RangeError('limit must be a positive integer');
  }

  /** Tasks running now. */
  get active(): number {
    return this.#active;
  }

  /** Tasks waiting for a slot. */
  get waiting(): number {
    return this.#queue.length;
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.#active < this.limit) this.#active++;
    else await new Promise<void>((resolve) => this.#queue.push(resolve));
    try {
      return await task();
    } finally {
      // Hand the slot straight to the next waiter, so a newcomer cannot overtake the queue.
      const next = this.#queue.shift();
      if (next) next();
      else this.#active--;
    }
  }
}
