// Issue 14 item 7: changing the company settings and rebuilding changes the prerendered pages
// (home, contact, terms, privacy, their JSON-LD, and the app shell the other pages boot from),
// the quote PDF and the e-mails. The build step is the real one (scripts/prerender.ts, reading
// the settings from its environment) on a stand-in for `vite build`'s output in a folder of
// its own, so the shared dist/web is never touched.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultCompanyDetails } from '../../src/shared/company';
import { createRepairer, createUser } from '../../src/server/db/factories';
import { outboxEmails, quotes } from '../../src/server/db/schema';
import { cookieHeader, createTestApp, signInAs, type TestApp } from '../helpers/app';
import { fakeViteBuild } from '../helpers/fake-vite-build';
import { jpegPhoto } from '../helpers/images';
import { multipartBody, validDetails } from '../helpers/multipart';

const settings = {
  COMPANY_NAME: 'Northern Dent Co Ltd',
  COMPANY_NUMBER: 'SC123456',
  COMPANY_REGISTERED_OFFICE: 'Unit 4, Riverside Park, Glasgow, G2 1AA',
  COMPANY_VAT_NUMBER: 'GB987654321',
  SUPPORT_PHONE: '0141 496 0000',
  SUPPORT_EMAIL: 'help@northerndent.example',
  SUPPORT_HOURS: 'Monday-Thursday 9:00-17:30; Friday 9:00-16:00; Saturday-Sunday closed',
  RETENTION_MONTHS: '36',
};
/** How the pages, e-mails and PDF write those settings. */
const shown = {
  name: 'Northern Dent Co Ltd',
  number: 'SC123456',
  office: 'Unit 4, Riverside Park, Glasgow, G2 1AA',
  vat: 'GB 987 6543 21',
  phone: '0141 496 0000',
  phoneE164: '+441414960000',
  email: 'help@northerndent.example',
  hours: 'Monday–Thursday 9:00–17:30, Friday 9:00–16:00, closed on Saturday–Sunday',
};
const registration = `${shown.name}, registered in Scotland, company number ${shown.number}. Registered office: ${shown.office}. VAT number ${shown.vat}.`;
/** Today's details, none of which may remain anywhere once the settings say otherwise. */
const defaults = [defaultCompanyDetails.supportPhone, defaultCompanyDetails.supportEmail, '12 Harbour Yard', defaultCompanyDetails.name, defaultCompanyDetails.number];

const root = join(import.meta.dirname, '../..');
let distDir: string;
let t: TestApp;

beforeAll(async () => {
  distDir = mkdtempSync(join(tmpdir(), 'autorevive-company-build-'));
  fakeViteBuild(distDir);
  // The build's own step, in its own process, with the new settings in its environment.
  const env: Record<string, string | undefined> = { ...process.env, ...settings, PUBLIC_URL: 'https://www.northerndent.example' };
  execFileSync(process.execPath, ['--import', 'tsx', 'scripts/prerender.ts', distDir], { cwd: root, env, stdio: 'pipe' });
  t = await createTestApp({
    env: settings,
    configure: (config) => {
      config.webDistDir = distDir;
      config.assessmentsPerHourPerAddress = 1000;
    },
  });
}, 60_000);

afterAll(async () => {
  await t?.close();
  if (distDir) rmSync(distDir, { recursive: true, force: true });
});

const page = (path: string) => readFileSync(join(distDir, 'pages', path, 'index.html'), 'utf8');
/** The page's visible text, roughly: React's text separators and tags dropped, the usual entities decoded. */
const textOf = (html: string) =>
  (/<div id="root">([\s\S]*)<\/div>\s*<\/body>/.exec(html)?.[1] ?? '')
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/\s+/g, ' ');
const jsonLd = (html: string) => {
  const json = /<script type="application\/ld\+json">(.*?)<\/script>/.exec(html)?.[1];
  return (JSON.parse(json ?? '{}') as { '@graph': Record<string, unknown>[] })['@graph'].find((node) => node['@type'] === 'AutoRepair')!;
};
const expectNoDefaults = (text: string, where: string) => {
  for (const old of defaults) expect(text, `${where} still shows ${old}`).not.toContain(old);
};

describe('the prerendered pages, rebuilt with other company settings', () => {
  it('show the new details in the footer of every page, and nothing of the old ones', () => {
    for (const path of ['', 'contact', 'terms', 'privacy-policy', 'about', 'services', 'areas/glasgow']) {
      const text = textOf(page(path));
      for (const value of [shown.phone, shown.email, shown.office, registration]) expect(text, `/${path}`).toContain(value);
      expect(text, `/${path}`).toContain('Monday–Thursday: 9:00–17:30');
      expect(text, `/${path}`).toContain('Saturday–Sunday: Closed');
      expectNoDefaults(text, `/${path}`);
    }
  });

  it('contact: phone and e-mail links, the hours table, the address and the registration', () => {
    const html = page('contact');
    expect(html).toContain(`href="tel:${shown.phoneE164}"`);
    expect(html).toContain(`href="mailto:${shown.email}"`);
    expect(html).toMatch(/<meta name="description" content="Call 0141 496 0000 or e-mail help@northerndent.example\./);
    const text = textOf(html);
    expect(text).toContain('Monday–Thursday 9:00–17:30');
    expect(text).toContain(`${shown.name} Unit 4 Riverside Park Glasgow G2 1AA`);
    expect(text).toContain(`${shown.name} is registered in Scotland, company number ${shown.number}. VAT number ${shown.vat}.`);
    expect(text).toContain(`support hours (${shown.hours})`);
  });

  it('terms name the company number and the registered office', () => {
    const text = textOf(page('terms'));
    expect(text).toContain(
      `AutoRevive is run by ${shown.name}, a company registered in Scotland under company number ${shown.number}, whose registered office is at ${shown.office}. Our VAT number is ${shown.vat}.`,
    );
    expect(text).toContain(`Repairs are carried out by independent repair businesses, not by ${shown.name}.`);
    expect(text).toContain(`(${shown.hours})`);
  });

  it('privacy policy names the controller and where to write', () => {
    const text = textOf(page('privacy-policy'));
    expect(text).toContain(`AutoRevive is run by ${shown.name}, which is the controller`);
    expect(text).toContain(`or write to ${shown.name}, ${shown.office}.`);
    // The retention period the nightly erasure uses (RETENTION_MONTHS), stated from the same setting.
    expect(text).toContain('then for 36 months after your repair');
  });

  it('JSON-LD describes the company from the settings', () => {
    for (const path of ['', 'contact', 'terms']) {
      expect(jsonLd(page(path)), `/${path}`).toMatchObject({
        name: 'AutoRevive',
        legalName: shown.name,
        telephone: shown.phoneE164,
        email: shown.email,
        vatID: shown.vat,
        identifier: { '@type': 'PropertyValue', propertyID: 'Companies House company number', value: shown.number },
        address: { '@type': 'PostalAddress', streetAddress: 'Unit 4, Riverside Park', addressLocality: 'Glasgow', postalCode: 'G2 1AA', addressCountry: 'GB' },
        openingHoursSpecification: [
          { dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday'].map((day) => `https://schema.org/${day}`), opens: '09:00', closes: '17:30' },
          { dayOfWeek: ['https://schema.org/Friday'], opens: '09:00', closes: '16:00' },
        ],
      });
    }
  });

  it('every page, and the app shell the other pages boot from, carries the same details for the browser', async () => {
    const carried = (html: string) => JSON.parse(/<script type="application\/json" id="company-details">([^<]*)<\/script>/.exec(html)?.[1] ?? 'null');
    const shell = readFileSync(join(distDir, 'index.html'), 'utf8');
    expect(carried(shell)).toEqual(t.config.company);
    expect(carried(page('terms'))).toEqual(t.config.company);
    // As the server sends them: a client-rendered page gets the shell, a public page its prerendered HTML.
    const quotePage = await t.app.inject({ url: '/quote/1', headers: { 'accept-encoding': 'identity' } });
    expect(carried(quotePage.body)).toMatchObject({ name: shown.name, supportPhone: shown.phone, supportEmail: shown.email });
    const terms = await t.app.inject({ url: '/terms', headers: { 'accept-encoding': 'identity' } });
    expect(textOf(terms.body)).toContain(`company number ${shown.number}`);
  });

  it('a build with a bad setting stops with a sentence naming it, and writes nothing', () => {
    const dir = mkdtempSync(join(tmpdir(), 'autorevive-company-bad-'));
    try {
      fakeViteBuild(dir);
      const env = { ...process.env, ...settings, COMPANY_NUMBER: '123' };
      let stderr = '';
      try {
        execFileSync(process.execPath, ['--import', 'tsx', 'scripts/prerender.ts', dir], { cwd: root, env, stdio: 'pipe', encoding: 'utf8' });
      } catch (error) {
        stderr = String((error as { stderr?: string }).stderr);
      }
      expect(stderr).toContain('COMPANY_NUMBER must be a UK company number: 8 characters, either 8 digits or 2 letters and 6 digits');
      expect(() => readFileSync(join(dir, 'pages', 'index.html'))).toThrow();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the server, started with the same settings', () => {
  let jpeg: Buffer;
  let adminCookie: string;
  const pdfDir = mkdtempSync(join(tmpdir(), 'company-pdf-'));

  beforeAll(async () => {
    jpeg = await jpegPhoto(800, 600);
    const admin = await createUser(t.database.db, { role: 'admin' });
    adminCookie = await signInAs(t.app, admin.email, admin.password);
  });
  afterAll(() => rmSync(pdfDir, { recursive: true, force: true }));

  const latest = async (kind: string) => {
    const [email] = await t.database.db.select().from(outboxEmails).where(eq(outboxEmails.kind, kind)).orderBy(desc(outboxEmails.id)).limit(1);
    return email!;
  };
  const expectFooter = (text: string, kind: string) => {
    expect(text, kind).toContain(`Questions? Call ${shown.phone} (${shown.hours}) or reply to ${shown.email}.`);
    expect(text, kind).toContain(registration);
    expectNoDefaults(text, kind);
  };

  it("puts them in the customer's e-mails, the quote PDF and a repairer's e-mail", async () => {
    const { body, headers } = multipartBody(validDetails, [{ filename: 'damage.jpg', contentType: 'image/jpeg', data: jpeg }]);
    const submitted = await t.app.inject({ method: 'POST', url: '/api/assessments', payload: body, headers });
    expect(submitted.statusCode).toBe(201);
    const cookie = cookieHeader(submitted);

    const receipt = await latest('assessment-received');
    expectFooter(receipt.textBody, 'assessment-received');
    // Issue 38 item 1: every customer e-mail says where all their repairs are.
    expect(receipt.textBody).toContain(`All your repairs with us, on any device: ${t.config.publicUrl}/my-repairs`);
    // No e-mail has an HTML part today; one that gets it uses customerFooterHtml (tested below).
    expect(receipt.htmlBody).toBeNull();

    const [quote] = await t.database.db.select().from(quotes).where(eq(quotes.assessmentId, submitted.json().id));
    expect((await t.app.inject({ method: 'POST', url: `/api/admin/quotes/${quote!.id}/approve`, headers: { cookie: adminCookie }, payload: {} })).statusCode).toBe(200);
    expectFooter((await latest('quote-ready')).textBody, 'quote-ready');

    const pdf = await t.app.inject({ url: `/api/quotes/${quote!.id}/pdf`, headers: { cookie } });
    expect(pdf.statusCode).toBe(200);
    const file = join(pdfDir, 'quote.pdf');
    writeFileSync(file, pdf.rawPayload);
    const text = execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' });
    expect(text).toContain(`${shown.name}, registered in Scotland, company number ${shown.number} · VAT number ${shown.vat}`);
    expect(text).toContain(`Registered office: ${shown.office}`);
    expect(text).toContain(`${shown.phone} · ${shown.email}`);
    expect(text).toContain(`Support hours: ${shown.hours}`);
    expectNoDefaults(text, 'the PDF');
    expect(execFileSync('pdfinfo', [file], { encoding: 'utf8' })).toMatch(/Author:\s+Northern Dent Co Ltd/);

    const repairer = await createRepairer(t.database.db, { email: 'dent-doctor@example.co.uk' });
    const invited = await t.app.inject({ method: 'POST', url: `/api/admin/repairers/${repairer.id}/invite`, headers: { cookie: adminCookie } });
    expect(invited.statusCode).toBe(200);
    const invitation = (await latest('repairer-invitation')).textBody;
    expect(invitation).toContain(registration);
    expectNoDefaults(invitation, 'repairer-invitation');
  });

  it('an HTML e-mail gets the same footer, escaped', async () => {
    const { customerFooterHtml } = await import('../../src/server/modules/email');
    const html = customerFooterHtml({ ...t.config.company, name: 'Dent & Co Ltd' }, t.config.publicUrl);
    expect(html).toContain(`<a href="tel:${shown.phoneE164}">${shown.phone}</a>`);
    expect(html).toContain(`<a href="mailto:${shown.email}">${shown.email}</a>`);
    expect(html).toContain('Dent &amp; Co Ltd, registered in Scotland, company number SC123456.');
    expect(html).toContain(`<a href="${t.config.publicUrl}/my-repairs">My repairs</a>`);
  });
});
