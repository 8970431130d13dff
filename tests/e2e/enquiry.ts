// One customer enquiry through SPEC's multipart call (POST /api/assessments), sent from the
// customer's own browser context so that it then holds the access grant (D10), as after the wizard.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { BrowserContext } from 'playwright-core';
import { expect } from 'vitest';

const images = resolve(import.meta.dirname, '../fixtures/images');
const photoTypes = { jpg: 'image/jpeg', heic: 'image/heic' } as const;

const defaults = {
  name: 'Sam Patel',
  phone: '07700 900123',
  address: '12 Park Road',
  city: 'Bristol',
  county: 'Avon',
  postcode: 'BS1 5TY',
  vehicleMake: 'Ford',
  vehicleModel: 'Focus',
  vehicleYear: '2019',
  damageType: 'scratch',
  damageLocations: 'driver_door',
  damageDescription: 'A long scratch along the driver door, about 40 cm.',
};
export type EnquiryFields = typeof defaults & { email: string };

/**
 * Submits an enquiry with one photo (or `photos`, from tests/fixtures/images); every field can be
 * overridden; the e-mail is unique unless given.
 */
export async function submitEnquiry(customer: BrowserContext, overrides: Partial<EnquiryFields> = {}, { photos = ['sample.jpg'] }: { photos?: string[] } = {}): Promise<{ id: number; reference: string }> {
  const fields: EnquiryFields = { ...defaults, email: `e2e-${randomUUID()}@example.co.uk`, ...overrides };
  const form = new FormData();
  for (const [field, value] of Object.entries(fields)) {
    // As the wizard sends them: one field per damage location ("driver_door,wing_left" is two).
    for (const part of field === 'damageLocations' ? value.split(',') : [value]) form.append(field, part);
  }
  for (const name of photos) {
    const type = photoTypes[name.split('.').pop() as keyof typeof photoTypes];
    form.append('images', new File([readFileSync(resolve(images, name))], name, { type }));
  }
  const response = await customer.request.post('/api/assessments', { multipart: form, headers: { 'Idempotency-Key': randomUUID() } });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as { id: number; reference: string };
}
