// GET /api/admin/unassigned-bookings (issue 35 item 4, docs/decisions/0027): the team's list of
// paid bookings without a technician, each with the technicians who could still take it. The team
// offers one to a technician with the dispatch call they already have (send-to-repairer).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { UnassignedBookingsSchema } from '../../../../shared/api/unassigned-bookings';
import type { ModuleDeps } from '../../../module-deps';
import { roleGroup } from '../../../plugins/auth';
import { readUnassignedBookings } from '../unassigned/unassigned.service';

export const unassignedBookingRoutes: FastifyPluginAsyncZod<{ deps: ModuleDeps }> = async (app, { deps }) => {
  await app.register(
    roleGroup(['admin'], async (admin) => {
      admin.get('/api/admin/unassigned-bookings', { schema: { response: { 200: UnassignedBookingsSchema } } }, async (_request, reply) => {
        reply.header('Cache-Control', 'private, no-store');
        return readUnassignedBookings({ db: deps.database.db, geocoder: deps.geocoder }, new Date());
      });
    }),
  );
};
