import { describe, expect, it } from 'vitest';
import { KNOWN_DEVICE_DAYS, knownDeviceToken, knownDeviceUserId } from './known-device';

const secret = 'a'.repeat(64);
const now = new Date('2026-11-27T10:00:00Z');
const day = 24 * 3600 * 1000;

describe('the known-device cookie', () => {
  it('names its account until it ends, and nothing once it has ended or under another key', () => {
    const token = knownDeviceToken(secret, 42, now);
    expect(knownDeviceUserId(secret, token, now)).toBe(42);
    expect(knownDeviceUserId(secret, token, new Date(now.getTime() + (KNOWN_DEVICE_DAYS - 1) * day))).toBe(42);
    expect(knownDeviceUserId(secret, token, new Date(now.getTime() + KNOWN_DEVICE_DAYS * day))).toBeNull();
    expect(knownDeviceUserId('b'.repeat(64), token, now)).toBeNull();
  });

  it('refuses another account named under the same signature, and anything malformed', () => {
    const [, expires, signature] = knownDeviceToken(secret, 42, now).split('.');
    expect(knownDeviceUserId(secret, `43.${expires}.${signature}`, now)).toBeNull();
    for (const token of [undefined, '', '42', '42.1.x', `42.${expires}.${signature}.extra`, `-1.${expires}.${signature}`]) expect(knownDeviceUserId(secret, token, now)).toBeNull();
  });
});
