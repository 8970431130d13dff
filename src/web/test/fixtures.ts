// A whole AssessmentView as the server answers it, for jsdom tests that stub fetch. The
// customer object and damageLocation are derived as toAssessmentView derives them (D9).
import type { AppointmentView } from '../../shared/api/appointments';
import type { AssessmentView } from '../../shared/api/assessments';
import type { QuoteView } from '../../shared/api/quotes';

type AssessmentFields = Omit<AssessmentView, 'customer' | 'damageLocation'>;

export function assessmentView(overrides: Partial<AssessmentFields> = {}): AssessmentView {
  const fields: AssessmentFields = {
    id: 41,
    reference: 'AR-7K3Q-9XPM',
    status: 'submitted',
    name: 'Priya Shah',
    email: 'priya@example.co.uk',
    phone: '+447700900123',
    address: '12 Park Road',
    city: 'Bristol',
    county: 'Avon',
    postcode: 'BS1 5TY',
    vehicleYear: '2019',
    vehicleMake: 'Ford',
    vehicleModel: 'Focus',
    damageType: 'scratch',
    damageLocations: ['driver_door'],
    damageDescription: 'Long scratch along the driver door',
    images: [7, 8],
    createdAt: '2026-03-02T10:00:00.000Z',
    quote: null,
    guidePrice: { low: '105.00', high: '165.00' },
    coverage: { covered: true },
    ...overrides,
  };
  const { name, email, phone, address, city, county, postcode } = fields;
  return {
    ...fields,
    damageLocation: fields.damageLocations.join(', '),
    customer: { name, email, phone, address, city, county, postcode, state: county, zipCode: postcode },
  };
}

/** An approved QuoteView (labour 480, parts 1170, D12's pricing), for booking and checkout tests. */
export function quoteView(overrides: Partial<QuoteView> = {}): QuoteView {
  return {
    id: 5,
    assessmentId: 41,
    laborCost: '480.00',
    partsCost: '1170.00',
    materialsCost: '0.00',
    autoReviveFee: '330.00',
    vatAmount: '396.00',
    totalCost: '2376.00',
    totalPrice: '2376.00',
    repairerPayment: '1320.00',
    estimatedDays: 2,
    estimatedHours: 12,
    workDescription: [{ item: 'Door panel respray', cost: 650 }],
    validUntil: '2099-11-23',
    warrantyMonths: 12,
    status: 'approved',
    assignmentStatus: 'unassigned',
    createdAt: '2026-03-02T09:00:00.000Z',
    reference: 'AR-7K3Q-9XPM',
    expired: false,
    approvedAt: '2026-03-02T09:30:00.000Z',
    ...overrides,
  };
}

/** A confirmed, paid AppointmentView on Wednesday 4 March 2026, afternoon (London is on GMT then). */
export function appointmentView(overrides: Partial<AppointmentView> = {}): AppointmentView {
  return {
    id: 31,
    quoteId: 5,
    assessmentId: 41,
    appointmentDate: '2026-03-04',
    timeSlot: 'afternoon',
    status: 'confirmed',
    holdExpiresAt: null,
    startsAt: '2026-03-04T13:00:00.000Z',
    endsAt: '2026-03-04T17:00:00.000Z',
    notes: '',
    notesChangeableUntil: '2026-03-02',
    totalCost: '2376.00',
    reference: 'AR-7K3Q-9XPM',
    paymentStatus: 'succeeded',
    viewer: 'customer',
    canChange: true,
    noTechnicianChoice: false,
    // Paid two days before the slot, so checkout asked for D14's request and the customer gave it.
    cancellationPeriod: { paidAt: '2026-03-02T10:05:00.000Z', startRequested: true },
    invoices: [{ kind: 'invoice', number: 'INV-000042', url: '/api/appointments/31/invoice.pdf', receipt: false }],
    createdAt: '2026-03-02T10:00:00.000Z',
    onTheWay: null,
    technician: null,
    texts: { consented: false },
    aftercare: { technician: null, completedAt: null, confirmedAt: null, problemReportedAt: null, warranty: null, review: null, afterPhotoIds: [] },
    ...overrides,
  };
}
