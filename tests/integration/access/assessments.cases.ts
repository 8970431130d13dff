import { adminOnly, everyone, type AccessWorld, type Case } from './world';

// D10: the grant holder, admins and the repairer who accepted the job read a record; to
// anyone else it does not exist (404, never 403).
const customerRecord = { anonymous: 404, customer: 200, otherCustomer: 404, repairer: 404, assignedRepairer: 200, admin: 200 };

export const assessmentCases = (world: AccessWorld): Case[] => [
  { method: 'GET', url: '/api/assessments', route: '/api/assessments', expect: adminOnly(200) },
  { method: 'POST', url: '/api/assessments', route: '/api/assessments', expect: everyone(415) },
  { method: 'GET', url: `/api/assessments/${world.assessmentId}`, route: '/api/assessments/:id', expect: customerRecord },
  {
    method: 'GET',
    url: `/api/assessments/${world.otherAssessmentId}`,
    route: '/api/assessments/:id',
    expect: { anonymous: 404, customer: 404, otherCustomer: 200, repairer: 404, assignedRepairer: 404, admin: 200 },
  },
  { method: 'GET', url: `/api/images/${world.imageId}`, route: '/api/images/:id', expect: customerRecord },
  { method: 'GET', url: '/api/images/999999', route: '/api/images/:id', expect: everyone(404) },
];
