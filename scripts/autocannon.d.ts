// The part of autocannon 9's API that scripts/bench-api.ts uses (the package ships no types).
declare module 'autocannon' {
  interface Options {
    url: string;
    connections?: number;
    duration?: number;
    headers?: Record<string, string>;
  }
  interface Histogram {
    average: number;
    p50: number;
    p99: number;
  }
  interface Result {
    /** Per second, and `total`: every answer of the run. */
    requests: Histogram & { total: number };
    latency: Histogram;
    errors: number;
    timeouts: number;
    non2xx: number;
  }
  /** The run: a promise of its result that also tells each failed request as it happens. */
  interface Instance extends Promise<Result> {
    on(event: 'reqError', listener: (error: Error & { code?: string }) => void): this;
  }
  function autocannon(options: Options): Instance;
  export default autocannon;
}
