// Demo data for a first start on an empty database: one admin, repairers around the 16
// cities of SPEC, and a few repairer sign-ins. Passwords are random and printed once.
import { cities } from '../../shared/cities';
import { addDays, isoWeekday } from '../../shared/calendar-date';
import { londonDateOf } from '../../shared/london-time';
import { countUsers } from '../modules/auth';
import { reviewRepair } from '../modules/booking';
import { encodeWeeklyPattern } from '../modules/repairer-availability';
import type { WeeklyPattern } from '../../shared/offer-deadline';
import type { Db } from './database';
import { createAssessmentRecord, createQuote, createRepairer, createUser } from './factories';
import { eq } from 'drizzle-orm';
import { appointments, coverageRequests, payments, repairerReviews, warranties } from './schema';

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
        // D6: a rating only from reviews (seedReviewedRepairs below).
        ratingTenths: null,
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
  const londonThird = await createRepairer(db, {
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
    ratingTenths: null,
    isVerified: true,
  });
  await seedDemandWithoutSupply(db);
  await seedReviewedRepairs(db, londonThird.id);
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

// Issue 37 item 2: a few repairs done and reviewed, so the pages' reviews are not empty. Each is a
// paid booking the technician completed and the customer confirmed, and each review goes through
// the same rule as a customer's (reviewRepair: the grant holder's completed repair, once), which
// also makes the technician's rating the mean of theirs. Ratings exist only where reviews do (D6).
const reviewedRepairs = [
  { technician: 'London Alloy & Paint Mobile', name: 'Hannah Cole', city: 'Croydon', postcode: 'CR0 2AB', damageType: 'alloy_wheel', rating: 5, comment: 'Two kerbed alloys look new again. He texted when he was on his way and was done in under two hours.', daysAgo: 74 },
  { technician: 'London Alloy & Paint Mobile', name: 'Tom Reid', city: 'Lewisham', postcode: 'SE13 6AA', damageType: 'scratch', rating: 4, comment: 'Good match on a metallic grey door. Arrived a little after the slot started, but kept me informed.', daysAgo: 41 },
  { technician: 'London Alloy & Paint Mobile', name: 'Aisha Khan', city: 'Southwark', postcode: 'SE1 4XY', damageType: 'scuff', rating: 5, comment: 'Rear bumper scuff gone, done on my drive while I worked from home.', daysAgo: 9 },
  { technician: 'Manchester Alloy & Bodywork', name: 'Gareth Lloyd', city: 'Salford', postcode: 'M6 5FX', damageType: 'scratch', rating: 5, comment: 'Car park scrape on the rear door, invisible now. Friendly and tidy.', daysAgo: 58 },
  { technician: 'Manchester Alloy & Bodywork', name: 'Niamh Byrne', city: 'Stockport', postcode: 'SK4 1AA', damageType: 'paint_damage', rating: 3, comment: 'The chip is filled and sealed, though you can still see it close up in sunlight.', daysAgo: 23 },
  { technician: 'Bristol Mobile Smart Repairs', name: 'Owen Hughes', city: 'Bath', postcode: 'BA2 3DQ', damageType: 'scuff', rating: 4, comment: 'Wing mirror housing and bumper corner sorted in one visit.', daysAgo: 16 },
] as const;

/** The weekday on or before `date` (demo repairs are done on working days). */
function weekdayOnOrBefore(date: string): string {
  let day = date;
  while (isoWeekday(day) > 5) day = addDays(day, -1);
  return day;
}

async function seedReviewedRepairs(db: Db, londonThirdId: number): Promise<void> {
  const now = Date.now();
  const all = await db.query.repairers.findMany({ columns: { id: true, businessName: true } });
  const idOf = (name: string) => (name === 'London Alloy & Paint Mobile' ? londonThirdId : all.find((r) => r.businessName === name)?.id);
  for (const [index, repair] of reviewedRepairs.entries()) {
    const repairerId = idOf(repair.technician);
    if (repairerId === undefined) throw new Error(`The demo seed has no technician called ${repair.technician}`);
    const doneAt = new Date(now - repair.daysAgo * 24 * 60 * 60 * 1000);
    const day = weekdayOnOrBefore(londonDateOf(doneAt));
    const completedAt = new Date(`${day}T14:00:00Z`);
    const askedAt = new Date(completedAt.getTime() - 10 * 24 * 60 * 60 * 1000);
    const assessment = await createAssessmentRecord(db, {
      name: repair.name,
      email: `${repair.name.split(' ')[0]!.toLowerCase()}.demo@customers.autorevive.example`,
      address: `${index + 12} Station Road`,
      city: repair.city,
      county: '',
      postcode: repair.postcode,
      damageType: repair.damageType,
      damageLocations: repair.damageType === 'alloy_wheel' ? ['wheel_front_left'] : ['rear_bumper'],
      damageDescription: 'A demo repair, completed and reviewed.',
      createdAt: askedAt,
    });
    const quote = await createQuote(db, { assessmentId: assessment.id, status: 'booked', assignmentStatus: 'assigned', assignedRepairerId: repairerId, approvedAt: askedAt, createdAt: askedAt });
    const [appointment] = await db
      .insert(appointments)
      .values({ quoteId: quote.id, appointmentDate: day, timeSlot: 'afternoon', status: 'completed', completedAt, customerConfirmedAt: new Date(completedAt.getTime() + 3 * 60 * 60 * 1000), createdAt: askedAt })
      .returning({ id: appointments.id });
    await db.insert(payments).values({ quoteId: quote.id, appointmentId: appointment!.id, provider: 'test', providerRef: `demo-${assessment.reference}`, clientSecret: `demo-${assessment.reference}-secret`, amountPence: quote.totalPence, status: 'succeeded', startWithinCancellationPeriod: true, createdAt: askedAt });
    await db.insert(warranties).values({ appointmentId: appointment!.id, repairerId, startsDate: day, endsDate: addDays(day, 365) });
    await reviewRepair({ db }, { user: null, assessmentIds: [assessment.id] }, appointment!.id, { rating: repair.rating, comment: repair.comment });
    // Left the evening after the repair, as a customer would, so the months shown differ.
    await db.update(repairerReviews).set({ createdAt: new Date(completedAt.getTime() + 28 * 60 * 60 * 1000) }).where(eq(repairerReviews.appointmentId, appointment!.id));
  }
}
