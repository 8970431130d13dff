// The compiled serializer must write what the zod serializer wrote, byte for byte: the same
// fields in the same order, nulls where nullable, nothing the schema does not name.
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { AdminQuoteListSchema, AdminStatsSchema, EnquiryListSchema } from '../../shared/api/admin';
import { AssessmentListSchema, AssessmentViewSchema, type AssessmentView } from '../../shared/api/assessments';
import { QuoteViewSchema, type QuoteView } from '../../shared/api/quotes';
import { SiteInfoSchema } from '../../shared/api/site';
import { serializerCompiler } from './serializer';

const quote: QuoteView = {
  id: 9,
  assessmentId: 41,
  laborCost: '120.50',
  partsCost: '0.00',
  materialsCost: '15.00',
  autoReviveFee: '27.10',
  vatAmount: '32.52',
  totalCost: '195.12',
  totalPrice: '195.12',
  repairerPayment: '135.50',
  estimatedDays: 1,
  estimatedHours: null,
  workDescription: [
    { item: 'Respray – "driver\'s" door \\ £', cost: 120.5 },
    { item: 'Emoji 🚗 and a line\nbreak', cost: 0.07 },
  ],
  validUntil: '2026-04-01',
  warrantyMonths: 12,
  status: 'approved',
  assignmentStatus: 'unassigned',
  createdAt: '2026-03-02T10:00:00.123Z',
  reference: 'AR-7K3Q-9XPM',
  expired: false,
  approvedAt: null,
};

function assessmentView(overrides: Partial<AssessmentView> = {}): AssessmentView {
  const contact = { name: 'Priya Shah', email: 'priya@example.co.uk', phone: '+447700900123', address: '12 Park Road', city: 'Bristol', county: 'Avon', postcode: 'BS1 5TY' };
  return {
    id: 41,
    reference: 'AR-7K3Q-9XPM',
    status: 'submitted',
    ...contact,
    vehicleYear: '2019',
    vehicleMake: 'Ford',
    vehicleModel: 'Focus',
    damageType: 'scratch',
    damageLocations: ['driver_door', 'bonnet'],
    damageLocation: 'driver_door, bonnet',
    damageDescription: 'Long scratch along the driver door',
    images: [7, 8],
    createdAt: '2026-03-02T10:00:00.000Z',
    customer: { ...contact, state: contact.county, zipCode: contact.postcode },
    quote: null,
    guidePrice: { low: '105.00', high: '165.00' },
    coverage: { covered: false },
    ...overrides,
  };
}

function both(schema: z.ZodType, data: unknown) {
  const route = { schema, method: 'GET', url: '/x', httpStatus: '200' };
  const compiled = serializerCompiler(route);
  const zod = zodSerializerCompiler(route as Parameters<typeof zodSerializerCompiler>[0]);
  return { compiled: compiled(data), zod: zod(data) };
}

describe('the compiled response serializer', () => {
  const cases: [string, z.ZodType, unknown][] = [
    ['an assessment with its guide and no quote', AssessmentViewSchema, assessmentView()],
    ['an assessment with its quote', AssessmentViewSchema, assessmentView({ quote: { ...quote, estimatedHours: 4, approvedAt: '2026-03-03T09:00:00.000Z' }, guidePrice: null, images: [] })],
    ['a list with an extra field the schema does not name', AssessmentListSchema, [{ ...assessmentView(), secret: 'not in the schema' }]],
    ['a quote', QuoteViewSchema, quote],
    ['the site', SiteInfoSchema, { verifiedRepairerCount: 0, paymentsMode: 'test', vehicleLookupEnabled: false }],
    ['the stats', AdminStatsSchema, { totalEnquiries: 3, pendingQuotes: 1, revenue: '0.00', revenueBreakdown: { fees: '0.00', margin: '0.00', refunds: '0.00' }, repairers: 12 }],
    [
      'the quote desk',
      AdminQuoteListSchema,
      { items: [
        { quote, assessment: assessmentView({ quote }), modificationRequests: [{ id: 1, quoteId: 9, message: 'Can it be Tuesday?', createdAt: '2026-03-04T08:00:00.000Z', answeredAt: null }], revisionDraft: null },
        { quote, assessment: assessmentView({ quote }), modificationRequests: [], revisionDraft: { savedAt: '2026-03-04T09:00:00.000Z', quote } },
      ], total: 2, page: 1, pageSize: 20 },
    ],
    [
      'the enquiry list',
      EnquiryListSchema,
      {
        items: [
          { assessmentId: 41, reference: 'AR-1', name: 'A', email: 'a@example.com', postcode: 'BS1 5TY', vehicle: '2019 Ford Focus', damageType: 'dent', createdAt: 'x', quoteId: null, quoteStatus: null, quoteExpired: false, totalCost: null, booking: null },
          { assessmentId: 42, reference: 'AR-2', name: 'B', email: 'b@example.com', postcode: 'M1 1AE', vehicle: '2020 Kia Ceed', damageType: 'scratch', createdAt: 'y', quoteId: 7, quoteStatus: 'booked', quoteExpired: false, totalCost: '180.00', booking: { stage: 'paid-out', date: '2099-01-05', appointmentId: 9 } },
        ],
        total: 1,
        page: 1,
        pageSize: 20,
      },
    ],
  ];
  it.each(cases)('writes %s as the zod serializer did', (_label, schema, data) => {
    const { compiled, zod } = both(schema, data);
    expect(compiled).toBe(zod);
    // and it was compiled, not the zod serializer it falls back to
    expect(String(serializerCompiler({ schema, method: 'GET', url: '/x', httpStatus: '200' }))).not.toContain('safeEncode');
  });
});
