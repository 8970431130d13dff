import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/server/config/config';

describe('configuration', () => {
  it('runs on embedded defaults with no settings at all', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ port: 3000, publicUrl: 'http://localhost:3000', databaseUrl: undefined, smtpUrl: undefined, seedDemoData: true });
    expect(config.pgliteDir).toMatch(/data\/db$/);
  });

  it('stops with a sentence naming each bad setting and how to fix it', () => {
    let error: unknown;
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', SMTP_URL: 'mail.example.com' });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    expect(message).toContain('PORT must be a port number (it is "eighty")');
    expect(message).toContain('DATABASE_URL must be a URL starting with postgres:// or postgresql://');
    expect(message).toContain('SMTP_URL must be a URL starting with smtp:// or smtps://');
    expect(message).toContain('.env.example');
  });

  it('treats empty settings as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', SMTP_URL: '' })).toMatchObject({ databaseUrl: undefined, smtpUrl: undefined });
  });

  it('reads the company settings, and names a bad one with the other bad settings (issue 14)', () => {
    expect(loadConfig({ COMPANY_NUMBER: '12345678', SUPPORT_PHONE: '0117 496 0123' }).company).toMatchObject({ number: '12345678', supportPhone: '0117 496 0123', supportPhoneE164: '+441174960123' });
    let error: unknown;
    try {
      loadConfig({ PORT: 'eighty', COMPANY_VAT_NUMBER: 'GB1' });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).problems).toEqual([
      'PORT must be a port number (it is "eighty")',
      'COMPANY_VAT_NUMBER must be a UK VAT number: GB and 9 digits (or 12 for a group member), for example GB123456789; leave it empty when the company is not registered for VAT (it is "GB1")',
    ]);
  });
});
