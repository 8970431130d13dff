// SPEC section 7's assessment routes: what they accept and what they answer. The customer
// (through their grant), the assigned repairer and admins read one AssessmentView; admins
// alone list them. The multipart body of POST /api/assessments is CustomerDetailsSchema.
import { z } from 'zod';
import { CoverageSchema } from './coverage';
import { RecordIdSchema } from './ids';
import { QuoteViewSchema } from './quotes';

export const IdParamsSchema = z.object({ id: RecordIdSchema });

// The web client sends a UUID (idempotency-key.ts); nothing else is accepted (issue 7).
export const IdempotencyKeySchema = z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, 'Idempotency-Key must be a UUID');

/** GET /api/images/{id}?size= */
export const ImageQuerySchema = z.object({ size: z.enum(['display', 'thumb']).default('display') });

// SPEC section 3's Assessment as read, with the server's reference (e.g. 'AR-7K3Q-9XPM') and
// D9's US-style aliases (state, zipCode) holding the county and postcode.
const CustomerContactSchema = z.object({
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  address: z.string(),
  city: z.string(),
  county: z.string(),
  postcode: z.string(),
});

export const AssessmentViewSchema = z.object({
  id: z.number().int(),
  reference: z.string(),
  status: z.string(),
  ...CustomerContactSchema.shape,
  vehicleYear: z.string(),
  vehicleMake: z.string(),
  vehicleModel: z.string(),
  damageType: z.string(),
  damageLocations: z.array(z.string()),
  damageLocation: z.string(),
  damageDescription: z.string(),
  /** Image ids, for /api/images/{id}. */
  images: z.array(z.number().int()),
  createdAt: z.string(),
  customer: CustomerContactSchema.extend({ state: z.string(), zipCode: z.string() }),
  /** Present for the customer once an admin has approved it (D12); always for admins. */
  quote: QuoteViewSchema.nullable(),
  /**
   * D12: while the quote awaits review, the price-list guide for repairs like this, in pounds
   * ('105.00'–'165.00'), shown as "Typical price for repairs like this: £105–£165"; null once a
   * quote is visible to the reader (or when the price list cannot price this damage).
   */
  guidePrice: z.object({ low: z.string(), high: z.string() }).nullable(),
  /**
   * Issue 35: whether any verified technician covers this postcode for this damage (within 30
   * miles and their own radius, covering the service), as of this read. A boolean only: never
   * who, or where they are. Uncovered, the quote can be reviewed but not booked or paid for.
   */
  coverage: CoverageSchema,
});
export type AssessmentView = z.infer<typeof AssessmentViewSchema>;

/**
 * GET /api/quotes (admins): each quote with its enquiry nested, SPEC section 3's Quote.assessment,
 * from which SPEC's admin builds its cards (customer details, description, damage photos). The
 * enquiry is the admin's view of it without its own nested quote (that is the quote around it).
 */
export const QuoteWithAssessmentSchema = QuoteViewSchema.extend({ assessment: AssessmentViewSchema.omit({ quote: true, guidePrice: true, coverage: true }) });
export const QuoteWithAssessmentListSchema = z.array(QuoteWithAssessmentSchema);
export type QuoteWithAssessment = z.infer<typeof QuoteWithAssessmentSchema>;

/** GET /api/assessments (admins). */
export const AssessmentListSchema = z.array(AssessmentViewSchema);
export type AssessmentList = z.infer<typeof AssessmentListSchema>;

// zod-free (the quote page's not-found message comes without these schemas, issue 36); one definition.
export { assessmentMessages } from '../assessment-messages';
