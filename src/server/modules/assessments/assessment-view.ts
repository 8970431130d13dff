// SPEC section 3's Assessment as read (src/shared/api/assessments.ts), with D9's US-style
// aliases (state, zipCode) holding the county and postcode so the described client keeps working.
import type { AssessmentView, QuoteWithAssessment } from '../../../shared/api/assessments';
import type { QuoteView } from '../../../shared/api/quotes';
import { epochMsSql } from '../../db/batch';
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
  guidePrice: AssessmentView['guidePrice'],
  coverage: AssessmentView['coverage'],
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
    coverage,
  };
}

/**
 * SQL: the assessment aliased `a` as one JSON object (AssessmentJson): the columns toAssessmentView
 * reads and its damage photos in order, with `more` (further `'key', value` pairs) after them.
 */
export function assessmentJsonSql(more = ''): string {
  return `json_build_object(
  'id', a.id, 'reference', a.reference, 'status', a.status, 'name', a.name, 'email', a.email, 'phone', a.phone,
  'address', a.address, 'city', a.city, 'county', a.county, 'postcode', a.postcode,
  'vehicleYear', a.vehicle_year, 'vehicleMake', a.vehicle_make, 'vehicleModel', a.vehicle_model,
  'damageType', a.damage_type, 'damageLocations', a.damage_locations, 'damageDescription', a.damage_description,
  'createdAtMs', ${epochMsSql('a.created_at')},
  'images', (SELECT coalesce(json_agg(json_build_object('id', i.id) ORDER BY i.position), '[]'::json) FROM assessment_images i WHERE i.assessment_id = a.id AND i.kind = 'damage')${more ? `,\n  ${more}` : ''}
)`;
}

/** An assessment as assessmentJsonSql builds it. */
export type AssessmentJson = Omit<AssessmentViewRow, 'createdAt'> & { createdAtMs: number; images: { id: number }[] };

/** A quote's `assessment` (SPEC section 3's Quote): the enquiry without a quote of its own (it is the quote around it) or a guide price. */
export function enquiryOfQuote(row: AssessmentViewRow, images: Pick<ImageRow, 'id'>[]): QuoteWithAssessment['assessment'] {
  const { quote: _quote, guidePrice: _guide, coverage: _coverage, ...assessment } = toAssessmentView(row, images, null, null, { covered: false });
  return assessment;
}

/** enquiryOfQuote of an assessment read by assessmentJsonSql. */
export function enquiryOfQuoteFromJson({ createdAtMs, images, ...row }: AssessmentJson): QuoteWithAssessment['assessment'] {
  return enquiryOfQuote({ ...row, createdAt: new Date(createdAtMs) }, images);
}
