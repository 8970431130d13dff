// Issue 12: after the repair. The assigned repairer marks the job done (repairer role group);
// the customer — the grant holder, and nobody else (D10) — confirms it, reports a problem or
// rates it. Customer bodies are parsed only after the access check, as bookings' are.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { join } from 'node:path';
import { AppointmentIdParamsSchema, AppointmentViewSchema, OnMyWayBodySchema, PayoutIdParamsSchema, PayoutsInQuestionSchema, ReleasedPayoutSchema, ReportedProblemsSchema, ReportProblemBodySchema, ReviewBodySchema } from '../../../../shared/api/appointments';
import { penceToDecimalString } from '../../../../shared/money';
import { releaseHeldPayout } from '../payout/payouts';
import { reportedProblems } from '../complete/reported-problems';
import { payoutsInQuestion } from '../payout/payouts-in-question';
import { findPayout } from '../payout/payouts.repo';
import type { ModuleDeps } from '../../../module-deps';
import { uploadRoutes } from '../../../plugins/uploads';
import { roleGroup } from '../../../plugins/auth';
import { notFound, unauthorised } from '../../../kernel/errors';
import { parseBody } from '../../../plugins/validation';
import { bookingMessages, readableAppointment, toAppointmentView, type BookingContext } from '../hold/bookings.service';
import { findAppointmentRecord } from '../appointments.repo';
import type { Viewer } from '../../access';
import { processPhotos, receiveUpload } from '../../assessments';
import { processImageFile } from '../../images';
import { stopIdleTimeout } from '../../../plugins/timeouts';
import { announceOnMyWay } from '../complete/on-my-way';
import { checkCanMarkDone, confirmCompletion, markJobDone, reportProblem, reviewRepair, type CompletionContext } from '../complete/completion.service';

export const completionRoutes: FastifyPluginAsyncZod<{ deps: ModuleDeps }> = async (app, { deps }) => {
  const ctx: CompletionContext & BookingContext = { db: deps.database.db, config: deps.config, jobs: deps.jobs };
  const schema = { params: AppointmentIdParamsSchema, response: { 200: AppointmentViewSchema } };

  /** The booking as its reader here may read it: the technician marking it done, or the customer. */
  async function view(id: number, access: 'assigned-repairer' | 'customer') {
    const record = await findAppointmentRecord(ctx.db, id);
    if (!record) throw notFound(bookingMessages.appointmentNotFound);
    return toAppointmentView(record, new Date(), access);
  }
  /** The grant holder's appointment; to anyone else (staff included) these calls do not exist. */
  async function asCustomer(id: number, viewer: Viewer) {
    const { access } = await readableAppointment(ctx, id, viewer, new Date());
    if (access !== 'customer') throw notFound(bookingMessages.appointmentNotFound);
  }

  await app.register(
    roleGroup(['repairer'], uploadRoutes(async (repairer) => {
      // A JSON (or empty) body, or a multipart form with up to 10 after photos as "images"
      // (the intake's pipeline). Whether the job may be marked done is checked before any photo is
      // received; the photos are decoded before the transaction and stored inside it.
      repairer.post('/api/repairer/appointments/:id/complete', { schema }, async (request) => {
        const user = await request.session();
        if (!user) throw unauthorised();
        await checkCanMarkDone(ctx.db, user, request.params.id, new Date());
        if (!request.isMultipart()) {
          await markJobDone(ctx, user, request.params.id, new Date());
          return view(request.params.id, 'assigned-repairer');
        }
        const upload = await receiveUpload(request, join(deps.config.dataDir, 'tmp'));
        try {
          stopIdleTimeout(request);
          const processed = await processPhotos(upload.photos, (photo) => processImageFile(photo.path));
          await markJobDone(ctx, user, request.params.id, new Date(), { store: deps.store, processed });
        } finally {
          await upload.cleanup();
        }
        return view(request.params.id, 'assigned-repairer');
      });
    })),
  );

  await app.register(
    roleGroup(['repairer'], async (repairer) => {
      // Issue 38 item 3: on the job's day, "On my way" with an arrival estimate (once, and one update).
      repairer.post('/api/repairer/appointments/:id/on-my-way', { schema: { ...schema, body: OnMyWayBodySchema } }, async (request) => {
        const user = await request.session();
        if (!user) throw unauthorised();
        await announceOnMyWay(ctx, user, request.params.id, request.body.arrivingAround, new Date());
        return view(request.params.id, 'assigned-repairer');
      });
    }),
  );

  await app.register(
    roleGroup(['admin'], async (admin) => {
      admin.get('/api/admin/reported-problems', { schema: { response: { 200: ReportedProblemsSchema } } }, async (_request, reply) => {
        reply.header('Cache-Control', 'private, no-store');
        return reportedProblems(ctx.db);
      });

      // Beside the reported problems: payouts held after their transfer was reversed at Stripe, and
      // payouts stuck being sent (Stripe gave no answer); otherwise seen only in the logs.
      admin.get('/api/admin/payouts-in-question', { schema: { response: { 200: PayoutsInQuestionSchema } } }, async (_request, reply) => {
        reply.header('Cache-Control', 'private, no-store');
        return payoutsInQuestion(ctx.db);
      });

      // A held payout (a reported problem, or a transfer reversed at Stripe), released once the team has looked at it.
      admin.post('/api/admin/payouts/:id/release', { schema: { params: PayoutIdParamsSchema, response: { 200: ReleasedPayoutSchema } } }, async (request) => {
        await releaseHeldPayout({ db: ctx.db, config: deps.config, log: request.log, jobs: deps.jobs, stripe: deps.stripe }, request.params.id, new Date());
        const row = await findPayout(ctx.db, request.params.id);
        return { id: row!.id, status: row!.status, amount: penceToDecimalString(row!.amountPence), releasedAt: row!.releasedAt?.toISOString() ?? null, providerRef: row!.providerRef };
      });
    }),
  );

  app.post('/api/appointments/:id/confirm-completion', { schema }, async (request, reply) => {
    const viewer = await request.viewer();
    await asCustomer(request.params.id, viewer);
    await confirmCompletion(ctx, viewer, request.params.id, new Date());
    reply.header('Cache-Control', 'private, no-store');
    return view(request.params.id, 'customer');
  });

  app.post('/api/appointments/:id/report-problem', { schema, config: { openapiBody: ReportProblemBodySchema } }, async (request, reply) => {
    const viewer = await request.viewer();
    await asCustomer(request.params.id, viewer);
    const body = parseBody(ReportProblemBodySchema, request.body);
    await reportProblem(ctx, viewer, request.params.id, body.message, new Date());
    reply.header('Cache-Control', 'private, no-store');
    return view(request.params.id, 'customer');
  });

  app.post('/api/appointments/:id/review', { schema, config: { openapiBody: ReviewBodySchema } }, async (request, reply) => {
    const viewer = await request.viewer();
    await asCustomer(request.params.id, viewer);
    const body = parseBody(ReviewBodySchema, request.body);
    await reviewRepair(ctx, viewer, request.params.id, body);
    reply.header('Cache-Control', 'private, no-store');
    return view(request.params.id, 'customer');
  });
};
