// What every domain module receives from the app factory. Modules import this, never app.ts.
import type Stripe from 'stripe';
import type { AppConfig } from './config/config';
import type { Database } from './db/database';
import type { Mailer } from './modules/email/mailer';
import type { FileStore } from './modules/images/file-store';
import type { Geocoder } from './modules/geo/geocoder';
import type { PasswordQueue } from './modules/auth/password-queue';
import type { AppJobs } from './jobs';
import type { SiteFetcher } from './modules/email-collection/site-fetcher';

export interface ModuleDeps {
  config: AppConfig;
  database: Database;
  jobs: AppJobs;
  mailer: Mailer;
  store: FileStore;
  /** Where a UK postcode is (issue 12): the outcode table by default. */
  geocoder: Geocoder;
  /** The one bounded password hasher (issue 7): sign-ins and new accounts share its limits. */
  passwords: PasswordQueue;
  /** Reads repairers' websites safely (D18): one per process, so politeness spans every run. */
  siteFetcher: SiteFetcher;
  /** The app's signing key (config/app-secret.ts), read once at start: unsubscribe links and known-device cookies. */
  appSecret: string;
  /** The one Stripe client (STRIPE_SECRET_KEY, STRIPE_API_BASE), built by buildApp; undefined in test mode (no Stripe settings). */
  stripe: Stripe | undefined;
}
