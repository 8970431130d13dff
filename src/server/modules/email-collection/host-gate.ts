// Politeness (D18): at most one request every `intervalMs` to one host, while other hosts go
// ahead at the same time. Each caller reserves the next free slot for its host and waits for
// it, so concurrent callers for one host queue in order without a lock.
export class HostGate {
  private readonly next = new Map<string, number>();
  private calls = 0;

  constructor(private readonly intervalMs: number) {}

  /** Resolves when a request to `host` may start; `atLeastMs` widens the gap (robots.txt crawl-delay). */
  async wait(host: string, atLeastMs = 0): Promise<void> {
    const now = Date.now();
    const at = Math.max(now, this.next.get(host) ?? 0);
    this.next.set(host, at + Math.max(this.intervalMs, atLeastMs));
    if (++this.calls % 1000 === 0) this.prune(now);
    if (at > now) await new Promise((resolve) => setTimeout(resolve, at - now));
  }

  private prune(now: number): void {
    for (const [host, at] of this.next) if (at < now) this.next.delete(host);
  }
}
