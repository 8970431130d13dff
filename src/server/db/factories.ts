// Test data with overrides (STYLE habit 9); the demo seed reuses these.
import { randomBytes } from 'node:crypto';
import { hashPassword, hashPasswordArgon2id } from '../modules/auth';
import type { Db } from './database';
import { assessmentImages, assessments, jobNotifications, quoteItems, quotes, repairers, users } from './schema';

export type Repairer = typeof repairers.$inferSelect;
export type NewRepairer = typeof repairers.$inferInsert;

let sequence = 0;
// Test suites create many accounts with cheap scrypt hashes (which also keeps the upgrade path
// to argon2id exercised); the demo seed and real accounts get argon2id at full cost.
const FACTORY_PASSWORD_LOG_N = process.env.VITEST ? 12 : undefined;
const next = () => ++sequence;

export function buildRepairer(overrides: Partial<NewRepairer> = {}): NewRepairer {
  const n = next();
  return {
    businessName: `Test Repairs ${n}`,
    contactName: `Technician ${n}`,
    email: `repairer${n}-${randomBytes(3).toString('hex')}@example.com`,
    emailSource: 'manual',
    phone: '+447700900000',
    city: 'London',
    county: 'Greater London',
    postcode: 'WC2N 5DU',
    latitude: 51.5081,
    longitude: -0.1248,
    specialisations: ['scratch', 'scuff', 'paint', 'pdr', 'alloy'],
    serviceRadiusMiles: 30,
    ratingTenths: 45,
    isVerified: true,
    ...overrides,
  };
}

export async function createRepairer(db: Db, overrides: Partial<NewRepairer> = {}): Promise<Repairer> {
  const [row] = await db.insert(repairers).values(buildRepairer(overrides)).returning();
  return row!;
}

export interface CreatedUser {
  id: number;
  email: string;
  password: string;
  role: 'admin' | 'repairer';
  repairerId: number | null;
}

export async function createUser(
  db: Db,
  overrides: { role?: 'admin' | 'repairer'; email?: string; name?: string; password?: string; repairerId?: number | null } = {},
): Promise<CreatedUser> {
  const role = overrides.role ?? 'admin';
  const password = overrides.password ?? randomPassword();
  const email = (overrides.email ?? `${role}${next()}-${randomBytes(3).toString('hex')}@example.com`).toLowerCase();
  let repairerId = overrides.repairerId ?? null;
  if (role === 'repairer' && repairerId === null) repairerId = (await createRepairer(db)).id;
  const [row] = await db
    .insert(users)
    .values({ email, name: overrides.name ?? (role === 'admin' ? 'Operations' : 'Repairer'), role, repairerId, passwordHash: FACTORY_PASSWORD_LOG_N ? await hashPassword(password, FACTORY_PASSWORD_LOG_N) : await hashPasswordArgon2id(password) })
    .returning();
  return { id: row!.id, email, password, role, repairerId };
}

export function randomPassword(): string {
  return randomBytes(12).toString('base64url');
}

export type AssessmentRecord = typeof assessments.$inferSelect;

/** An assessment row without photos, for tests that need one to hang records on. */
export async function createAssessmentRecord(db: Db, overrides: Partial<typeof assessments.$inferInsert> = {}): Promise<AssessmentRecord> {
  const n = next();
  const [row] = await db
    .insert(assessments)
    .values({
      reference: `AR-TEST-${String(n).padStart(4, '0')}${randomBytes(2).toString('hex').toUpperCase()}`,
      name: 'Jane Customer',
      email: `customer${n}@example.com`,
      phone: '+447700900123',
      address: '10 Downing Street',
      city: 'London',
      county: 'Greater London',
      postcode: 'SW1A 2AA',
      vehicleMake: 'Ford',
      vehicleModel: 'Focus',
      vehicleYear: 2019,
      damageType: 'scratch',
      damageLocations: ['driver_door'],
      damageDescription: 'Long scratch along the driver door from a car park.',
      ...overrides,
    })
    .returning();
  return row!;
}

export type QuoteRecord = typeof quotes.$inferSelect;

/**
 * A quote on an assessment (one is created when none is given), in any status: pass
 * `status`, `assignmentStatus` and `assignedRepairerId` to build it at any point of its
 * lifecycle. Its money adds up (D5): labour + parts + fee, plus 20% VAT.
 */
export async function createQuote(
  db: Db,
  overrides: Partial<typeof quotes.$inferInsert> & { items?: { description: string; costPence: number }[] } = {},
): Promise<QuoteRecord> {
  const { items = [{ description: 'Door panel respray', costPence: 48_000 }], ...columns } = overrides;
  const assessmentId = columns.assessmentId ?? (await createAssessmentRecord(db)).id;
  const laborPence = columns.laborPence ?? 48_000;
  const partsPence = columns.partsPence ?? 0;
  const feePence = columns.feePence ?? 9_600;
  const vatPence = columns.vatPence ?? Math.round((laborPence + partsPence + feePence) * 0.2);
  const [row] = await db
    .insert(quotes)
    .values({
      laborPence,
      partsPence,
      feePence,
      vatPence,
      repairerPaymentPence: laborPence + partsPence,
      totalPence: laborPence + partsPence + feePence + vatPence,
      estimatedDays: 1,
      estimatedHours: 4,
      validUntilDate: '2099-12-31',
      ...columns,
      // As insertQuote: a quote takes its enquiry's id.
      id: columns.id ?? assessmentId,
      assessmentId,
    })
    .returning();
  if (items.length > 0) await db.insert(quoteItems).values(items.map((item, position) => ({ ...item, quoteId: row!.id, position })));
  return row!;
}

export type ImageRecord = typeof assessmentImages.$inferSelect;

/** A photo row on an assessment, without files behind it (access tests; GET answers 404 past the check). */
export async function createImageRecord(db: Db, overrides: Partial<typeof assessmentImages.$inferInsert> & { assessmentId: number }): Promise<ImageRecord> {
  const n = next();
  const [row] = await db
    .insert(assessmentImages)
    .values({
      position: 0,
      sourceType: 'jpeg',
      contentType: 'image/jpeg',
      width: 1600,
      height: 1200,
      displayKey: `photos/test/${n}-display.jpg`,
      displayBytes: 1000,
      thumbKey: `photos/test/${n}-thumb.jpg`,
      thumbBytes: 100,
      ...overrides,
    })
    .returning();
  return row!;
}

export type JobNotificationRecord = typeof jobNotifications.$inferSelect;

/** A job offered to a repairer (issue 12): sent now, open for 4 hours unless overridden (dispatch counts working hours, booking/offer/offer-expiry.ts). */
export async function createJobNotification(
  db: Db,
  overrides: Partial<typeof jobNotifications.$inferInsert> & { quoteId: number; repairerId: number },
): Promise<JobNotificationRecord> {
  const [row] = await db
    .insert(jobNotifications)
    .values({ expiresAt: new Date(Date.now() + 4 * 60 * 60 * 1000), ...overrides })
    .returning();
  return row!;
}
