import { describe, expect, it } from 'vitest';
import { KNOWN_DEVICE_DAYS, isKnownDeviceOf, knownDeviceToken } from './known-device';

const secret = 'a'.repeat(64);
const now = new Date('2026-11-27T10:00:00Z');
const day = 24 * 3600 * 1000;
const account = { id: 42, passwordHash: '$argon2id$v=19$m=19456,t=2,p=1$first' };

describe('the known-device cookie', () => {
  it('names its account until it ends, and nothing once it has ended or under another key', () => {
    const token = knownDeviceToken(secret, account, now);
    expect(isKnownDeviceOf(secret, token, account, now)).toBe(true);
    expect(isKnownDeviceOf(secret, token, account, new Date(now.getTime() + (KNOWN_DEVICE_DAYS - 1) * day))).toBe(true);
    expect(isKnownDeviceOf(secret, token, account, new Date(now.getTime() + KNOWN_DEVICE_DAYS * day))).toBe(false);
    expect(isKnownDeviceOf('b'.repeat(64), token, account, now)).toBe(false);
  });

  it('ends when the account gets a new password (a reset or a change)', () => {
    const token = knownDeviceToken(secret, account, now);
    expect(isKnownDeviceOf(secret, token, { ...account, passwordHash: '$argon2id$v=19$m=19456,t=2,p=1$second' }, now)).toBe(false);
  });

  it('refuses another account named under the same signature, and anything malformed', () => {
    const [, expires, signature] = knownDeviceToken(secret, account, now).split('.');
    expect(isKnownDeviceOf(secret, `43.${expires}.${signature}`, { ...account, id: 43 }, now)).toBe(false);
    expect(isKnownDeviceOf(secret, `42.${expires}.${signature}`, { ...account, id: 43 }, now)).toBe(false);
    for (const token of [undefined, '', '42', '42.1.x', `42.${expires}.${signature}.extra`, `-1.${expires}.${signature}`]) expect(isKnownDeviceOf(secret, token, account, now)).toBe(false);
  });
});
