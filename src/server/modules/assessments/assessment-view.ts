// SPEC section 3's Assessment as read (src/shared/api/assessments.ts), with D9's US-style
// aliases (state, zipCode) holding the county and postcode so the described client keeps working.
import type { AssessmentView } from '../../../shared/api/assessments';
import type { QuoteView } from '../../../shared/api/quotes';
import type { AssessmentRow, ImageRow } from './assessments.repo';

/** What toAssessmentView reads of an assessment row. */
export type AssessmentViewRow = Pick<
  AssessmentRow,
  | 'id'
  | 'reference'
  | 'status'
  | 'name'
  | 'email'
  | 'phone'
  | 'address'
  | 'city'
  | 'county'
  | 'postcode'
  | 'vehicleYear'
  | 'vehicleMake'
  | 'vehicleModel'
  | 'damageType'
  | 'damageLocations'
  | 'damageDescription'
  | 'createdAt'
>;

export function toAssessmentView(
  row: AssessmentViewRow,
  images: Pick<ImageRow, 'id'>[],
  quote: QuoteView | null,
  guidePrice: AssessmentView['guidePrice'] = null,
): AssessmentView {
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
    guidePrice,
  };
}
