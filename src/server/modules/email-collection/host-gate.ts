// Politeness (D18): at most one request every `intervalMs` to one host, while other hosts go
// ahead at the same time. Callers for one host queue on a chain, and each request holds its
// host until its answer starts (release): the next may start only the interval after that. So
// the host sees its requests at least the interval apart, however long a connection took to
// open or the event loop was busy (measured: spacing from the moment a request was let go let
// requests that opened a connection arrive 30–50 ms closer to the next than the interval).
export class HostGate {
  private readonly chains = new Map<string, Promise<number>>();
  private readonly lastAt = new Map<string, number>();
  private readonly holders = new Map<string, number>();
  private calls = 0;

  constructor(private readonly intervalMs: number) {}

  /** Waits for `host`'s turn; call the answer's release once the response has begun (or failed). */
  async acquire(host: string, atLeastMs = 0): Promise<() => void> {
    const gap = Math.max(this.intervalMs, atLeastMs);
    const previous = this.chains.get(host) ?? Promise.resolve(Number.NEGATIVE_INFINITY);
    let settle!: (at: number) => void;
    this.chains.set(host, new Promise<number>((resolve) => (settle = resolve)));
    this.holders.set(host, (this.holders.get(host) ?? 0) + 1);
    if (++this.calls % 1000 === 0) this.prune();
    const previousAt = await previous;
    const delay = previousAt + gap - Date.now();
    if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const at = Date.now();
      this.lastAt.set(host, at);
      const left = (this.holders.get(host) ?? 1) - 1;
      if (left > 0) this.holders.set(host, left);
      else this.holders.delete(host);
      settle(at);
    };
  }

  /** Forgets hosts nobody is waiting for and not visited for a while. */
  private prune(): void {
    const now = Date.now();
    for (const [host, at] of this.lastAt) {
      if (!this.holders.has(host) && now - at > this.intervalMs * 2) {
        this.lastAt.delete(host);
        this.chains.delete(host);
      }
    }
  }
}
