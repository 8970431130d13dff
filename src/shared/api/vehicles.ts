// POST /api/vehicle-lookup: a UK registration in, make, year and colour out.
import { z } from 'zod';

export const vehicleLookupMessages = {
  invalid: 'Please enter a valid registration number',
  notConfigured: 'Vehicle lookup is not configured. Please enter your vehicle details yourself.',
  tooMany: 'Too many vehicle look-ups. Please enter your vehicle details yourself.',
  notFound: 'We could not find a vehicle with that registration. Please check it, or enter the details yourself.',
  unavailable: 'Vehicle lookup is unavailable just now. Please enter your vehicle details yourself.',
} as const;

export const compactRegistration = (registration: string) => registration.replace(/\s+/g, '').toUpperCase();

/** Loosely a UK registration: 2–8 letters or digits once spaces are removed. */
export const RegistrationSchema = z
  .string({ error: vehicleLookupMessages.invalid })
  .max(20, vehicleLookupMessages.invalid)
  .transform(compactRegistration)
  .refine((value) => /^[A-Z0-9]{2,8}$/.test(value), vehicleLookupMessages.invalid);

export const VehicleLookupBodySchema = z.object({ registration: RegistrationSchema }, { error: vehicleLookupMessages.invalid });

/** DVLA's record, tidied; any part may be unknown. */
export const VehicleLookupSchema = z.object({
  registration: z.string(),
  make: z.string().nullable(),
  year: z.string().nullable(),
  colour: z.string().nullable(),
});
export type VehicleLookup = z.infer<typeof VehicleLookupSchema>;
