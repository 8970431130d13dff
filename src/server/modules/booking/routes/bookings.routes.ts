// SPEC section 7's appointment calls (issue 11) and the admin's Availability screen. Public:
// availability, which reveals no personal data. The grant holder: holding a slot, reading the
// quote's hold, reading and rescheduling their appointment and changing its notes. Admins and the assigned repairer read it too; to anyone else
// an appointment does not exist (404, like a missing id). Cancel and payment are checkout's.
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AdminAvailabilityDateParamsSchema,
  AdminAvailabilityDaySchema,
  AdminAvailabilityMonthSchema,
  AdminAvailabilityQuerySchema,
  AdminAvailabilityUpdateSchema,
  AppointmentIdParamsSchema,
  CreateAppointmentBodySchema,
  HeldAppointmentViewSchema,
  RescheduleAppointmentBodySchema,
  AppointmentViewSchema,
  AvailabilityQuerySchema,
  AvailabilityViewSchema,
  MonthAvailabilityQuerySchema,
  MonthAvailabilityViewSchema,
  UpdateAppointmentNotesBodySchema,
  UpdateTextConsentBodySchema,
  type AppointmentView,
} from '../../../../shared/api/appointments';
import { IdParamsSchema } from '../../../../shared/api/assessments';
import { isCalendarDate } from '../../../../shared/calendar-date';
import type { ModuleDeps } from '../../../module-deps';
import type { Viewer } from '../../access';
import { roleGroup } from '../../../plugins/auth';
import { badRequest } from '../../../kernel/errors';
import type { RateLimit } from '../../../plugins/rate-limit';
import { adminAvailabilityMonth, updateAvailability } from '../slots/admin-availability.service';
import { updateNotes } from '../appointment/appointment-notes';
import { updateTextConsent } from '../appointment/appointment-texts';
import { readAppointmentView } from '../appointment/appointment-read.repo';
import { bookingDateMessages } from '../slots/booking-rules';
import { heldAppointmentOfQuote } from '../hold/held-appointment.repo';
import { appointmentCalendar, availabilityInMonth, availabilityOn, holdSlot, reschedule, type AvailabilityContext, type CalendarFor, type CustomerAsked } from '../hold/bookings.service';

type AppointmentChange = (ctx: AvailabilityContext, id: number, viewer: Viewer, rawBody: unknown, now: Date) => Promise<AppointmentView>;

function realDate(date: string): string {
  if (!isCalendarDate(date)) throw badRequest(bookingDateMessages.noSuchDay, { date: bookingDateMessages.noSuchDay });
  return date;
}

export const bookingRoutes: FastifyPluginAsyncZod<{ deps: ModuleDeps }> = async (app, { deps }) => {
  const ctx: AvailabilityContext = { db: deps.database.db, database: deps.database, config: deps.config, jobs: deps.jobs };

  // Every calendar read counts against its address's limit, in the read's own statement.
  const availabilityLimit = (ip: string): RateLimit => ({
    key: `availability:${ip}`,
    windowSeconds: 60,
    max: deps.config.availabilityReadsPerMinutePerAddress,
    message: 'Too many availability checks from your connection. Please wait a minute and try again.',
  });

  // A customer moving their booking reads its technician's calendar too; anyone else, free places only.
  const movingFor = async (request: FastifyRequest<{ Querystring: { appointmentId?: number } }>): Promise<CalendarFor | undefined> =>
    request.query.appointmentId === undefined ? undefined : { viewer: await request.viewer(), appointmentId: request.query.appointmentId };
  const customerAsked = async (request: FastifyRequest<{ Querystring: { quoteId?: number } }>): Promise<CustomerAsked | undefined> =>
    request.query.quoteId === undefined ? undefined : { viewer: await request.viewer(), quoteId: request.query.quoteId };

  app.get('/api/appointments/available', { schema: { querystring: AvailabilityQuerySchema, response: { 200: AvailabilityViewSchema } } }, async (request, reply) => {
    const date = realDate(request.query.date);
    const view = await availabilityOn(ctx, availabilityLimit(request.ip), date, new Date(), await movingFor(request), await customerAsked(request));
    reply.header('Cache-Control', 'no-store');
    return view;
  });

  app.get(
    '/api/appointments/available-month',
    { schema: { querystring: MonthAvailabilityQuerySchema, response: { 200: MonthAvailabilityViewSchema } } },
    async (request, reply) => {
      const view = await availabilityInMonth(ctx, availabilityLimit(request.ip), request.query.month, new Date(), await movingFor(request), await customerAsked(request));
      reply.header('Cache-Control', 'no-store');
      return view;
    },
  );

  // The body is parsed by the service after the access check (authorise before parsing).
  app.post('/api/appointments', { schema: { response: { 200: AppointmentViewSchema } }, config: { openapiBody: CreateAppointmentBodySchema } }, async (request, reply) => {
    const view = await holdSlot(ctx, await request.viewer(), request.body, new Date());
    reply.header('Cache-Control', 'private, no-store');
    return view;
  });

  app.get(
    '/api/quotes/:id/held-appointment',
    { schema: { params: IdParamsSchema, response: { 200: HeldAppointmentViewSchema } } },
    async (request, reply) => {
      const view = await heldAppointmentOfQuote(deps.database, request.grantTokenHashes(), request.params.id, new Date());
      reply.header('Cache-Control', 'private, no-store');
      return view;
    },
  );

  app.get('/api/appointments/:id', { schema: { params: AppointmentIdParamsSchema, response: { 200: AppointmentViewSchema } } }, async (request, reply) => {
    const view = await readAppointmentView(deps.database, request.params.id, { user: await request.session(), grantTokenHashes: request.grantTokenHashes() });
    reply.header('Cache-Control', 'private, no-store');
    return view;
  });

  // The booking as a calendar file (the confirmation e-mail's attachment), for whoever may read it.
  app.get('/api/appointments/:id/calendar.ics', { schema: { params: AppointmentIdParamsSchema } }, async (request, reply) => {
    const { filename, content } = await appointmentCalendar(ctx, request.params.id, await request.viewer(), new Date());
    return reply
      .type('text/calendar; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="${filename}"`)
      .header('Cache-Control', 'private, no-store')
      .send(content);
  });

  // The customer's changes to their booking: its slot (D14's 24 hours), their notes for the technician
  // until two days before (issue 33), texts about it (issue 38). Each change parses the body after its
  // access check (openapiBody documents it) and answers the appointment as it now is, never cached.
  const customerChange = (method: 'POST' | 'PUT', url: string, body: z.ZodType, change: AppointmentChange) =>
    app.route({
      method,
      url,
      schema: { params: AppointmentIdParamsSchema, response: { 200: AppointmentViewSchema } },
      config: { openapiBody: body },
      handler: async (request, reply) => {
        const view = await change(ctx, request.params.id, await request.viewer(), request.body, new Date());
        reply.header('Cache-Control', 'private, no-store');
        return view;
      },
    });
  customerChange('POST', '/api/appointments/:id/reschedule', RescheduleAppointmentBodySchema, reschedule);
  customerChange('PUT', '/api/appointments/:id/notes', UpdateAppointmentNotesBodySchema, updateNotes);
  customerChange('PUT', '/api/appointments/:id/texts', UpdateTextConsentBodySchema, updateTextConsent);

  await app.register(
    roleGroup(['admin'], async (admin) => {
      admin.get(
        '/api/admin/availability',
        { schema: { querystring: AdminAvailabilityQuerySchema, response: { 200: AdminAvailabilityMonthSchema } } },
        async (request) => adminAvailabilityMonth(ctx, request.query.month, new Date()),
      );

      admin.put(
        '/api/admin/availability/:date',
        { schema: { params: AdminAvailabilityDateParamsSchema, body: AdminAvailabilityUpdateSchema, response: { 200: AdminAvailabilityDaySchema } } },
        async (request) => updateAvailability(ctx, realDate(request.params.date), request.body, new Date()),
      );
    }),
  );
};
