// POST /api/repairers/populate-from-google (admins, D17): starts the import from Google Places in
// the background and answers at once; GET /api/admin/job-runs/places_import shows its progress.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PopulateFromPlacesBodySchema, PopulateFromPlacesResultSchema } from '../../../shared/api/places-import';
import type { ModuleDeps } from '../../module-deps';
import { roleGroup } from '../../plugins/auth';
import { startPlacesImport } from './places.service';

export const placesRoutes: FastifyPluginAsyncZod<{ deps: ModuleDeps }> = async (app, { deps }) => {
  await app.register(
    roleGroup(['admin'], async (admin) => {
      admin.post('/api/repairers/populate-from-google', { schema: { body: PopulateFromPlacesBodySchema, response: { 200: PopulateFromPlacesResultSchema } } },
        async (request) => startPlacesImport(deps.database.db, deps.jobs, deps.config.googlePlaces, request.body),
      );
    }),
  );
};
