// POST /api/vehicle-lookup: a UK registration in, make, year and colour out, through DVLA's
// Vehicle Enquiry Service when DVLA_API_KEY is set. Anyone may call it; each address has an
// hourly allowance, because every call spends the key's quota.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { VehicleLookupBodySchema, VehicleLookupSchema, vehicleLookupMessages } from '../../../shared/api/vehicles';
import type { ModuleDeps } from '../../module-deps';
import { badRequest, notConfigured } from '../../kernel/errors';
import { enforceRateLimit } from '../../plugins/rate-limit';
import { createDvlaVehicleEnquiry } from './dvla';
import { lookUpVehicle } from './vehicle-lookup';

export const vehicleRoutes: FastifyPluginAsyncZod<{ deps: ModuleDeps }> = async (app, { deps }) => {
  const { config } = deps;
  const db = deps.database.db;
  const enquiry = config.dvlaApiKey ? createDvlaVehicleEnquiry({ apiKey: config.dvlaApiKey, baseUrl: config.dvlaBaseUrl, log: app.log }) : null;

  app.post('/api/vehicle-lookup', { schema: { response: { 200: VehicleLookupSchema } } }, async (request, reply) => {
    if (!enquiry) throw notConfigured(vehicleLookupMessages.notConfigured);
    await enforceRateLimit(db, { key: `vehicle-lookup:${request.ip}`, windowSeconds: 3600, max: config.vehicleLookupsPerHourPerAddress, message: vehicleLookupMessages.tooMany });
    const parsed = VehicleLookupBodySchema.safeParse(request.body);
    if (!parsed.success) throw badRequest(vehicleLookupMessages.invalid, { registration: vehicleLookupMessages.invalid });
    reply.header('Cache-Control', 'private, no-store');
    return lookUpVehicle(enquiry, parsed.data.registration);
  });
};
