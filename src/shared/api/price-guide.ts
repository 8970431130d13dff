// Issue 37 item 1: prices up front. GET /api/price-guide answers the guide a pending quote shows
// (D12) for a damage type and its places, to anyone and without personal data; GET
// /api/price-guide/services answers each service's "from" price for the services page.
import { z } from 'zod';
import { allDamageLocations, allDamageTypes, refineDamageLocations } from '../damage';

export const priceGuideMessages = {
  damageType: `damageType must be one of: ${allDamageTypes.join(', ')}`,
  damageLocations: 'damageLocations must name at least one damaged place, e.g. damageLocations=driver_door,bonnet',
  unknownLocation: `Each of damageLocations must be one of: ${allDamageLocations.join(', ')}`,
  tooMany: 'You have asked for a lot of prices in a short time. Please wait a few minutes and try again.',
} as const;

const asList = (value: unknown): unknown =>
  typeof value === 'string' ? value.split(',') : Array.isArray(value) ? value.flatMap((item) => (typeof item === 'string' ? item.split(',') : [item])) : value;

/**
 * The query as read: damageLocations comma-separated (`bonnet,roof`), repeated
 * (`damageLocations=bonnet&damageLocations=roof`) or both. The route declares the loose shape
 * below for its documentation and parses this itself, so a mistake is a 400 naming the field.
 */
export const PriceGuideQuerySchema = z
  .object({
    damageType: z.enum(allDamageTypes, { error: priceGuideMessages.damageType }),
    damageLocations: z.preprocess(
      (value) => (value === undefined ? value : (asList(value) as unknown[]).map((item) => (typeof item === 'string' ? item.trim() : item)).filter((item) => item !== '')),
      z
        .array(z.enum(allDamageLocations, { error: priceGuideMessages.unknownLocation }), { error: priceGuideMessages.damageLocations })
        .min(1, priceGuideMessages.damageLocations)
        .max(allDamageLocations.length, priceGuideMessages.damageLocations),
    ),
  })
  .superRefine(refineDamageLocations);
export type PriceGuideQuery = z.infer<typeof PriceGuideQuerySchema>;

export const PriceGuideQueryShapeSchema = z.object({
  damageType: z.string().optional(),
  damageLocations: z.union([z.string(), z.array(z.string())]).optional(),
});

/** Pounds as SPEC's decimal strings (D5), as AssessmentView.guidePrice. */
export const GuidePriceViewSchema = z.object({ low: z.string(), high: z.string() });

/** The guide for this damage, or null while the price list cannot price it (the team prices it from the photos). */
export const PriceGuideSchema = z.object({ guidePrice: GuidePriceViewSchema.nullable() });
export type PriceGuide = z.infer<typeof PriceGuideSchema>;

/** Each damage type's lowest guide price (in pounds, '105.00'), or null where the list cannot price it. */
export const ServicePricesSchema = z.object({
  prices: z.array(z.object({ damageType: z.enum(allDamageTypes), from: z.string().nullable() })),
});
export type ServicePrices = z.infer<typeof ServicePricesSchema>;
