// What the import stores of one Places result, and the keys that say "a business we already
// hold": the place id, the phone (E.164), the website (without scheme, www., query or trailing
// slash) and the name (letters and digits only) with the postcode.
import { match } from 'postcode';
import { normaliseUkPhone } from '../../../shared/phone';
import { normalisePostcode } from '../../../shared/postcode';
import type { Specialisation } from '../../../shared/damage';
import type { PlaceListing } from '../repairers';
import type { Place } from './places-client';

/** One Places result as the repairers table's owner stores it (repairers/place-listings.repo.ts). */
export type PlaceRecord = PlaceListing;

export type SkipReason = 'closed' | 'no_postcode' | 'no_name';

/** The last UK postcode in an address ('12 High St, Leeds LS1 4AP, UK' → 'LS1 4AP'), or null. */
export function postcodeFromAddress(address: string): string | null {
  const found = match(address.toUpperCase());
  for (let i = found.length - 1; i >= 0; i--) {
    const postcode = normalisePostcode(found[i]!);
    if (postcode) return postcode;
  }
  return null;
}

export function websiteKey(website: string): string {
  return website
    .trim()
    .toLowerCase()
    .replace(/^https?:\/\/(www\.)?/, '')
    .replace(/[?#].*$/, '')
    .replace(/\/+$/, '');
}

export function nameKey(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]+/g, '');
}

function cleanWebsite(uri: string | undefined): string | null {
  if (!uri) return null;
  try {
    const url = new URL(uri.trim());
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    const text = url.toString();
    return text.length <= 500 ? text : null;
  } catch {
    return null;
  }
}

/** A Places result as a repairer record, or why it is left out. */
export function placeRecord(place: Place): PlaceRecord | { skip: SkipReason } {
  if (place.businessStatus === 'CLOSED_PERMANENTLY') return { skip: 'closed' };
  const businessName = place.displayName?.text?.trim().slice(0, 200) ?? '';
  if (businessName === '') return { skip: 'no_name' };
  const address = (place.formattedAddress ?? '').trim().slice(0, 500);
  const postcode = postcodeFromAddress(address);
  if (!postcode) return { skip: 'no_postcode' };
  const rawPhone = place.nationalPhoneNumber ?? place.internationalPhoneNumber;
  return {
    placeId: place.id,
    businessName,
    address,
    postcode,
    phone: rawPhone ? normaliseUkPhone(rawPhone) : null,
    website: cleanWebsite(place.websiteUri),
    ratingTenths: place.rating === undefined ? null : Math.round(place.rating * 10),
    latitude: place.location?.latitude ?? null,
    longitude: place.location?.longitude ?? null,
  };
}

/** The searches of a run: each covered city, each kind of mobile repair (city by city). */
export interface SearchTerm {
  text: string;
  specialisations: Specialisation[];
}

export const SEARCH_TERMS: readonly SearchTerm[] = [
  { text: 'mobile car scratch repair', specialisations: ['scratch', 'scuff'] },
  { text: 'mobile car dent repair', specialisations: ['pdr'] },
  { text: 'alloy wheel repair', specialisations: ['alloy'] },
  { text: 'mobile car paint repair', specialisations: ['paint'] },
];
