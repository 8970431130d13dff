import { z } from 'zod';
import { allDamageLocations, allDamageTypes, refineDamageLocations } from './damage';
import { londonDateOf } from './london-time';
import { normalisePostcode } from './postcode';
import { normaliseUkPhone } from './phone';
import { controlCharacterCheck, controlCharactersMessage } from './text-rules';

// SPEC section 5's messages, made stricter by D8. STYLE habit 1: the assessment form
// (react-hook-form + zodResolver) and the assessments route parse with this one schema, so
// both give the same message for the same mistake.
export const customerDetailsMessages = {
  name: 'Name must be at least 2 characters',
  nameTooLong: 'Name must be 100 characters or fewer',
  email: 'Please enter a valid email address',
  emailTooLong: 'Email address must be 254 characters or fewer',
  phone: 'Please enter a valid phone number',
  address: 'Please enter your address',
  addressTooLong: 'Address must be 200 characters or fewer',
  city: 'City is required',
  cityTooLong: 'City must be 100 characters or fewer',
  county: 'County is required',
  countyTooLong: 'County must be 100 characters or fewer',
  postcode: 'Postcode is required',
  postcodeInvalid: 'Please enter a valid UK postcode',
  vehicleMake: 'Vehicle make is required',
  vehicleMakeTooLong: 'Vehicle make must be 50 characters or fewer',
  vehicleModel: 'Vehicle model is required',
  vehicleModelTooLong: 'Vehicle model must be 50 characters or fewer',
  vehicleYear: 'Please enter a valid year',
  damageType: 'Please select the type of damage',
  damageLocations: 'Please select at least one damage location',
  damageDescription: 'Please provide more details about the damage',
  damageDescriptionTooLong: 'Description must be 2,000 characters or fewer',
  nameControl: controlCharactersMessage('Name'),
  emailControl: controlCharactersMessage('Email address'),
  phoneControl: controlCharactersMessage('Phone number'),
  addressControl: controlCharactersMessage('Address'),
  cityControl: controlCharactersMessage('City'),
  countyControl: controlCharactersMessage('County'),
  postcodeControl: controlCharactersMessage('Postcode'),
  vehicleMakeControl: controlCharactersMessage('Vehicle make'),
  vehicleModelControl: controlCharactersMessage('Vehicle model'),
  damageDescriptionControl: controlCharactersMessage('Description'),
} as const;

const m = customerDetailsMessages;

export const MIN_VEHICLE_YEAR = 1950;

/** D8: the newest vehicle year accepted is next year, read from today's London date when parsing. */
export function maxVehicleYear(now: Date = new Date()): number {
  return Number(londonDateOf(now).slice(0, 4)) + 1;
}

// Control characters are refused first: a NUL would otherwise reach the database (issue 7).
function text(required: string, min: number, max: number, tooLong: string, control: string, options: { multiline?: boolean } = {}) {
  return z
    .string({ error: required })
    .refine(...controlCharacterCheck(control, options))
    .trim()
    .min(min, required)
    .max(max, tooLong);
}

/**
 * A UK postcode, normalised to e.g. 'SW1A 1AA' (D8). Also for repairer and nearby-search forms.
 * Nothing typed is "required"; anything typed that is not a postcode ("ABC", "SW1") is "not valid":
 * telling someone who typed something that it is required reads as if the field had been lost.
 */
export const UkPostcodeSchema = z
  .string({ error: m.postcode })
  .refine(...controlCharacterCheck(m.postcodeControl))
  .trim()
  .min(1, m.postcode)
  .transform((value, ctx) => {
    const postcode = normalisePostcode(value);
    if (postcode === null) {
      ctx.issues.push({ code: 'custom', message: m.postcodeInvalid, input: value });
      return z.NEVER;
    }
    return postcode;
  });

/** A UK phone number, normalised to E.164 (D8). */
export const UkPhoneSchema = z
  .string({ error: m.phone })
  .refine(...controlCharacterCheck(m.phoneControl))
  .trim()
  .transform((value, ctx) => {
    const phone = normaliseUkPhone(value);
    if (phone === null) {
      ctx.issues.push({ code: 'custom', message: m.phone, input: value });
      return z.NEVER;
    }
    return phone;
  });

export const EmailSchema = z
  .string({ error: m.email })
  .refine(...controlCharacterCheck(m.emailControl))
  .trim()
  .toLowerCase()
  .max(254, m.emailTooLong)
  .pipe(z.email({ error: m.email }));

// Multipart fields arrive as text, JSON may carry a number: both are read as a four-digit year.
const VehicleYearSchema = z
  .union([z.string(), z.number()], { error: m.vehicleYear })
  .transform((value, ctx) => {
    const trimmed = String(value).trim();
    const year = Number(trimmed);
    if (!/^\d{4}$/.test(trimmed) || year < MIN_VEHICLE_YEAR || year > maxVehicleYear()) {
      ctx.issues.push({ code: 'custom', message: m.vehicleYear, input: value });
      return z.NEVER;
    }
    return year;
  });

export const CustomerDetailsSchema = z.object({
  name: text(m.name, 2, 100, m.nameTooLong, m.nameControl),
  email: EmailSchema,
  phone: UkPhoneSchema,
  address: text(m.address, 5, 200, m.addressTooLong, m.addressControl),
  city: text(m.city, 2, 100, m.cityTooLong, m.cityControl),
  county: text(m.county, 2, 100, m.countyTooLong, m.countyControl),
  postcode: UkPostcodeSchema,
  vehicleMake: text(m.vehicleMake, 1, 50, m.vehicleMakeTooLong, m.vehicleMakeControl),
  vehicleModel: text(m.vehicleModel, 1, 50, m.vehicleModelTooLong, m.vehicleModelControl),
  vehicleYear: VehicleYearSchema,
  damageType: z.enum(allDamageTypes, { error: m.damageType }).default('scratch'),
  damageLocations: z
    .array(z.enum(allDamageLocations, { error: m.damageLocations }), { error: m.damageLocations })
    .min(1, m.damageLocations)
    .max(allDamageLocations.length, m.damageLocations)
    .transform((locations) => [...new Set(locations)]),
  damageDescription: text(m.damageDescription, 10, 2000, m.damageDescriptionTooLong, m.damageDescriptionControl, { multiline: true }),
}).superRefine(refineDamageLocations);

export type CustomerDetailsInput = z.input<typeof CustomerDetailsSchema>;
export type CustomerDetails = z.output<typeof CustomerDetailsSchema>;

// What the photo widget and the server accept: a module of its own without zod, so the wizard's
// first step does not load the details' schema (issue 36). One definition, re-exported here.
export * from './photo-rules';
