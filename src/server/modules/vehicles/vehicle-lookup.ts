// Turns a DVLA answer into what the assessment form fills in, and each failure into a
// message a person can act on (STYLE habit 6).
import { z } from 'zod';
import { badRequest, DomainError, notFound } from '../../plugins/errors';
import { compactRegistration, type DvlaVehicle, type VehicleEnquiry } from './dvla';

export const vehicleLookupMessages = {
  invalid: 'Please enter a valid registration number',
  notConfigured: 'Vehicle lookup is not configured. Please enter your vehicle details yourself.',
  tooMany: 'Too many vehicle look-ups. Please enter your vehicle details yourself.',
  notFound: 'We could not find a vehicle with that registration. Please check it, or enter the details yourself.',
  unavailable: 'Vehicle lookup is unavailable just now. Please enter your vehicle details yourself.',
} as const;

/** Loosely a UK registration: 2–8 letters or digits once spaces are removed. */
export const RegistrationSchema = z
  .string({ error: vehicleLookupMessages.invalid })
  .max(20, vehicleLookupMessages.invalid)
  .transform(compactRegistration)
  .refine((value) => /^[A-Z0-9]{2,8}$/.test(value), vehicleLookupMessages.invalid);

export const VehicleLookupSchema = z.object({
  registration: z.string(),
  make: z.string().nullable(),
  year: z.string().nullable(),
  colour: z.string().nullable(),
});
export type VehicleLookup = z.infer<typeof VehicleLookupSchema>;

/** 'MERCEDES-BENZ' → 'Mercedes-Benz', 'LAND ROVER' → 'Land Rover'; with acronyms, 'BMW' and 'MG' stay. */
export function titleCase(value: string, { keepAcronyms = false } = {}): string {
  return value
    .trim()
    .toLowerCase()
    .replace(/[a-z0-9]+/g, (word) => (keepAcronyms && /^[a-z]{1,3}$/.test(word) ? word.toUpperCase() : word.charAt(0).toUpperCase() + word.slice(1)));
}

function yearOf(vehicle: DvlaVehicle): string | null {
  if (vehicle.yearOfManufacture) return String(vehicle.yearOfManufacture);
  const fromMonth = vehicle.monthOfFirstRegistration?.match(/^(\d{4})-\d{2}$/);
  return fromMonth ? fromMonth[1]! : null;
}

export async function lookUpVehicle(enquiry: VehicleEnquiry, registration: string): Promise<VehicleLookup> {
  const result = await enquiry.lookUp(registration);
  if (result.ok) {
    const { vehicle } = result;
    return {
      registration: vehicle.registrationNumber ?? registration,
      make: vehicle.make?.trim() ? titleCase(vehicle.make, { keepAcronyms: true }) : null,
      year: yearOf(vehicle),
      colour: vehicle.colour?.trim() ? titleCase(vehicle.colour) : null,
    };
  }
  switch (result.reason) {
    case 'not_found':
      throw notFound(vehicleLookupMessages.notFound);
    case 'invalid_registration':
      throw badRequest(vehicleLookupMessages.invalid, { registration: vehicleLookupMessages.invalid });
    case 'unavailable':
      throw new DomainError(502, 'vehicle_lookup_unavailable', vehicleLookupMessages.unavailable);
    case 'busy':
    case 'misconfigured':
      throw new DomainError(503, 'vehicle_lookup_unavailable', vehicleLookupMessages.unavailable);
  }
}
