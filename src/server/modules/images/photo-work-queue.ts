// Issue 7: photo work is fair and bounded. Decoding cost is counted in pixels, not files (a
// 50 KB HEIC can be 12 MP); each visitor may have only so many pixels waiting, and so may
// everyone together; past either the submission is refused at once with Retry-After. Waiting
// work is served round-robin between visitors, so one visitor's flood delays another's single
// photo by at most the photos already being decoded. Work for a client that has gone away is
// dropped from the queue.
import { DomainError, busy } from '../../kernel/errors';

export const photoQueueBusyMessage = "We're busy processing photos; please try again in a minute.";
const RETRY_AFTER_SECONDS = 60;

export interface PhotoWorkLimits {
  /** Photos decoded at once, process-wide. */
  slots: number;
  /** Pixels (width × height) one visitor may have admitted and not yet finished. */
  maxPixelsPerVisitor: number;
  /** Pixels all visitors together may have admitted and not yet finished. */
  maxPixelsTotal: number;
}

interface Job {
  start: () => void;
  fail: (error: unknown) => void;
}

export class PhotoWorkQueue {
  #active = 0;
  #pixelsTotal = 0;
  readonly #pixelsByVisitor = new Map<string, number>();
  /** Waiting jobs per visitor, in visitor arrival order (Map keeps insertion order). */
  readonly #waiting = new Map<string, Job[]>();

  constructor(readonly limits: PhotoWorkLimits) {}

  get pixelsQueued(): number {
    return this.#pixelsTotal;
  }

  /**
   * Reserves room for a submission's photos (their pixel counts) or refuses it: 429 when this
   * visitor already has too much waiting, 503 when everyone together has.
   */
  admit(visitor: string, pixels: number[], signal?: AbortSignal): PhotoAdmission {
    const admission = this.open(visitor, signal);
    admission.add(pixels);
    return admission;
  }

  /**
   * A submission admitted photo by photo, as each one's file lands while the rest still upload
   * (issue 36 item 5). Each add() is judged as admit() judges a whole submission: the photos
   * added so far, this one included, against what this visitor's other submissions and everyone
   * else hold. A refused add() frees nothing by itself: the caller gives up the submission and
   * calls release().
   */
  open(visitor: string, signal?: AbortSignal): PhotoAdmission {
    const pixels: number[] = [];
    let admitted = 0;
    let remaining = 0;
    const release = (amount: number) => {
      const freed = Math.min(amount, remaining);
      remaining -= freed;
      this.#reserve(visitor, -freed);
    };
    return {
      add: (more: number[]): number => {
        const cost = admitted + more.reduce((sum, p) => sum + p, 0);
        const othersOfMine = (this.#pixelsByVisitor.get(visitor) ?? 0) - remaining;
        const othersOfAll = this.#pixelsTotal - remaining;
        if (othersOfMine > 0 && othersOfMine + cost > this.limits.maxPixelsPerVisitor) throw busy(429, photoQueueBusyMessage, RETRY_AFTER_SECONDS);
        if (othersOfAll > 0 && othersOfAll + cost > this.limits.maxPixelsTotal) throw busy(503, photoQueueBusyMessage, RETRY_AFTER_SECONDS);
        const first = pixels.length;
        pixels.push(...more);
        const added = cost - admitted;
        admitted = cost;
        remaining += added;
        this.#reserve(visitor, added);
        return first;
      },
      run: <T>(index: number, task: () => Promise<T>): Promise<T> =>
        this.#run(visitor, signal, task).finally(() => release(pixels[index] ?? 0)),
      release: () => release(remaining),
    };
  }

  #reserve(visitor: string, delta: number): void {
    this.#pixelsTotal += delta;
    const next = (this.#pixelsByVisitor.get(visitor) ?? 0) + delta;
    if (next <= 0) this.#pixelsByVisitor.delete(visitor);
    else this.#pixelsByVisitor.set(visitor, next);
  }

  async #run<T>(visitor: string, signal: AbortSignal | undefined, task: () => Promise<T>): Promise<T> {
    if (signal?.aborted) throw clientGone();
    if (this.#active < this.limits.slots) this.#active++;
    else {
      await new Promise<void>((resolve, reject) => {
        const job: Job = { start: resolve, fail: reject };
        const queue = this.#waiting.get(visitor) ?? [];
        queue.push(job);
        this.#waiting.set(visitor, queue);
        signal?.addEventListener('abort', () => this.#drop(visitor, job), { once: true });
      });
    }
    try {
      if (signal?.aborted) throw clientGone();
      return await task();
    } finally {
      this.#next();
    }
  }

  /** Hands the freed slot to the visitor who has waited longest since their last turn. */
  #next(): void {
    const first = this.#waiting.entries().next();
    if (first.done) {
      this.#active--;
      return;
    }
    const [visitor, queue] = first.value;
    const job = queue.shift()!;
    this.#waiting.delete(visitor);
    if (queue.length > 0) this.#waiting.set(visitor, queue); // to the back of the line
    job.start();
  }

  #drop(visitor: string, job: Job): void {
    const queue = this.#waiting.get(visitor);
    const index = queue?.indexOf(job) ?? -1;
    if (!queue || index < 0) return;
    queue.splice(index, 1);
    if (queue.length === 0) this.#waiting.delete(visitor);
    job.fail(clientGone());
  }
}

export interface PhotoAdmission {
  /** Counts more photos (their pixels) or refuses them as admit() does; answers the first one's index. */
  add(pixels: number[]): number;
  /** Runs photo index's task when its turn comes; frees its pixels when done. */
  run<T>(index: number, task: () => Promise<T>): Promise<T>;
  /** Frees whatever the submission still holds (after a failure or when it is finished). */
  release(): void;
}

/** The client closed the connection: nothing is answered, so the code only ends the work. */
export function clientGone(): DomainError {
  return new DomainError(499, 'client_closed', 'The upload was cancelled.');
}

/** Every photo counts at least this much, so many tiny files still add up. */
export const MIN_PIXELS_PER_PHOTO = 1_000_000;

/**
 * A photo's decoding cost in pixels, read from its header only (libvips reads JPEG, PNG,
 * WebP headers and parses the HEIF container without decoding). An unreadable header costs
 * the floor; the processing that follows refuses the file.
 */
export async function photoPixels(path: string): Promise<number> {
  const { default: sharp } = await import('sharp');
  const meta = await sharp(path).metadata().catch(() => null);
  const pixels = meta?.width && meta.height ? meta.width * meta.height : 0;
  return Math.max(MIN_PIXELS_PER_PHOTO, pixels);
}
