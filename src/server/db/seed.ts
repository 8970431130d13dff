// Demo data for a first start on an empty database: one admin, repairers around the 16
// cities of SPEC, and a few repairer sign-ins. Passwords are random and printed once.
import { cities } from '../../shared/cities';
import { countUsers } from '../modules/auth';
import type { Db } from './database';
import { createRepairer, createUser } from './factories';

const businessSuffixes = ['Mobile Smart Repairs', 'Scratch & Dent Specialists', 'Alloy & Bodywork'];
const specialisationSets = [
  ['scratch', 'scuff', 'paint'],
  ['pdr', 'scratch', 'scuff'],
  ['alloy', 'scuff', 'paint', 'scratch'],
];

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
      });
      if (i === 0 && withSignIn.has(city.slug)) {
        const user = await createUser(db, { role: 'repairer', email: `${city.slug}@repairers.autorevive.example`, name: repairer.contactName ?? repairer.businessName, repairerId: repairer.id });
        accounts.push({ label: `Repairer (${city.name})`, role: 'repairer', email: user.email, password: user.password });
      }
    }
  }
  return accounts;
}
