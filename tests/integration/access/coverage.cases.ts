// Issue 35: "Tell me when you do" is the enquiry's owner's alone (D10); the demand table is the team's.
import { adminOnly, type AccessWorld, type Case } from './world';

const noOneBut = (who: 'customer' | 'otherCustomer', status: number) => ({
  anonymous: 404,
  customer: who === 'customer' ? status : 404,
  otherCustomer: who === 'otherCustomer' ? status : 404,
  repairer: 404,
  assignedRepairer: 404,
  admin: 404,
});

export const coverageCases = (world: AccessWorld): Case[] => [
  // The customer's enquiry is covered (technicians near SW1A): asking is refused, they can book.
  { method: 'POST', url: `/api/assessments/${world.assessmentId}/coverage-request`, route: '/api/assessments/:id/coverage-request', expect: noOneBut('customer', 409) },
  // The other enquiry was never placed on the map, so it is not covered: its owner's request is
  // recorded (201, or 200 once recorded); nobody else, staff included, learns it exists.
  {
    method: 'POST',
    url: `/api/assessments/${world.otherAssessmentId}/coverage-request`,
    route: '/api/assessments/:id/coverage-request',
    expect: { anonymous: 404, customer: 404, repairer: 404, assignedRepairer: 404, admin: 404 },
  },
  { method: 'GET', url: '/api/admin/demand', route: '/api/admin/demand', expect: adminOnly(200) },
];
