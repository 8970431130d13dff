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
import { createAppJobs, type AppJobs } from './jobs';
import type { ModuleDeps } from './module-deps';
import { accessRoutes, myRepairsRoutes, resolveGrantedAssessments } from './modules/access';
import { adminRoutes, enquiryPageRoutes } from './modules/admin';
import { priceGuideRoutes, quoteReadsForAssessments, quoteRoutes } from './modules/quotes';
import { bookingRoutes, completionRoutes, dispatchRoutes, paymentRoutes, repairerJobRoutes, fillReservations, refreshReservationsOf, takeBackJobsOutsideAvailability, unassignedBookingRoutes, withdrawOpenOffersOfRepairer } from './modules/booking';
import { repairerAccountRoutes } from './modules/repairer-accounts';
import { technicianRoutes } from './modules/technicians';
import { reviewRoutes } from './modules/reviews';
import { repairerAvailabilityRoutes } from './modules/repairer-availability';
import { outreachRoutes } from './modules/outreach';
import { assessmentRoutes } from './modules/assessments';
import { coverageRoutes } from './modules/coverage';
import { authRoutes, PasswordQueue, userForSession } from './modules/auth';
import { createMailer, emailRoutes, type Mailer } from './modules/email';
import { closeHeicWorkers, createFileStore, type FileStore } from './modules/images';
import { createGeocoder } from './modules/geo';
import { healthRoutes } from './modules/health';
import { privacyRoutes } from './modules/privacy';
import { jobRunRoutes } from './modules/job-runs';
import { placesRoutes } from './modules/places';
import { createSiteFetcher, emailCollectionRoutes, type Resolver } from './modules/email-collection';
import { createStripeClient } from './kernel/stripe';
import { apiDocsRoutes, type DescribedRoute } from './modules/api-docs';
import { siteRoutes } from './modules/site';
import { vehicleRoutes } from './modules/vehicles';
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
/** What buildApp holds: the modules' deps, with the whole job registry (tests drain and run it). */
export type AppDeps = Omit<ModuleDeps, 'jobs'> & { jobs: AppJobs };

/** The domain modules, in the order their routes are registered. Each receives ModuleDeps. */
const modules: FastifyPluginAsyncZod<{ deps: ModuleDeps }>[] = [
  healthRoutes,
  siteRoutes,
  authRoutes,
  accessRoutes,
  myRepairsRoutes,
  assessmentRoutes(quoteReadsForAssessments),
  coverageRoutes,
  quoteRoutes,
  priceGuideRoutes,
  bookingRoutes,
  paymentRoutes,
  adminRoutes,
  enquiryPageRoutes,
  dispatchRoutes,
  unassignedBookingRoutes,
  repairerJobRoutes,
  completionRoutes,
  repairerAccountRoutes({ withdrawOpenOffersOfRepairer, refreshReservationsOf }),
  technicianRoutes,
  reviewRoutes,
  repairerAvailabilityRoutes({ takeBackJobsOutsideAvailability }),
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
  // The stored matching (docs/decisions/0028): open bookings made before it, or written around it, get their technician.
  await fillReservations(database.db, new Date());
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
  await registerAuth(app, config, {
    userForSession: (token) => userForSession(database, token),
    grantedAssessments: (tokens) => resolveGrantedAssessments(database, tokens),
  });
  await jobs.startWorkers();

  // Domain modules
  for (const module of modules) await app.register(module, { deps });

  // The web app, and 404 for everything else
  await registerWeb(app, config);
  return app;
}
