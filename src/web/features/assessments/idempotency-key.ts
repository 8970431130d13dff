// POST /api/assessments takes an Idempotency-Key (16–100 of [A-Za-z0-9_-]). One key stands for
// one submission attempt: the same details and photos. Trying again after a failure reuses it,
// so a request that did reach the server is answered with the assessment it already created.

function randomKey(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes); // unlike randomUUID, also available outside secure contexts
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** What a submission attempt sends, reduced to a string that changes when any of it does. */
export function attemptFingerprint(details: unknown, photoIds: readonly string[]): string {
  return JSON.stringify([details, photoIds]);
}

/** Remembers the key of the last attempt, and hands out a new one when the attempt changes. */
export function createKeyKeeper() {
  let last: { fingerprint: string; key: string } | null = null;
  return {
    keyFor(fingerprint: string): string {
      if (last?.fingerprint !== fingerprint) last = { fingerprint, key: randomKey() };
      return last.key;
    },
  };
}
