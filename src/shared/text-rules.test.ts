import { describe, expect, it } from 'vitest';
import { CustomerDetailsSchema, customerDetailsMessages as m, type CustomerDetailsInput } from './customer-details';
import { hasNoControlCharacters } from './text-rules';

const valid: CustomerDetailsInput = {
  name: 'Priya Shah',
  email: 'priya.shah@example.co.uk',
  phone: '07700 900123',
  address: '14 Harbour Road',
  city: 'Bristol',
  county: 'City of Bristol',
  postcode: 'BS1 5TY',
  vehicleMake: 'Ford',
  vehicleModel: 'Focus',
  vehicleYear: '2019',
  damageType: 'dent',
  damageLocations: ['driver_door'],
  damageDescription: 'A dent in the driver door from a car park trolley.',
};

const controlMessages = {
  name: m.nameControl,
  email: m.emailControl,
  phone: m.phoneControl,
  address: m.addressControl,
  city: m.cityControl,
  county: m.countyControl,
  postcode: m.postcodeControl,
  vehicleMake: m.vehicleMakeControl,
  vehicleModel: m.vehicleModelControl,
  damageDescription: m.damageDescriptionControl,
} as const;

describe('control characters in customer details', () => {
  for (const [field, message] of Object.entries(controlMessages)) {
    for (const bad of ['\u0000', '\u0007', '\u001b', '\u007f', '\u0085']) {
      it(`refuses U+${bad.charCodeAt(0).toString(16).padStart(4, '0')} in ${field} with "${message}"`, () => {
        const value = String(valid[field as keyof typeof valid]);
        const result = CustomerDetailsSchema.safeParse({ ...valid, [field]: `${value.slice(0, 2)}${bad}${value.slice(2)}` });
        expect(result.success).toBe(false);
        expect(result.error!.issues.find((issue) => issue.path[0] === field)?.message).toBe(message);
      });
    }
  }

  it('allows line breaks and tabs in the description only', () => {
    expect(CustomerDetailsSchema.safeParse({ ...valid, damageDescription: 'Dent on the door.\r\nScratch\ton the wing.' }).success).toBe(true);
    const name = CustomerDetailsSchema.safeParse({ ...valid, name: 'Priya\nShah' });
    expect(name.error!.issues[0]!.message).toBe(m.nameControl);
  });

  it('refuses over-long text with a message instead of cutting it', () => {
    const result = CustomerDetailsSchema.safeParse({ ...valid, damageDescription: 'x'.repeat(2001) });
    expect(result.error!.issues[0]!.message).toBe(m.damageDescriptionTooLong);
  });

  it('accepts ordinary text in other scripts and accents', () => {
    expect(hasNoControlCharacters('Zoë Ó Briain – 12 Rue de l’Église, 東京')).toBe(true);
  });

  it('refuses text that flips its direction anywhere, and invisible text in one line (found by an attack review)', () => {
    // Shown as "Eveexe.png" on the admin's screens and in e-mails.
    expect(CustomerDetailsSchema.safeParse({ ...valid, name: 'Eve\u202Egnp.exe' }).error!.issues[0]!.message).toBe(m.nameControl);
    expect(CustomerDetailsSchema.safeParse({ ...valid, damageDescription: 'Dent \u2067on the door' }).error!.issues[0]!.message).toBe(m.damageDescriptionControl);
    // Two zero-width spaces pass a two-character rule and show as nothing.
    expect(CustomerDetailsSchema.safeParse({ ...valid, name: '\u200B\u200B' }).error!.issues[0]!.message).toBe(m.nameControl);
    expect(CustomerDetailsSchema.safeParse({ ...valid, name: 'Priya\uFEFF Shah' }).error!.issues[0]!.message).toBe(m.nameControl);
    // Pasted descriptions often carry a zero-width space; the joiners of scripts and emoji, and the direction marks, are text.
    expect(CustomerDetailsSchema.safeParse({ ...valid, damageDescription: 'Dent\u200B on the door 👨\u200D🔧' }).success).toBe(true);
    expect(hasNoControlCharacters('\u0645\u200C\u0646 \u200F')).toBe(true);
  });
});
