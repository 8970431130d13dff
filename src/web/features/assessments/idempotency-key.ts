// POST /api/assessments takes an Idempotency-Key, a UUID. One key stands for
// one submission attempt: the same details and photos. Trying again after a failure reuses it,
// so a request that did reach the server is answered with the assessment it already created.

function randomKey(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes); // unlike randomUUID, also available outside secure contexts
  bytes[6] = (bytes[6]! & 0x0f) | 0x40; // version 4
  bytes[8] = (bytes[8]! & 0x3f) | 0x80; // RFC 4122 variant
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
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
