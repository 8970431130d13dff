// The DVLA Vehicle Enquiry Service adapter (ARCHITECTURE, "Outside services"): one POST per
// registration, its answers mapped to a small result the rest of the code understands.
// Without a key there is no embedded stand-in: the lookup is simply not offered.
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { compactRegistration } from '../../../shared/api/vehicles';

export const DVLA_DEFAULT_BASE_URL = 'https://driver-vehicle-licensing.api.gov.uk';

/** The fields of a 200 answer that AutoRevive reads; DVLA sends more, and may leave any out. */
const DvlaVehicleSchema = z.object({
  registrationNumber: z.string().optional(),
  make: z.string().optional(),
  yearOfManufacture: z.number().int().optional(),
  monthOfFirstRegistration: z.string().optional(),
  colour: z.string().optional(),
  fuelType: z.string().optional(),
});
export type DvlaVehicle = z.infer<typeof DvlaVehicleSchema>;

export type VehicleEnquiryFailure = 'not_found' | 'invalid_registration' | 'busy' | 'misconfigured' | 'unavailable';
export type VehicleEnquiryResult = { ok: true; vehicle: DvlaVehicle } | { ok: false; reason: VehicleEnquiryFailure };

export interface VehicleEnquiry {
  lookUp(registration: string): Promise<VehicleEnquiryResult>;
}

export interface DvlaOptions {
  apiKey: string;
  baseUrl?: string;
  log: FastifyBaseLogger;
  /** How long to wait for DVLA before giving up (tests shorten it). */
  timeoutMs?: number;
}

/** DVLA's form of a registration: upper case, no spaces ('ab12 cde' → 'AB12CDE'). */
export { compactRegistration };

export function createDvlaVehicleEnquiry({ apiKey, baseUrl = DVLA_DEFAULT_BASE_URL, log, timeoutMs = 5000 }: DvlaOptions): VehicleEnquiry {
  const url = `${baseUrl.replace(/\/+$/, '')}/vehicle-enquiry/v1/vehicles`;
  return {
    async lookUp(registration) {
      let response: Response;
      let body: unknown;
      try {
        response = await fetch(url, {
          method: 'POST',
          headers: { 'x-api-key': apiKey, 'Content-Type': 'application/json', Accept: 'application/json' },
          body: JSON.stringify({ registrationNumber: compactRegistration(registration) }),
          signal: AbortSignal.timeout(timeoutMs),
        });
        body = response.ok ? await response.json() : await response.text();
      } catch (error) {
        log.warn({ err: error }, 'DVLA vehicle enquiry failed to answer');
        return { ok: false, reason: 'unavailable' };
      }
      if (response.ok) {
        const parsed = DvlaVehicleSchema.safeParse(body);
        if (parsed.success) return { ok: true, vehicle: parsed.data };
        log.warn({ issues: parsed.error.issues }, 'DVLA vehicle enquiry answered in an unexpected shape');
        return { ok: false, reason: 'unavailable' };
      }
      switch (response.status) {
        case 404:
          return { ok: false, reason: 'not_found' };
        case 400:
          return { ok: false, reason: 'invalid_registration' };
        case 429:
          return { ok: false, reason: 'busy' };
        case 401:
        case 403:
          log.error({ status: response.status }, 'DVLA refused the API key: check DVLA_API_KEY and DVLA_BASE_URL');
          return { ok: false, reason: 'misconfigured' };
        default:
          log.warn({ status: response.status }, 'DVLA vehicle enquiry is unavailable');
          return { ok: false, reason: 'unavailable' };
      }
    },
  };
}
