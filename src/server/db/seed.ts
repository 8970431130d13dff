// Demo data for a first start on an empty database: one admin, repairers around the 16
// cities of SPEC, and a few repairer sign-ins. Passwords are random and printed once.
import { cities } from '../../shared/cities';
import { countUsers } from '../modules/auth';
import { encodeWeeklyPattern } from '../modules/repairer-availability';
import type { WeeklyPattern } from '../../shared/offer-deadline';
import type { Db } from './database';
import { createAssessmentRecord, createQuote, createRepairer, createUser } from './factories';
import { coverageRequests } from './schema';

const businessSuffixes = ['Mobile Smart Repairs', 'Scratch & Dent Specialists', 'Alloy & Bodywork'];
const specialisationSets = [
  ['scratch', 'scuff', 'paint'],
  ['pdr', 'scratch', 'scuff'],
  ['alloy', 'scuff', 'paint', 'scratch'],
];

// Issue 35 item 6: the demo network's supply. Each repairer works a weekly pattern, takes one to
// three jobs a slot and covers its own radius, so the calendars differ by place: a London
// customer can book any service on the embedded default (three London technicians, one taking
// every service), and nobody is placed near Inverness, so IV2 is uncovered.
const both = { morning: true, afternoon: true };
const off = { morning: false, afternoon: false };
const weekend = { saturday: off, sunday: off };
const weeklyPatterns: WeeklyPattern[] = [
  { monday: both, tuesday: both, wednesday: both, thursday: both, friday: both, ...weekend },
  { monday: both, tuesday: off, wednesday: both, thursday: both, friday: { morning: true, afternoon: false }, ...weekend },
  { monday: { morning: true, afternoon: false }, tuesday: both, wednesday: { morning: true, afternoon: false }, thursday: both, friday: both, ...weekend },
];
const radii = [30, 20, 12, 25];

export interface SeededAccount {
  label: string;
  role: 'admin' | 'repairer';
  email: string;
  password: string;
}

export async function seedDemoDataIfEmpty(db: Db): Promise<SeededAccount[] | null> {
  if ((await countUsers(db)) > 0) return null;
  return seedDemoData(db);
}

export async function seedDemoData(db: Db): Promise<SeededAccount[]> {
  const accounts: SeededAccount[] = [];
  const admin = await createUser(db, { role: 'admin', email: 'admin@autorevive.example', name: 'AutoRevive Operations' });
  accounts.push({ label: 'Admin', role: 'admin', email: admin.email, password: admin.password });

  const withSignIn = new Set(['london', 'manchester', 'bristol']);
  for (const [index, city] of cities.entries()) {
    for (let i = 0; i < 2; i++) {
      const variant = (index + i) % businessSuffixes.length;
      const repairer = await createRepairer(db, {
        businessName: `${city.name} ${businessSuffixes[variant]}`,
        contactName: ['Sam Patel', 'Alex Morgan', 'Jordan Evans', 'Chris Walsh'][(index + i) % 4]!,
        email: `${city.slug}${i + 1}@repairers.autorevive.example`,
        phone: '+447700900' + String(100 + index * 2 + i).padStart(3, '0'),
        city: city.name,
        county: city.region,
        postcode: `${city.outcode} ${i + 1}AA`,
        latitude: city.latitude + (i === 0 ? 0.01 : -0.015),
        longitude: city.longitude + (i === 0 ? -0.012 : 0.018),
        specialisations: specialisationSets[variant]!,
        ratingTenths: 42 + ((index + i) % 8),
        isVerified: i === 0 || index % 3 !== 0,
        serviceRadiusMiles: radii[(index + i) % radii.length]!,
        weeklyHalves: encodeWeeklyPattern(weeklyPatterns[(index + i) % weeklyPatterns.length]!),
        jobsPerSlot: 1 + ((index + i) % 3),
      });
      if (i === 0 && withSignIn.has(city.slug)) {
        const user = await createUser(db, { role: 'repairer', email: `${city.slug}@repairers.autorevive.example`, name: repairer.contactName ?? repairer.businessName, repairerId: repairer.id });
        accounts.push({ label: `Repairer (${city.name})`, role: 'repairer', email: user.email, password: user.password });
      }
    }
  }
  // London's third: every service, the whole week, two jobs a slot.
  await createRepairer(db, {
    businessName: 'London Alloy & Paint Mobile',
    contactName: 'Priya Shah',
    email: 'london3@repairers.autorevive.example',
    phone: '+447700900199',
    city: 'London',
    county: 'Greater London',
    postcode: 'SE1 7PB',
    latitude: 51.5033,
    longitude: -0.1147,
    specialisations: ['scratch', 'scuff', 'paint', 'pdr', 'alloy'],
    serviceRadiusMiles: 30,
    jobsPerSlot: 2,
    ratingTenths: 47,
    isVerified: true,
  });
  await seedDemandWithoutSupply(db);
  return accounts;
}

// Issue 35: enquiries from places no demo technician reaches (Inverness, Aberdeen, Truro, Bangor:
// each more than 30 miles from every city above), so the Network tab's demand table has rows and
// a customer in IV2 sees that nobody covers them yet. Each has its draft quote, as a submission does.
const uncoveredEnquiries = [
  { name: 'Morag Fraser', city: 'Inverness', county: 'Highland', postcode: 'IV2 3PQ', latitude: 57.46833, longitude: -4.19107, damageType: 'dent', asked: true },
  { name: 'Callum Ross', city: 'Inverness', county: 'Highland', postcode: 'IV2 4JT', latitude: 57.46833, longitude: -4.19107, damageType: 'dent', asked: false },
  { name: 'Isla MacKenzie', city: 'Inverness', county: 'Highland', postcode: 'IV2 6XN', latitude: 57.46833, longitude: -4.19107, damageType: 'scratch', asked: true },
  { name: 'Euan Grant', city: 'Aberdeen', county: 'Aberdeen City', postcode: 'AB10 1XG', latitude: 57.13514, longitude: -2.11731, damageType: 'alloy_wheel', asked: false },
  { name: 'Tamsin Pascoe', city: 'Truro', county: 'Cornwall', postcode: 'TR1 2HE', latitude: 50.26241, longitude: -5.05347, damageType: 'scuff', asked: true },
  { name: 'Rhys Owen', city: 'Bangor', county: 'Gwynedd', postcode: 'LL57 2DG', latitude: 53.20718, longitude: -4.10998, damageType: 'paint_damage', asked: false },
] as const;

async function seedDemandWithoutSupply(db: Db): Promise<void> {
  for (const [index, enquiry] of uncoveredEnquiries.entries()) {
    const { asked, damageType, ...where } = enquiry;
    const assessment = await createAssessmentRecord(db, {
      ...where,
      email: `${enquiry.name.split(' ')[0]!.toLowerCase()}@customers.autorevive.example`,
      address: `${index + 4} High Street`,
      damageType,
      damageLocations: damageType === 'alloy_wheel' ? ['wheel_front_left'] : ['rear_bumper'],
      damageDescription: 'A demo enquiry from an area no technician covers yet.',
    });
    await createQuote(db, { assessmentId: assessment.id, status: 'pending' });
    if (asked) await db.insert(coverageRequests).values({ assessmentId: assessment.id });
  }
}
