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
      'COMPANY_VAT_NUMBER must be a UK VAT number: GB and 9 digits (or 12 for a group member), for example GB123456789, or "none" when the company is not VAT registered (then no VAT is charged) (it is "GB1")',
    ]);
  });

  it('refuses to start with live Stripe keys and the example or placeholder company details, naming each setting (issue 37)', () => {
    const live = { STRIPE_SECRET_KEY: 'sk_live_51example', STRIPE_PUBLISHABLE_KEY: 'pk_live_51example', STRIPE_WEBHOOK_SECRET: 'whsec_example' };
    const refusal = (env: Record<string, string>) => {
      try {
        loadConfig(env);
      } catch (error) {
        return (error as ConfigError).problems;
      }
      return [];
    };
    expect(refusal(live)).toEqual([
      "COMPANY_NUMBER is the example or placeholder 01234567, and live Stripe keys take real payments: set COMPANY_NUMBER to the company's Companies House number",
      "COMPANY_VAT_NUMBER is the example GB 123 4567 89, and live Stripe keys take real payments whose VAT invoices carry it: set COMPANY_VAT_NUMBER to the company's VAT registration number, or to none when it is not VAT registered",
    ]);
    expect(refusal({ ...live, COMPANY_NUMBER: '00000000', COMPANY_VAT_NUMBER: 'GB987654321' })).toEqual([
      "COMPANY_NUMBER is the example or placeholder 00000000, and live Stripe keys take real payments: set COMPANY_NUMBER to the company's Companies House number",
    ]);
    expect(refusal({ ...live, STRIPE_SECRET_KEY: 'rk_live_51example' })).toHaveLength(2);
    // The whole start-up message names the setting in a sentence.
    expect(() => loadConfig({ ...live, COMPANY_NUMBER: '09876543' })).toThrow(/COMPANY_VAT_NUMBER is the example GB 123 4567 89.*set COMPANY_VAT_NUMBER/);
    // Real details start with live keys; test keys start with the examples.
    expect(loadConfig({ ...live, COMPANY_NUMBER: '09876543', COMPANY_VAT_NUMBER: 'GB987654321' }).company).toMatchObject({ number: '09876543', vatNumber: 'GB 987 6543 21' });
    // Not VAT registered (COMPANY_VAT_NUMBER=none): nothing VAT to refuse, but the example company number still is.
    expect(refusal({ ...live, COMPANY_VAT_NUMBER: 'none' })).toEqual([
      "COMPANY_NUMBER is the example or placeholder 01234567, and live Stripe keys take real payments: set COMPANY_NUMBER to the company's Companies House number",
    ]);
    expect(loadConfig({ ...live, COMPANY_NUMBER: '09876543', COMPANY_VAT_NUMBER: 'none' }).company).toMatchObject({ number: '09876543', vatNumber: null });
    expect(loadConfig({ ...live, STRIPE_SECRET_KEY: 'sk_test_51example', STRIPE_PUBLISHABLE_KEY: 'pk_test_51example' }).company.vatNumber).toBe('GB 123 4567 89 (example)');
  });

  describe('photos in a bucket (S3_)', () => {
    const keys = { S3_ACCESS_KEY_ID: 'AKIAEXAMPLE', S3_SECRET_ACCESS_KEY: 'secret' };
    const problems = (env: Record<string, string>) => {
      try {
        loadConfig(env);
      } catch (error) {
        return (error as ConfigError).problems;
      }
      return [];
    };

    it('keeps photos on disk with no S3_ settings', () => {
      expect(loadConfig({}).s3).toBeUndefined();
    });

    it('takes AWS with a region (virtual-hosted addressing) and any other store by its endpoint (path-style unless told otherwise)', () => {
      expect(loadConfig({ S3_BUCKET: 'autorevive-photos', S3_REGION: 'eu-west-2', ...keys }).s3).toEqual({
        bucket: 'autorevive-photos', endpoint: undefined, region: 'eu-west-2', accessKeyId: 'AKIAEXAMPLE', secretAccessKey: 'secret', forcePathStyle: false,
      });
      expect(loadConfig({ S3_BUCKET: 'photos', S3_ENDPOINT: 'http://127.0.0.1:9000/', ...keys }).s3).toMatchObject({ endpoint: 'http://127.0.0.1:9000', region: 'us-east-1', forcePathStyle: true });
      expect(loadConfig({ S3_BUCKET: 'photos', S3_ENDPOINT: 'https://s3.example.com', S3_FORCE_PATH_STYLE: 'false', ...keys }).s3?.forcePathStyle).toBe(false);
    });

    it('stops at start-up with a sentence when the bucket lacks what it needs', () => {
      // No keys: which ones are missing.
      expect(problems({ S3_BUCKET: 'photos', S3_REGION: 'eu-west-2' })).toEqual([expect.stringContaining('S3_BUCKET is set but S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are not')]);
      expect(problems({ S3_BUCKET: 'photos', S3_REGION: 'eu-west-2', S3_ACCESS_KEY_ID: 'x' })).toEqual([expect.stringContaining('S3_SECRET_ACCESS_KEY is not')]);
      // Neither region nor endpoint: where the bucket is.
      expect(problems({ S3_BUCKET: 'photos', ...keys })).toEqual([expect.stringContaining('S3_BUCKET is set but S3_REGION is not')]);
      // Settings without a bucket would leave photos on disk unnoticed.
      expect(problems({ S3_ENDPOINT: 'http://127.0.0.1:9000', ...keys })).toEqual([expect.stringContaining('S3_ENDPOINT, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY are set but S3_BUCKET is not')]);
      // A name S3 would refuse, an endpoint that is not a URL, a flag that is not true or false.
      expect(problems({ S3_BUCKET: 'My_Photos', S3_REGION: 'eu-west-2', ...keys })).toEqual([expect.stringContaining('S3_BUCKET must be a bucket name')]);
      expect(problems({ S3_BUCKET: 'photos', S3_ENDPOINT: '127.0.0.1:9000', ...keys })).toEqual([expect.stringContaining('S3_ENDPOINT must be a URL starting with http:// or https://')]);
      expect(problems({ S3_BUCKET: 'photos', S3_ENDPOINT: 'http://x', S3_FORCE_PATH_STYLE: 'maybe', ...keys })).toEqual([expect.stringContaining('S3_FORCE_PATH_STYLE must be true or false')]);
    });
  });
});
