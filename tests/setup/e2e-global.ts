// Browser tests drive the real server, built as in production. Test files run in parallel, so
// each worker gets a lane of its own: a server on its own copy of the migrated database (no
// test sees another's data or rate limits) and a Chromium reused by every file the worker
// runs (tests open new contexts in it). A test file finds its lane from VITEST_POOL_ID through
// tests/e2e/support.ts; nothing in a test file needs to know about lanes.
import { appendFileSync, mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium as playwright, type BrowserServer } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config/config';
import { createRepairer, createUser, type CreatedUser } from '../../src/server/db/factories';
import { buildWebIfStale } from '../../scripts/web-build.mjs';
import { openImage, testImagePath } from '../helpers/database';
import { chromiumArgs, chromiumPath } from '../helpers/chromium.mjs';
import { belfastPlaces, startPlacesStandIn } from '../helpers/places-server';
import { startSmtpServer } from '../helpers/smtp';
import { seedCollectionRepairers, startCollectionSites } from '../e2e/collection-sites';
import { reviewedRepair } from '../helpers/reviewed-repair';

export interface Lane {
  baseUrl: string;
  /** Playwright's endpoint for this lane's Chromium (chromium.connect). */
  browserEndpoint: string | null;
  /** The file this lane's local SMTP server appends each message it accepts to, one JSON ReceivedMail a line (mailTo in tests/e2e/support.ts). */
  mailbox: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    chromiumPath: string | null;
    lanes: Lane[];
    /** The same accounts (e-mail, password, id) exist in every lane's database. */
    /** Two repairers near central London (issue 12: one declines, the other accepts). */
    accounts: { admin: CreatedUser; repairer: CreatedUser; secondRepairer: CreatedUser };
  }
}

/** Businesses without an account in every lane, written to by the introduction browser test. */
export const introBusinesses = [
  ['Intro Lane Bodywork', 'intro-lane-bodywork@example.com'],
  ['Intro Lane Smart Repairs', 'intro-lane-smart@example.com'],
] as const;

/** A business without an account in every lane, invited (and unsubscribing) in tests/e2e/repairer-accounts.test.ts. */
export const invitedBusiness = ['Invite Lane Panel Works', 'invite-lane-panels@example.com'] as const;

/** As many lanes as Vitest runs workers for this project (its maxWorkers, as Vitest resolves it). */
function workerCount(project: TestProject): number {
  const configured = project.config.maxWorkers || project.vitest.config.maxWorkers;
  if (configured) return Math.max(1, Number(configured));
  return Math.max(availableParallelism() - 1, 1);
}

export default async function setup(project: TestProject) {
  const chromium = chromiumPath();
  project.provide('chromiumPath', chromium);
  buildWebIfStale();
  const imagePath = await testImagePath();
  // A file that needs a server of its own (its own clock: tests/e2e/on-my-way.test.ts) builds it
  // with tests/helpers/app.ts from the same image, on PGlite.
  project.provide('pgliteImagePath', imagePath);
  project.provide('serverTemplate', null);

  const stops: Array<() => Promise<void>> = [];
  const teardown = async () => {
    for (const stop of stops.reverse()) await stop().catch((error: unknown) => console.error('e2e teardown:', error));
  };
  try {
    const count = workerCount(project);
    // Local repairer websites for the e-mail collection test, visited by every lane's server.
    const collectionSites = await startCollectionSites();
    stops.push(() => collectionSites.close());
    const lanes: Lane[] = [];
    let accounts: { admin: CreatedUser; repairer: CreatedUser; secondRepairer: CreatedUser } | undefined;
    // One Google Places stand-in for every lane (tests/e2e/places-import.test.ts imports Belfast).
    const places = await startPlacesStandIn();
    stops.push(() => places.close());
    places.results = belfastPlaces();
    places.answerDelayMs = 600; // 4 searches: the run stays visibly in progress for at least 2.4 s
    const placesEnv = { GOOGLE_PLACES_API_KEY: places.apiKey, GOOGLE_PLACES_BASE_URL: places.url, GOOGLE_PLACES_PAGE_DELAY_MS: '0' };
    for (let lane = 0; lane < count; lane++) {
      const dataDir = mkdtempSync(join(tmpdir(), 'autorevive-e2e-'));
      stops.push(async () => rmSync(dataDir, { recursive: true, force: true }));
      // A local SMTP server per lane, so a test reads an e-mail as a mail program gets it (headers,
      // encoding) rather than the outbox's row. Test files run in other processes: each message is
      // appended to a file in the lane's data folder, which they read.
      const mailbox = join(dataDir, 'received-mail.jsonl');
      const smtp = await startSmtpServer({ onMessage: (mail) => appendFileSync(mailbox, `${JSON.stringify(mail)}\n`) });
      stops.push(() => smtp.close());
      // Every browser test signs in from 127.0.0.1: a lane's files make more than the 30 sign-ins an
      // address may make in 15 minutes on a quiet machine (429 on 2026-12-03), so its server allows more.
      const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'warn', DATA_DIR: dataDir, HOST: '127.0.0.1', PORT: '0', SEED_DEMO_DATA: 'false', SIGN_IN_ATTEMPTS_PER_ADDRESS: '1000', ...placesEnv, SMTP_URL: smtp.url, COLLECTOR_ALLOW_HOSTS: collectionSites.allowHosts });
      const database = await openImage(imagePath);
      stops.push(() => database.close());
      const app = await buildApp(config, { database });
      stops.push(() => app.close());
      // The same accounts, made the same way in the same order on copies of one image, so
      // they have the same ids everywhere; checked, because tests may rely on the ids.
      const admin = await createUser(app.deps.database.db, { role: 'admin', name: 'Test Operations', ...(accounts && { email: accounts.admin.email, password: accounts.admin.password }) });
      const repairer = await createUser(app.deps.database.db, { role: 'repairer', name: 'Test Repairer', ...(accounts && { email: accounts.repairer.email, password: accounts.repairer.password }) });
      const secondRepairer = await createUser(app.deps.database.db, { role: 'repairer', name: 'Second Repairer', ...(accounts && { email: accounts.secondRepairer.email, password: accounts.secondRepairer.password }) });
      accounts ??= { admin, repairer, secondRepairer };
      if (admin.id !== accounts.admin.id || repairer.id !== accounts.repairer.id || repairer.repairerId !== accounts.repairer.repairerId || secondRepairer.repairerId !== accounts.secondRepairer.repairerId) {
        throw new Error('The e2e lanes\' test accounts differ in id: create them the same way in every lane.');
      }
      // Issue 13: two businesses without accounts, for introductions (tests/e2e/network-intro.test.ts);
      // verified and far from London, so no lane's dispatch reaches them.
      for (const [businessName, email] of introBusinesses) {
        await createRepairer(app.deps.database.db, { businessName, email, city: 'Aberdeen', county: 'Aberdeenshire', postcode: 'AB10 1AA', latitude: 57.1437, longitude: -2.0981, isVerified: true });
      }
      // Issue 12's invitation with D19's unsubscribe (tests/e2e/repairer-accounts.test.ts); as above, far from London.
      await createRepairer(app.deps.database.db, { businessName: invitedBusiness[0], email: invitedBusiness[1], city: 'Aberdeen', county: 'Aberdeenshire', postcode: 'AB10 1AB', latitude: 57.1437, longitude: -2.0981, isVerified: true });
      // Issue 35: booking needs a verified technician who covers the customer, with places. The browser
      // tests' enquiries come from Bristol (tests/e2e/enquiry.ts) or London (the accounts above): one for
      // Bristol, ten jobs a slot, without an account or an e-mail address, so no test's offers or mail reach it.
      await createRepairer(app.deps.database.db, { businessName: 'Bristol Cover Repairs', email: null, emailSource: null, city: 'Bristol', county: 'City of Bristol', postcode: 'BS1 4DJ', latitude: 51.4545, longitude: -2.5879, jobsPerSlot: 10, isVerified: true });
      // Issue 37 item 2 (tests/e2e/reviews.test.ts): a repair done, confirmed and reviewed, by a verified
      // technician far from every test's enquiry and without an e-mail address, so no offer reaches it.
      const reviewed = await createRepairer(app.deps.database.db, { businessName: 'Aberdeen Wheel & Body Care', contactName: 'Morven Reid', email: null, emailSource: null, city: 'Aberdeen', county: 'Aberdeenshire', postcode: 'AB11 5RG', latitude: 57.14, longitude: -2.09, yearsExperience: 9, isVerified: true });
      await reviewedRepair(app.deps.database.db, reviewed.id, { name: 'Fiona Mackintosh', city: 'Aberdeen', postcode: 'AB10 1XG', rating: 5, comment: 'Kerbed alloy made good in an hour, on my drive.', at: new Date('2026-11-16T12:00:00Z'), damageType: 'alloy_wheel' });
      // The e-mail collection test's repairers, whose websites are the local sites above.
      await seedCollectionRepairers(app.deps.database.db, collectionSites);
      await app.listen({ host: '127.0.0.1', port: 0 });
      const address = app.server.address();
      if (!address || typeof address === 'string') throw new Error('The server did not start.');

      let browserEndpoint: string | null = null;
      if (chromium) {
        const browser: BrowserServer = await playwright.launchServer({ executablePath: chromium, args: chromiumArgs, host: '127.0.0.1' });
        stops.push(() => browser.close());
        browserEndpoint = browser.wsEndpoint();
      }
      lanes.push({ baseUrl: `http://127.0.0.1:${address.port}`, browserEndpoint, mailbox });
    }
    project.provide('lanes', lanes);
    project.provide('accounts', accounts!);
  } catch (error) {
    await teardown();
    throw error;
  }
  return teardown;
}
