import { describe, expect, it } from 'vitest';
import { hashPassword, PASSWORD_LOG_N, verifyPassword } from './password';

describe('password hashing', () => {
  it('uses scrypt at OWASP cost (N=2^17, r=8, p=1) by default, with a random salt', async () => {
    const hash = await hashPassword('correct horse battery staple');
    expect(PASSWORD_LOG_N).toBe(17);
    expect(hash).toMatch(/^scrypt\$17\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
    expect(await hashPassword('correct horse battery staple')).not.toBe(hash);
    expect(await verifyPassword('correct horse battery staple', hash)).toBe(true);
    expect(await verifyPassword('correct horse battery stapler', hash)).toBe(false);
  });

  it('verifies with the parameters stored in the hash', async () => {
    const cheap = await hashPassword('pässwörd', 10);
    expect(await verifyPassword('pässwörd', cheap)).toBe(true);
    expect(await verifyPassword('pässwörd', 'bcrypt$whatever')).toBe(false);
  });
});
