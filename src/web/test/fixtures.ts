// A whole AssessmentView as the server answers it, for jsdom tests that stub fetch. The
// customer object and damageLocation are derived as toAssessmentView derives them (D9).
import type { AssessmentView } from '../../shared/api/assessments';

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
    ...overrides,
  };
  const { name, email, phone, address, city, county, postcode } = fields;
  return {
    ...fields,
    damageLocation: fields.damageLocations.join(', '),
    customer: { name, email, phone, address, city, county, postcode, state: county, zipCode: postcode },
  };
}
