// Where log lines go: standard output, a block at a time (issue 9).
//
// A write() per line cost a tenth of a small read's time, so lines are gathered and go out once
// a block has gathered or a second has passed. They are gathered here rather than in pino's
// destination (sonic-boom) with its `minLength`: sonic-boom measures the byte length of the
// whole block it is gathering on every line it is given, so the cost of a line grew with the
// block, 2.8 µs a line on the event loop for 4 KB blocks (and more for larger ones), against
// 0.1 µs here (docs/notes/0007-api-history.md, seventh round). sonic-boom still does the
// writing: whole blocks, asynchronously, with pino's handling of a closed pipe and of exit.
import pino, { type DestinationStream } from 'pino';

/** What a gathered block is handed to: pino's destination (sonic-boom), or a test's. */
export interface BlockWriter {
  write(block: string): unknown;
  flushSync(): void;
}

const BLOCK_LENGTH = 4096;
const FLUSH_EVERY_MS = 1000;

export interface GatheredDestination extends DestinationStream {
  /** Hands over what has gathered and has it written before returning (exit). */
  flushSync(): void;
}

/**
 * A destination that gathers lines and hands them to `writer` as one block once `blockLength`
 * characters have gathered or `flushEveryMs` has passed (an unref'd timer: it never keeps the
 * process alive), and before the process exits, so no line is lost when it ends, by
 * process.exit or an uncaught error. Lines keep their order.
 */
export function gatheredDestination(writer: BlockWriter, { blockLength = BLOCK_LENGTH, flushEveryMs = FLUSH_EVERY_MS } = {}): GatheredDestination {
  let lines: string[] = [];
  let length = 0;
  const flush = () => {
    if (lines.length === 0) return;
    const block = lines.join('');
    lines = [];
    length = 0;
    writer.write(block);
  };
  const flushSync = () => {
    flush();
    writer.flushSync();
  };
  setInterval(flush, flushEveryMs).unref();
  // Before pino's own exit handlers (on-exit-leak-free, registered when its destination was
  // made), which write what sonic-boom holds: the block gathered here must reach it first.
  process.prependListener('beforeExit', flush);
  process.prependListener('exit', flush);
  return {
    write(line: string) {
      lines.push(line);
      length += line.length;
      if (length >= blockLength) flush();
    },
    flushSync,
  };
}

let destination: GatheredDestination | undefined;

/** Standard output, a block at a time. One per process, shared by every app. */
export function logDestination(): DestinationStream {
  destination ??= gatheredDestination(pino.destination({ dest: 1, sync: false }));
  return destination;
}
