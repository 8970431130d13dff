// Issue 12: after the repair. The assigned repairer marks the job done (repairer role group);
// the customer — the grant holder, and nobody else (D10) — confirms it, reports a problem or
// rates it. Customer bodies are parsed only after the access check, as bookings' are.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppointmentIdParamsSchema, AppointmentViewSchema, ReportProblemBodySchema, ReviewBodySchema } from '../../../shared/api/appointments';
import type { ModuleDeps } from '../../module-deps';
import { roleGroup } from '../../plugins/auth';
import { notFound, unauthorised } from '../../plugins/errors';
import { bookingMessages, firstIssue, readableAppointment, toAppointmentView, type BookingContext } from '../bookings/bookings.service';
import { findAppointmentRecord } from '../bookings/appointments.repo';
import { dispatchEmails } from '../email/email.service';
import type { Viewer } from '../access/access.policy';
import { RELEASE_PAYOUTS_JOB } from './completion.jobs';
import { confirmCompletion, markJobDone, reportProblem, reviewRepair, type CompletionContext } from './completion.service';

export const completionRoutes: FastifyPluginAsyncZod<{ deps: ModuleDeps }> = async (app, { deps }) => {
  const ctx: CompletionContext & BookingContext = { db: deps.database.db, config: deps.config };
  const schema = { params: AppointmentIdParamsSchema, response: { 200: AppointmentViewSchema } };

  async function view(id: number) {
    const record = await findAppointmentRecord(ctx.db, id);
    if (!record) throw notFound(bookingMessages.appointmentNotFound);
    return toAppointmentView(record, new Date());
  }
  /** The grant holder's appointment; to anyone else (staff included) these calls do not exist. */
  async function asCustomer(id: number, viewer: Viewer) {
    const { access } = await readableAppointment(ctx, id, viewer, new Date());
    if (access !== 'customer') throw notFound(bookingMessages.appointmentNotFound);
  }

  await app.register(
    roleGroup(['repairer'], async (repairer) => {
      repairer.post('/api/repairer/appointments/:id/complete', { schema }, async (request) => {
        const user = await request.session();
        if (!user) throw unauthorised();
        await dispatchEmails(deps.jobs, await markJobDone(ctx, user, request.params.id, new Date()));
        return view(request.params.id);
      });
    }),
  );

  app.post('/api/appointments/:id/confirm-completion', { schema }, async (request, reply) => {
    const viewer = await request.viewer();
    await asCustomer(request.params.id, viewer);
    await confirmCompletion(ctx, viewer, request.params.id, new Date());
    await deps.jobs.enqueue(RELEASE_PAYOUTS_JOB, {});
    reply.header('Cache-Control', 'private, no-store');
    return view(request.params.id);
  });

  app.post('/api/appointments/:id/report-problem', { schema, config: { openapiBody: ReportProblemBodySchema } }, async (request, reply) => {
    const viewer = await request.viewer();
    await asCustomer(request.params.id, viewer);
    const body = ReportProblemBodySchema.safeParse(request.body ?? {});
    if (!body.success) throw firstIssue(body.error);
    await dispatchEmails(deps.jobs, await reportProblem(ctx, viewer, request.params.id, body.data.message, new Date()));
    reply.header('Cache-Control', 'private, no-store');
    return view(request.params.id);
  });

  app.post('/api/appointments/:id/review', { schema, config: { openapiBody: ReviewBodySchema } }, async (request, reply) => {
    const viewer = await request.viewer();
    await asCustomer(request.params.id, viewer);
    const body = ReviewBodySchema.safeParse(request.body ?? {});
    if (!body.success) throw firstIssue(body.error);
    await reviewRepair(ctx, viewer, request.params.id, body.data);
    reply.header('Cache-Control', 'private, no-store');
    return view(request.params.id);
  });
};
