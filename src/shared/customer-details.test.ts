import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  CustomerDetailsSchema,
  customerDetailsMessages as m,
  maxVehicleYear,
  photoFileProblem,
  photoRules,
  photosRequiredMessage,
  photoTooLargeMessage,
  photoTypeMessage,
  UkPostcodeSchema,
} from './customer-details';
import type { CustomerDetailsInput } from './customer-details';

const valid: CustomerDetailsInput = {
  name: '  Priya Shah ',
  email: ' Priya.Shah@Example.CO.UK ',
  phone: '07700 900123',
  address: '14 Harbour Road',
  city: 'Bristol',
  county: 'City of Bristol',
  postcode: 'bs1 5ty',
  vehicleMake: 'Ford',
  vehicleModel: 'Focus',
  vehicleYear: '2019',
  damageType: 'dent',
  damageLocations: ['driver_door', 'wing_right', 'driver_door'],
  damageDescription: 'A dent in the driver door from a car park trolley.',
};

function messagesFor(input: Record<string, unknown>): Record<string, string[]> {
  const result = CustomerDetailsSchema.safeParse(input);
  if (result.success) return {};
  const messages: Record<string, string[]> = {};
  for (const issue of result.error.issues) (messages[issue.path.join('.')] ??= []).push(issue.message);
  return messages;
}

afterEach(() => {
  vi.useRealTimers();
});

describe('CustomerDetailsSchema', () => {
  it('trims, lowercases and normalises a valid submission', () => {
    expect(CustomerDetailsSchema.parse(valid)).toEqual({
      name: 'Priya Shah',
      email: 'priya.shah@example.co.uk',
      phone: '+447700900123',
      address: '14 Harbour Road',
      city: 'Bristol',
      county: 'City of Bristol',
      postcode: 'BS1 5TY',
      vehicleMake: 'Ford',
      vehicleModel: 'Focus',
      vehicleYear: 2019,
      damageType: 'dent',
      damageLocations: ['driver_door', 'wing_right'],
      damageDescription: 'A dent in the driver door from a car park trolley.',
    });
  });

  it('defaults the damage type to scratch', () => {
    const { damageType: _omitted, ...withoutType } = valid;
    expect(CustomerDetailsSchema.parse(withoutType).damageType).toBe('scratch');
  });

  it('gives SPEC section 5 messages for an empty form', () => {
    const empty = Object.fromEntries(Object.keys(valid).map((key) => [key, key === 'damageLocations' ? [] : '']));
    expect(messagesFor(empty)).toEqual({
      name: [m.name],
      email: [m.email],
      phone: [m.phone],
      address: [m.address],
      city: [m.city],
      county: [m.county],
      postcode: [m.postcode],
      vehicleMake: [m.vehicleMake],
      vehicleModel: [m.vehicleModel],
      vehicleYear: [m.vehicleYear],
      damageType: [m.damageType],
      damageLocations: [m.damageLocations],
      damageDescription: [m.damageDescription],
    });
    expect(m).toMatchObject({
      name: 'Name must be at least 2 characters',
      email: 'Please enter a valid email address',
      phone: 'Please enter a valid phone number',
      address: 'Please enter your address',
      city: 'City is required',
      county: 'County is required',
      postcode: 'Postcode is required',
      postcodeInvalid: 'Please enter a valid UK postcode',
      vehicleMake: 'Vehicle make is required',
      vehicleModel: 'Vehicle model is required',
      vehicleYear: 'Please enter a valid year',
      damageType: 'Please select the type of damage',
      damageLocations: 'Please select at least one damage location',
      damageDescription: 'Please provide more details about the damage',
    });
  });

  it('gives the same messages when fields are missing altogether', () => {
    const messages = messagesFor({});
    expect(messages.name).toEqual([m.name]);
    expect(messages.postcode).toEqual([m.postcode]);
    expect(messages.vehicleYear).toEqual([m.vehicleYear]);
    expect(messages.damageLocations).toEqual([m.damageLocations]);
    expect(messages.damageType).toBeUndefined();
  });

  it('tells a missing postcode from one that is not a UK postcode (D8, issue 33)', () => {
    expect(messagesFor({ ...valid, postcode: '' }).postcode).toEqual([m.postcode]);
    expect(messagesFor({ ...valid, postcode: '   ' }).postcode).toEqual([m.postcode]);
    // Something typed is never "required": too short, too long or the wrong shape, it is not valid.
    for (const typed of ['ABC', 'abc', 'SW1', 'A', ' S W 1 ', 'SW1A 1AAA', '12345', 'QQ1 1AA']) {
      expect(messagesFor({ ...valid, postcode: typed }).postcode, typed).toEqual(['Please enter a valid UK postcode']);
    }
    expect(CustomerDetailsSchema.parse({ ...valid, postcode: ' sw1a1aa ' }).postcode).toBe('SW1A 1AA');
  });

  it('gives the repairer and nearby-search forms the same postcode messages (one schema)', () => {
    const messages = (input: unknown) => {
      const result = UkPostcodeSchema.safeParse(input);
      return result.success ? [] : result.error.issues.map((issue) => issue.message);
    };
    expect(messages('ABC')).toEqual([m.postcodeInvalid]);
    expect(messages('')).toEqual([m.postcode]);
    expect(messages(undefined)).toEqual([m.postcode]);
    expect(UkPostcodeSchema.parse('bs15ty')).toBe('BS1 5TY');
  });

  it('accepts UK phone numbers only, as E.164 (D8)', () => {
    expect(CustomerDetailsSchema.parse({ ...valid, phone: '020 7946 0321' }).phone).toBe('+442079460321');
    expect(messagesFor({ ...valid, phone: '+1 202 555 0143' }).phone).toEqual([m.phone]);
    expect(messagesFor({ ...valid, phone: '0770090012' }).phone).toEqual([m.phone]);
  });

  it('accepts vehicle years from 1950 to next year, as text or number (D8)', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-12-31T23:30:00Z'));
    expect(maxVehicleYear()).toBe(2027);
    expect(CustomerDetailsSchema.parse({ ...valid, vehicleYear: ' 1950 ' }).vehicleYear).toBe(1950);
    expect(CustomerDetailsSchema.parse({ ...valid, vehicleYear: 2027 }).vehicleYear).toBe(2027);
    for (const year of ['1949', '2028', '19', '20190', 'abcd', '2019.0', '', 2019.5]) {
      expect(messagesFor({ ...valid, vehicleYear: year }).vehicleYear).toEqual([m.vehicleYear]);
    }
    vi.setSystemTime(new Date('2027-01-01T00:30:00Z'));
    expect(CustomerDetailsSchema.parse({ ...valid, vehicleYear: '2028' }).vehicleYear).toBe(2028);
  });

  it('limits lengths with clear messages', () => {
    expect(messagesFor({ ...valid, name: 'x'.repeat(101) }).name).toEqual([m.nameTooLong]);
    expect(messagesFor({ ...valid, email: `${'a'.repeat(250)}@example.com` }).email).toEqual([m.emailTooLong]);
    expect(messagesFor({ ...valid, address: 'x'.repeat(201) }).address).toEqual([m.addressTooLong]);
    expect(messagesFor({ ...valid, damageDescription: 'x'.repeat(2001) }).damageDescription).toEqual([m.damageDescriptionTooLong]);
    expect(CustomerDetailsSchema.safeParse({ ...valid, damageDescription: ` ${'x'.repeat(2000)} ` }).success).toBe(true);
  });

  it('refuses unknown damage types and locations', () => {
    expect(messagesFor({ ...valid, damageType: 'hail' }).damageType).toEqual([m.damageType]);
    expect(messagesFor({ ...valid, damageLocations: ['hood'] })['damageLocations.0']).toEqual([m.damageLocations]);
    expect(messagesFor({ ...valid, damageLocations: 'bonnet' }).damageLocations).toEqual([m.damageLocations]);
  });

  it('judges the description after trimming', () => {
    expect(messagesFor({ ...valid, damageDescription: '   dent      ' }).damageDescription).toEqual([m.damageDescription]);
  });

  it('drops fields it does not know', () => {
    expect(CustomerDetailsSchema.parse({ ...valid, images: ['x'], isAdmin: true })).not.toHaveProperty('isAdmin');
  });
});

describe('photo rules', () => {
  it('keeps the SPEC and D7 limits', () => {
    expect(photoRules.maxFiles).toBe(10);
    expect(photoRules.maxBytes).toBe(10 * 1024 * 1024);
    expect(photoRules.acceptedMimeTypes).toEqual(['image/jpeg', 'image/png', 'image/webp', 'image/heic', 'image/heif']);
    expect(photosRequiredMessage).toBe('Photos Required - Please upload at least one photo of the damage.');
  });

  it('judges chosen files', () => {
    expect(photoFileProblem({ name: 'door.JPG', type: 'image/jpeg', size: 2_000_000 })).toBeNull();
    expect(photoFileProblem({ name: 'IMG_0001.HEIC', type: '', size: 3_000_000 })).toBeNull();
    expect(photoFileProblem({ name: 'door.webp', type: 'image/webp', size: photoRules.maxBytes })).toBeNull();
    expect(photoFileProblem({ name: 'notes.pdf', type: 'application/pdf', size: 1000 })).toBe(`notes.pdf: ${photoTypeMessage}`);
    expect(photoFileProblem({ name: 'door.gif', type: 'image/gif', size: 1000 })).toBe(`door.gif: ${photoTypeMessage}`);
    expect(photoFileProblem({ name: 'blank.png', type: 'image/png', size: 0 })).toBe('blank.png: File is smaller than 1 byte: this file is empty');
  });

  it('names a photo that is too large in megabytes, not bytes, in the browser (issue 33)', () => {
    const large = { name: 'door.jpg', type: 'image/jpeg', size: photoRules.maxBytes + 1 };
    expect(photoFileProblem(large)).toBe('door.jpg is larger than 10 MB. Please choose a smaller photo');
    expect(photoFileProblem(large, 'Photo 2')).toBe('Photo 2 is larger than 10 MB. Please choose a smaller photo');
    expect(photoFileProblem(large)).not.toMatch(/bytes/);
  });

  it('keeps SPEC’s "File is larger than 10485760 bytes" at the start of the API’s message (D8)', () => {
    expect(photoTooLargeMessage).toBe('File is larger than 10485760 bytes: each photo must be 10 MB or smaller');
  });
});
