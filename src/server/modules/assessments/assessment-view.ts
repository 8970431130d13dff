// SPEC section 3's Assessment as read, with D9's US-style aliases (state, zipCode) holding
// the county and postcode so the described client keeps working.
import { z } from 'zod';
import type { AssessmentRow, ImageRow } from './assessments.repo';
import { QuoteViewSchema, type QuoteView } from '../quotes/quote-view';

export const AssessmentViewSchema = z.object({
  id: z.number(),
  reference: z.string(),
  status: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  address: z.string(),
  city: z.string(),
  county: z.string(),
  postcode: z.string(),
  vehicleYear: z.string(),
  vehicleMake: z.string(),
  vehicleModel: z.string(),
  damageType: z.string(),
  damageLocations: z.array(z.string()),
  damageLocation: z.string(),
  damageDescription: z.string(),
  images: z.array(z.number()),
  createdAt: z.string(),
  customer: z.object({
    name: z.string(),
    email: z.string(),
    phone: z.string(),
    address: z.string(),
    city: z.string(),
    county: z.string(),
    postcode: z.string(),
    state: z.string(),
    zipCode: z.string(),
  }),
  quote: QuoteViewSchema.nullable(),
});
export type AssessmentView = z.infer<typeof AssessmentViewSchema>;

export function toAssessmentView(row: AssessmentRow, images: ImageRow[], quote: QuoteView | null): AssessmentView {
  return {
    id: row.id,
    reference: row.reference,
    status: row.status,
    name: row.name,
    email: row.email,
    phone: row.phone,
    address: row.address,
    city: row.city,
    county: row.county,
    postcode: row.postcode,
    vehicleYear: String(row.vehicleYear),
    vehicleMake: row.vehicleMake,
    vehicleModel: row.vehicleModel,
    damageType: row.damageType,
    damageLocations: row.damageLocations,
    damageLocation: row.damageLocations.join(', '),
    damageDescription: row.damageDescription,
    images: images.map((image) => image.id),
    createdAt: row.createdAt.toISOString(),
    customer: {
      name: row.name,
      email: row.email,
      phone: row.phone,
      address: row.address,
      city: row.city,
      county: row.county,
      postcode: row.postcode,
      state: row.county,
      zipCode: row.postcode,
    },
    quote,
  };
}
