import { describe, expect, it } from 'vitest';
import { nameKey, placeRecord, postcodeFromAddress, websiteKey } from './place-record';

describe('a Places result as a repairer record', () => {
  it('finds the last UK postcode in an address, whatever its spacing, and nothing in a foreign one', () => {
    expect(postcodeFromAddress('Unit 4, 12 High Street, Leeds LS1 4AP, UK')).toBe('LS1 4AP');
    expect(postcodeFromAddress('Flat 2, London sw1a1aa, UK')).toBe('SW1A 1AA');
    // A fictional area letters pair ('QQ') passes the package's shape check but is no UK area.
    expect(postcodeFromAddress('1 Nowhere Road, QQ1 1AA')).toBeNull();
    expect(postcodeFromAddress('10 Rue de Rivoli, 75001 Paris, France')).toBeNull();
    expect(postcodeFromAddress('')).toBeNull();
  });

  it('keeps what the import stores, phone in E.164 and rating in tenths', () => {
    expect(
      placeRecord({
        id: 'ChIJ1',
        displayName: { text: '  Smart Repairs Leeds ' },
        formattedAddress: '3 Wellington St, Leeds LS1 4AP, UK',
        nationalPhoneNumber: '0113 496 0000',
        websiteUri: 'https://smartrepairs.example/?utm_source=gmb',
        rating: 4.66,
        location: { latitude: 53.79, longitude: -1.55 },
        businessStatus: 'OPERATIONAL',
      }),
    ).toEqual({
      placeId: 'ChIJ1',
      businessName: 'Smart Repairs Leeds',
      address: '3 Wellington St, Leeds LS1 4AP, UK',
      postcode: 'LS1 4AP',
      phone: '+441134960000',
      website: 'https://smartrepairs.example/?utm_source=gmb',
      ratingTenths: 47,
      latitude: 53.79,
      longitude: -1.55,
    });
  });

  it('leaves out closed businesses, nameless ones and addresses without a postcode; drops a website that is not http(s)', () => {
    expect(placeRecord({ id: 'a', displayName: { text: 'Gone' }, formattedAddress: 'Leeds LS1 4AP', businessStatus: 'CLOSED_PERMANENTLY' })).toEqual({ skip: 'closed' });
    expect(placeRecord({ id: 'b', formattedAddress: 'Leeds LS1 4AP' })).toEqual({ skip: 'no_name' });
    expect(placeRecord({ id: 'c', displayName: { text: 'Somewhere' }, formattedAddress: 'Leeds, UK' })).toEqual({ skip: 'no_postcode' });
    expect(placeRecord({ id: 'd', displayName: { text: 'X' }, formattedAddress: 'Leeds LS1 4AP', websiteUri: 'javascript:alert(1)', nationalPhoneNumber: 'call us' })).toMatchObject({
      website: null,
      phone: null,
      ratingTenths: null,
    });
  });

  it('compares websites without scheme, www., query or trailing slash, and names by letters and digits', () => {
    expect(websiteKey('https://www.Dent-Fix.example/?utm=1')).toBe('dent-fix.example');
    expect(websiteKey('http://dent-fix.example/')).toBe('dent-fix.example');
    expect(websiteKey('http://dent-fix.example/leeds')).toBe('dent-fix.example/leeds');
    expect(nameKey("Bob's Dent-Fix Ltd.")).toBe('bobsdentfixltd');
  });
});
