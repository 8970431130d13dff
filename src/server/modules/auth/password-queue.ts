// Issue 7: sign-in must not be a lever on the whole server. Password hashes run on libuv's
// shared thread pool, which file I/O also needs, so only a few run at once, a bounded number
// wait, and the rest are refused with 503 and Retry-After. New hashes are argon2id at OWASP's
// minimum (19 MiB, t=2, p=1) instead of scrypt's 128 MB; scrypt hashes still verify and are
// replaced at the next successful sign-in.
import { randomBytes } from 'node:crypto';
import { hash as argon2Hash, verify as argon2Verify, type Algorithm } from '@node-rs/argon2';
import { busy } from '../../kernel/errors';
import type { PasswordHasher } from '../../kernel/ports';
import { verifyPassword as verifyScrypt } from './password';

export const ARGON2ID = { algorithm: 2 as Algorithm.Argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;
export const passwordQueueBusyMessage = "We're busy signing people in; please try again in a moment.";
const RETRY_AFTER_SECONDS = 5;

/** A new password's hash: argon2id, parameters and salt in the PHC string. */
export function hashPasswordArgon2id(password: string): Promise<string> {
  return argon2Hash(password.normalize('NFKC'), ARGON2ID);
}

/** Whether a stored hash is in an older format or at other parameters than today's. */
export function needsRehash(stored: string): boolean {
  return !stored.startsWith(`$argon2id$v=19$m=${ARGON2ID.memoryCost},t=${ARGON2ID.timeCost},p=${ARGON2ID.parallelism}$`);
}

async function verifyAny(password: string, stored: string): Promise<boolean> {
  if (stored.startsWith('$argon2id$')) return argon2Verify(stored, password.normalize('NFKC')).catch(() => false);
  return verifyScrypt(password, stored);
}

export class PasswordQueue implements PasswordHasher {
  #active = 0;
  readonly #waiting: Array<() => void> = [];
  #dummy: Promise<string> | undefined;

  constructor(readonly limits: { concurrency: number; queue: number }) {}

  get active(): number {
    return this.#active;
  }

  get waiting(): number {
    return this.#waiting.length;
  }

  /**
   * Verifies password against stored, or against a dummy hash when there is no account (so
   * timing does not tell which e-mails have one). Refuses at once with 503 when full.
   */
  verify(password: string, stored: string | undefined): Promise<boolean> {
    return this.#run(async () => verifyAny(password, stored ?? (await this.#dummyHash())));
  }

  hash(password: string): Promise<string> {
    return this.#run(() => hashPasswordArgon2id(password));
  }

  #dummyHash(): Promise<string> {
    this.#dummy ??= hashPasswordArgon2id(randomBytes(16).toString('hex'));
    return this.#dummy;
  }

  async #run<T>(task: () => Promise<T>): Promise<T> {
    if (this.#active < this.limits.concurrency) this.#active++;
    else if (this.#waiting.length < this.limits.queue) await new Promise<void>((resolve) => this.#waiting.push(resolve));
    else throw busy(503, passwordQueueBusyMessage, RETRY_AFTER_SECONDS);
    try {
      return await task();
    } finally {
      const next = this.#waiting.shift();
      if (next) next();
      else this.#active--;
    }
  }
}
