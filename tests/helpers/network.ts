// Issue 35: a slot is bookable only when a verified technician can take the customer. The
// checkout tests' customers live at the factory's SW1A 2AA, so their database gets a London
// network there (Monday to Friday, both halves, ten jobs a slot each: more than those tests book
// in one slot unless they ask for more places), created once per database and verified again
// each time it is asked for. Tests about dispatch build their own technicians and ask the
// network to step aside once the booking is made (withdrawLondonNetwork), so the nearby lists
// hold only theirs.
import { inArray, like } from 'drizzle-orm';
import { createRepairer } from '../../src/server/db/factories';
import type { Db } from '../../src/server/db/database';
import { repairers } from '../../src/server/db/schema';

const PLACES_EACH = 10;
const emailOf = (n: number) => `london-network-${n}@example.com`;

/** Makes sure the London network is verified and has at least `places` places in a slot. */
export async function ensureLondonTechnician(db: Db, places = PLACES_EACH): Promise<void> {
  const wanted = Array.from({ length: Math.ceil(places / PLACES_EACH) }, (_, i) => emailOf(i + 1));
  const found = new Set((await db.select({ email: repairers.email }).from(repairers).where(inArray(repairers.email, wanted))).map((row) => row.email));
  for (const email of wanted.filter((address) => !found.has(address))) {
    await createRepairer(db, { businessName: `London Network Repairs ${email}`, email, latitude: 51.5014, longitude: -0.1419, postcode: 'SW1A 1AA', serviceRadiusMiles: 30, jobsPerSlot: PLACES_EACH });
  }
  await db.update(repairers).set({ isVerified: true }).where(inArray(repairers.email, wanted));
}

/** Takes the London network out of the nearby lists (unverified) once a test's booking is made. */
export async function withdrawLondonNetwork(db: Db): Promise<void> {
  await db.update(repairers).set({ isVerified: false }).where(like(repairers.email, 'london-network-%@example.com'));
}
