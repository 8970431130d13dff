// A file store that takes its time (an S3 bucket answering slowly), for tests of what waits on
// it: its first write holds until `open()`, and `writing` resolves once a write has begun.
import type { FileStore } from '../../src/server/modules/images';

export function holdWrites(store: FileStore): { writing: Promise<void>; open: () => void; restore: () => void } {
  const put = store.put.bind(store);
  let open!: () => void;
  const gate = new Promise<void>((resolve) => (open = resolve));
  let entered!: () => void;
  const writing = new Promise<void>((resolve) => (entered = resolve));
  store.put = async (key, data) => {
    entered();
    await gate;
    return put(key, data);
  };
  return {
    writing,
    open,
    restore: () => {
      open();
      store.put = put;
    },
  };
}

/** 'answered' if the read finishes within 5 s (a held transaction would keep it waiting for ever), 'stalled' otherwise. */
export function answeredSoon(read: Promise<unknown>): Promise<'answered' | 'stalled'> {
  return Promise.race([read.then(() => 'answered' as const), new Promise<'stalled'>((resolve) => setTimeout(() => resolve('stalled'), 5_000))]);
}
