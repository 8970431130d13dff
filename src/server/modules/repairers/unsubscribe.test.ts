import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadAppSecret } from '../../config/app-secret';
import { repairerOfToken, unsubscribeToken } from './unsubscribe';

const secret = 'a test secret of at least thirty-two characters';

describe('unsubscribe tokens', () => {
  it('name the repairer they were made for, and the same token every time', () => {
    const token = unsubscribeToken(secret, 42);
    expect(token).toMatch(/^42\.[\w-]{43}$/);
    expect(unsubscribeToken(secret, 42)).toBe(token);
    expect(repairerOfToken(secret, token)).toBe(42);
  });

  it('refuse another id with the same signature, another secret, a changed character and junk', () => {
    const [, signature] = unsubscribeToken(secret, 42).split('.');
    expect(repairerOfToken(secret, `43.${signature}`)).toBeNull();
    expect(repairerOfToken('another secret of thirty-two characters!!', unsubscribeToken(secret, 42))).toBeNull();
    const token = unsubscribeToken(secret, 42);
    expect(repairerOfToken(secret, token.slice(0, -1) + (token.endsWith('A') ? 'B' : 'A'))).toBeNull();
    for (const junk of ['', '42', '42.', '0.abc', '-1.' + signature, '99999999999.' + signature, `042.${signature}`]) expect(repairerOfToken(secret, junk)).toBeNull();
  });
});

describe('the app secret', () => {
  it('is APP_SECRET when set; otherwise made once in DATA_DIR (readable by the owner only) and read back', async () => {
    const dataDir = join(mkdtempSync(join(tmpdir(), 'app-secret-')), 'data');
    try {
      expect(await loadAppSecret({ appSecret: secret, dataDir })).toBe(secret);
      const made = await loadAppSecret({ appSecret: undefined, dataDir });
      expect(made).toMatch(/^[0-9a-f]{64}$/);
      expect(statSync(join(dataDir, 'app-secret')).mode & 0o777).toBe(0o600);
      expect(await loadAppSecret({ appSecret: undefined, dataDir })).toBe(made);
    } finally {
      rmSync(join(dataDir, '..'), { recursive: true, force: true });
    }
  });
});
