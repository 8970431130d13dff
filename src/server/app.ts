// STYLE habit 2: the app factory is the app. Infrastructure first, then the domain
// modules, then the web app with its 404 and the error handler.
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import multipart from '@fastify/multipart';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppConfig } from './config/config';
import { openDatabase, type Database } from './db/database';
import { runMigrations } from './db/migrate';
import { accessRoutes } from './modules/access/access.routes';
import { assessmentRoutes } from './modules/assessments/assessments.routes';
import { sweepOrphanPhotos, sweepStaleUploads } from './modules/assessments/photo-sweeper';
import { authRoutes } from './modules/auth/auth.routes';
import { emailRoutes } from './modules/email/email.routes';
import { startEmailWorkers } from './modules/email/email.service';
import { createMailer, type Mailer } from './modules/email/mailer';
import { DiskFileStore, type FileStore } from './modules/images/file-store';
import { closeHeicWorkers } from './modules/images/heic-decoder';
import { healthRoutes } from './modules/health/health.routes';
import { siteRoutes } from './modules/site/site.routes';
import { vehicleRoutes } from './modules/vehicles/vehicles.routes';
import { registerAuth } from './plugins/auth';
import { registerErrorHandler } from './plugins/errors';
import { loggerOptions } from './plugins/log-redaction';
import { startJobQueue, type JobQueue } from './plugins/jobs';
import { registerSecurity } from './plugins/security';
import { registerBodyTimeout, timeoutOptions } from './plugins/timeouts';
import { registerWeb } from './plugins/web';

const SWEEP_PHOTOS_JOB = 'sweep-orphan-photos';

export interface AppDeps {
  config: AppConfig;
  database: Database;
  jobs: JobQueue;
  mailer: Mailer;
  store: FileStore;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
    /** Every route as registered, for the access-table test and diagnostics. */
    registeredRoutes: { method: string; url: string }[];
  }
}

export interface BuildAppOptions {
  /** An open, migrated database (tests); otherwise one is opened from the config. */
  database?: Database;
  mailer?: Mailer;
  store?: FileStore;
}

export async function buildApp(config: AppConfig, options: BuildAppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      config.logLevel === 'silent'
        ? false
        : loggerOptions(config.logLevel),
    genReqId: (request) => {
      const given = request.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{8,64}$/.test(given) ? given : randomUUID();
    },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    ...timeoutOptions(config),
  }).withTypeProvider<ZodTypeProvider>();
  const registeredRoutes: { method: string; url: string }[] = [];
  app.decorate('registeredRoutes', registeredRoutes);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) if (method !== 'HEAD') registeredRoutes.push({ method, url: route.url });
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  // Infrastructure
  const ownsDatabase = !options.database;
  const database = options.database ?? (await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: config.pgliteDir }));
  if (ownsDatabase) await runMigrations(database);
  const jobs = await startJobQueue(database, app.log, { runWorkers: config.runWorkers });
  const mailer = options.mailer ?? createMailer(config.smtpUrl);
  const store = options.store ?? new DiskFileStore(config.uploadsDir);
  const deps: AppDeps = { config, database, jobs, mailer, store };
  app.decorate('deps', deps);
  app.addHook('onClose', async () => {
    await jobs.stop();
    await closeHeicWorkers();
    mailer.close();
    if (ownsDatabase) await database.close();
  });
  registerErrorHandler(app);
  registerBodyTimeout(app, config);
  await registerSecurity(app, config);
  await registerAuth(app, config, database.db);
  await app.register(multipart);
  await startEmailWorkers({ db: database.db, jobs, mailer, mailFrom: config.mailFrom, log: app.log });
  await jobs.work(SWEEP_PHOTOS_JOB, async () => {
    const photos = await sweepOrphanPhotos(database.db, store);
    const uploads = await sweepStaleUploads(join(config.dataDir, 'tmp'));
    if (photos + uploads > 0) app.log.info({ photos, uploads }, 'removed files left by interrupted submissions');
  });
  await jobs.schedule(SWEEP_PHOTOS_JOB, '17 * * * *');
  if (config.runWorkers) await jobs.send(SWEEP_PHOTOS_JOB, {});

  // Domain modules
  const db = database.db;
  await app.register(healthRoutes, { database });
  await app.register(siteRoutes, { db, paymentsMode: 'test', vehicleLookupEnabled: Boolean(config.dvlaApiKey) });
  await app.register(authRoutes, { config, db });
  await app.register(accessRoutes, { config, db });
  await app.register(assessmentRoutes, { deps });
  await app.register(emailRoutes, { db });
  await app.register(vehicleRoutes, { config, db });

  // The web app, and 404 for everything else
  await registerWeb(app, config);
  return app;
}
