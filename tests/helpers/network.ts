// Issue 35: a slot is bookable only when a verified technician can take the customer. The
// checkout tests' customers live at the factory's SW1A 2AA, so their database gets one technician
// there (Monday to Friday, both halves, ten jobs a slot: more than any of those tests books),
// created once per database. Tests about the network itself build their own technicians.
import { eq } from 'drizzle-orm';
import { createRepairer } from '../../src/server/db/factories';
import type { Db } from '../../src/server/db/database';
import { repairers } from '../../src/server/db/schema';

export const NETWORK_TECHNICIAN_EMAIL = 'london-network@example.com';

export async function ensureLondonTechnician(db: Db): Promise<number> {
  const [found] = await db.select({ id: repairers.id }).from(repairers).where(eq(repairers.email, NETWORK_TECHNICIAN_EMAIL));
  if (found) return found.id;
  const created = await createRepairer(db, {
    businessName: 'London Network Repairs',
    email: NETWORK_TECHNICIAN_EMAIL,
    latitude: 51.5014,
    longitude: -0.1419,
    postcode: 'SW1A 1AA',
    serviceRadiusMiles: 30,
    jobsPerSlot: 10,
  });
  return created.id;
}
