// What every domain module receives from the app factory. Modules import this, never app.ts.
// Everything here is below the modules (config, db, kernel), so importing it imports no module.
import type { AppConfig } from './config/config';
import type { Database } from './db/database';
import type { Enqueue } from './kernel/jobs';
import type { FileStore, Geocoder, Mailer, PageFetcher, PasswordHasher } from './kernel/ports';
import type { StripeClient } from './kernel/stripe';

export interface ModuleDeps {
  config: AppConfig;
  database: Database;
  /** The app's job queue, to enqueue by name (kernel/jobs.ts). */
  jobs: Enqueue;
  mailer: Mailer;
  store: FileStore;
  /** Where a UK postcode is (issue 12): the outcode table by default. */
  geocoder: Geocoder;
  /** The one bounded password hasher (issue 7): sign-ins and new accounts share its limits. */
  passwords: PasswordHasher;
  /** Reads repairers' websites safely (D18): one per process, so politeness spans every run. */
  siteFetcher: PageFetcher;
  /** The app's signing key (config/app-secret.ts), read once at start: unsubscribe links and known-device cookies. */
  appSecret: string;
  /** The one Stripe client (STRIPE_SECRET_KEY, STRIPE_API_BASE), built by buildApp; undefined in test mode (no Stripe settings). */
  stripe: StripeClient | undefined;
}
