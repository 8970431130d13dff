// STYLE habit 2: the app factory is the app. Infrastructure first, then the domain
// modules, then the web app with its 404 and the error handler.
import { randomUUID } from 'node:crypto';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import type { DestinationStream } from 'pino';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppConfig } from './config/config';
import { openDatabase, type Database } from './db/database';
import { runMigrations } from './db/migrate';
import { loadAppSecret } from './config/app-secret';
import { createAppJobs } from './jobs';
import type { ModuleDeps } from './module-deps';
import { accessRoutes } from './modules/access/access.routes';
import { adminRoutes } from './modules/admin/admin.routes';
import { enquiryPageRoutes } from './modules/admin/enquiry-page.routes';
import { quoteRoutes } from './modules/quotes/quotes.routes';
import { bookingRoutes } from './modules/booking/routes/bookings.routes';
import { paymentRoutes } from './modules/booking/routes/payments.routes';
import { dispatchRoutes } from './modules/booking/routes/dispatch.routes';
import { repairerJobRoutes } from './modules/booking/routes/repairer-jobs.routes';
import { completionRoutes } from './modules/booking/routes/completion.routes';
import { repairerAccountRoutes } from './modules/repairer-accounts/repairer-accounts.routes';
import { technicianRoutes } from './modules/technicians/technicians.routes';
import { repairerAvailabilityRoutes } from './modules/repairer-availability/availability.routes';
import { outreachRoutes } from './modules/outreach/outreach.routes';
import { assessmentRoutes } from './modules/assessments/assessments.routes';
import { authRoutes } from './modules/auth/auth.routes';
import { emailRoutes } from './modules/email/email.routes';
import { createMailer, type Mailer } from './modules/email/mailer';
import type { FileStore } from './modules/images/file-store';
import { createFileStore } from './modules/images/create-file-store';
import { closeHeicWorkers } from './modules/images/heic-decoder';
import { createGeocoder } from './modules/geo/geocoder';
import { PasswordQueue } from './modules/auth/password-queue';
import { healthRoutes } from './modules/health/health.routes';
import { privacyRoutes } from './modules/privacy/privacy.routes';
import { jobRunRoutes } from './modules/job-runs/job-runs.routes';
import { placesRoutes } from './modules/places/places.routes';
import { emailCollectionRoutes } from './modules/email-collection/email-collection.routes';
import { createSiteFetcher } from './modules/email-collection/create-site-fetcher';
import type { Resolver } from './modules/email-collection/address-policy';
import { createStripeClient } from './modules/booking/pay/stripe-provider';
import { apiDocsRoutes } from './modules/api-docs/api-docs.routes';
import type { DescribedRoute } from './modules/api-docs/openapi';
import { siteRoutes } from './modules/site/site.routes';
import { vehicleRoutes } from './modules/vehicles/vehicles.routes';
import { registerAuth } from './plugins/auth';
import { registerValidation } from './plugins/validation';
import { registerErrorHandler } from './kernel/errors';
import { startJobQueue } from './plugins/jobs';
import { logDestination } from './plugins/log-destination';
import { loggerOptions } from './plugins/log-redaction';
import { registerMetrics } from './plugins/metrics';
import { lazyChildLogger, registerRequestLog } from './plugins/request-log';
import { registerSecurity } from './plugins/security';
import { serializerCompiler } from './plugins/serializer';
import { registerBodyTimeout, timeoutOptions } from './plugins/timeouts';
import { registerWeb } from './plugins/web';

/** The app's dependencies: the same object every module receives (module-deps.ts). */
export type AppDeps = ModuleDeps;

/** The domain modules, in the order their routes are registered. Each receives ModuleDeps. */
const modules: FastifyPluginAsyncZod<{ deps: ModuleDeps }>[] = [
  healthRoutes,
  siteRoutes,
  authRoutes,
  accessRoutes,
  assessmentRoutes,
  quoteRoutes,
  bookingRoutes,
  paymentRoutes,
  adminRoutes,
  enquiryPageRoutes,
  dispatchRoutes,
  repairerJobRoutes,
  completionRoutes,
  repairerAccountRoutes,
  technicianRoutes,
  repairerAvailabilityRoutes,
  outreachRoutes,
  emailRoutes,
  jobRunRoutes,
  privacyRoutes,
  placesRoutes,
  emailCollectionRoutes,
  vehicleRoutes,
  apiDocsRoutes,
];

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
    /** Every route as registered, for the access-table test and diagnostics. */
    registeredRoutes: DescribedRoute[];
  }
}

export interface BuildAppOptions {
  /** An open, migrated database (tests); otherwise one is opened from the config. */
  database?: Database;
  mailer?: Mailer;
  store?: FileStore;
  /** How the e-mail collector resolves host names (tests map names to chosen addresses). */
  resolveHost?: Resolver;
  /** Where log lines go; standard output, a block at a time, unless given (tests read them). */
  logDestination?: DestinationStream;
}

export async function buildApp(config: AppConfig, options: BuildAppOptions = {}): Promise<FastifyInstance> {
  const logStream = config.logLevel === 'silent' ? null : (options.logDestination ?? logDestination());
  const app = Fastify({
    logger: logStream ? { ...loggerOptions(config.logLevel), stream: logStream } : false,
    genReqId: (request) => {
      const given = request.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{8,64}$/.test(given) ? given : randomUUID();
    },
    logController: new LogController({ disableRequestLogging: true }),
    childLoggerFactory: lazyChildLogger,
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    ...timeoutOptions(config),
  }).withTypeProvider<ZodTypeProvider>();
  const registeredRoutes: DescribedRoute[] = [];
  app.decorate('registeredRoutes', registeredRoutes);
  app.addHook('onRoute', (route) => {
    const openapiBody = (route.config as { openapiBody?: DescribedRoute['openapiBody'] } | undefined)?.openapiBody;
    for (const method of [route.method].flat()) if (method !== 'HEAD') registeredRoutes.push({ method, url: route.url, schema: route.schema, openapiBody });
  });
  registerValidation(app);
  // The API reads JSON (and multipart where photos travel, plugins/uploads.ts). Fastify's own
  // text/plain parser handed a route the body as one string, read as no fields at all: a
  // customer's own quote answered 404 "could not be found". Without it, 415 says what to send.
  app.removeContentTypeParser('text/plain');
  app.setSerializerCompiler(serializerCompiler);
  if (logStream) registerRequestLog(app, config.logLevel, logStream);
  registerMetrics(app, config);

  // Infrastructure
  const ownsDatabase = !options.database;
  const database = options.database ?? (await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: config.pgliteDir }));
  if (ownsDatabase) await runMigrations(database);
  const queue = await startJobQueue(database, app.log, { runWorkers: config.runWorkers });
  const mailer = options.mailer ?? createMailer(config.smtpUrl);
  const ownsStore = !options.store;
  const store = options.store ?? createFileStore(config);
  const geocoder = createGeocoder(database.db, config, app.log);
  const siteFetcher = createSiteFetcher(config.collector, options.resolveHost);
  const appSecret = await loadAppSecret(config);
  // One Stripe client for the app (issue 34): payments, their webhook, payouts and Connect onboarding share it.
  const stripe = config.stripe ? createStripeClient(config.stripe) : undefined;
  const jobs = await createAppJobs(queue, { config, database, db: database.db, mailer, store, geocoder, siteFetcher, appSecret, stripe, log: app.log }, { runWorkers: config.runWorkers });
  const passwords = new PasswordQueue({ concurrency: config.passwordHashConcurrency, queue: config.passwordHashQueue });
  const deps: AppDeps = { config, database, jobs, mailer, store, geocoder, passwords, siteFetcher, appSecret, stripe };
  app.decorate('deps', deps);
  app.addHook('onClose', async () => {
    await queue.stop();
    await closeHeicWorkers();
    await siteFetcher.close();
    mailer.close();
    if (ownsStore) store.close?.();
    if (ownsDatabase) await database.close();
  });
  registerErrorHandler(app);
  registerBodyTimeout(app, config);
  await registerSecurity(app, config);
  await registerAuth(app, config, database);
  await jobs.startWorkers();

  // Domain modules
  for (const module of modules) await app.register(module, { deps });

  // The web app, and 404 for everything else
  await registerWeb(app, config);
  return app;
}
