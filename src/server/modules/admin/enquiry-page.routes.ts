// Issue 33: the admin's enquiry page reads one enquiry as the team (GET /api/admin/enquiries/{id},
// the assessment's id). In an admin roleGroup: the role is checked before the id is parsed.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AdminEnquirySchema } from '../../../shared/api/admin-enquiry';
import { RecordIdSchema } from '../../../shared/api/ids';
import type { ModuleDeps } from '../../module-deps';
import { roleGroup } from '../../plugins/auth';
import { readAdminEnquiry } from './enquiry-page';

const EnquiryParamsSchema = z.object({ id: RecordIdSchema });

export const enquiryPageRoutes: FastifyPluginAsyncZod<{ deps: ModuleDeps }> = async (app, { deps }) => {
  await app.register(
    roleGroup(['admin'], async (admin) => {
      admin.get('/api/admin/enquiries/:id', { schema: { params: EnquiryParamsSchema, response: { 200: AdminEnquirySchema } } }, async (request) =>
        readAdminEnquiry(deps.database.db, request.params.id),
      );
    }),
  );
};
