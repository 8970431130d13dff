// POST /api/vehicle-lookup: a UK registration in, make, year and colour out, through DVLA's
// Vehicle Enquiry Service when DVLA_API_KEY is set. Anyone may call it; each address has an
// hourly allowance, because every call spends the key's quota.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppConfig } from '../../config/config';
import type { Db } from '../../db/database';
import { badRequest, notConfigured } from '../../plugins/errors';
import { enforceRateLimit } from '../auth/rate-limit';
import { createDvlaVehicleEnquiry } from './dvla';
import { lookUpVehicle, RegistrationSchema, vehicleLookupMessages, VehicleLookupSchema } from './vehicle-lookup';

const LookupBodySchema = z.object({ registration: RegistrationSchema }, { error: vehicleLookupMessages.invalid });

export const vehicleRoutes: FastifyPluginAsyncZod<{ config: AppConfig; db: Db }> = async (app, { config, db }) => {
  const enquiry = config.dvlaApiKey ? createDvlaVehicleEnquiry({ apiKey: config.dvlaApiKey, baseUrl: config.dvlaBaseUrl, log: app.log }) : null;

  app.post('/api/vehicle-lookup', { schema: { response: { 200: VehicleLookupSchema } } }, async (request, reply) => {
    if (!enquiry) throw notConfigured(vehicleLookupMessages.notConfigured);
    await enforceRateLimit(db, { key: `vehicle-lookup:${request.ip}`, windowSeconds: 3600, max: config.vehicleLookupsPerHourPerAddress, message: vehicleLookupMessages.tooMany });
    const parsed = LookupBodySchema.safeParse(request.body);
    if (!parsed.success) throw badRequest(vehicleLookupMessages.invalid, { registration: vehicleLookupMessages.invalid });
    reply.header('Cache-Control', 'private, no-store');
    return lookUpVehicle(enquiry, parsed.data.registration);
  });
};
