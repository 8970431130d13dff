import type { CustomerDetailsInput } from '../../../shared/customer-details';
import { isAnyDamageLocation, isAnyDamageType } from '../../../shared/damage';

// The details typed into the wizard survive a reload of the tab (sessionStorage: this tab
// only, gone when it closes). Photos are never stored: only text the customer typed.
const STORAGE_KEY = 'autorevive.assessment-details';

export type DetailsFormValues = CustomerDetailsInput;

const textFields = [
  'name', 'email', 'phone', 'address', 'city', 'county', 'postcode',
  'vehicleMake', 'vehicleModel', 'vehicleYear', 'damageDescription',
] as const;

export const emptyDetails: DetailsFormValues = {
  name: '',
  email: '',
  phone: '',
  address: '',
  city: '',
  county: '',
  postcode: '',
  vehicleMake: '',
  vehicleModel: '',
  vehicleYear: '',
  damageType: 'scratch',
  damageLocations: [],
  damageDescription: '',
};

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null; // storage blocked by the browser's settings
  }
}

/** The saved details, keeping only well-formed values; null when nothing useful is saved. */
export function readSavedDetails(): DetailsFormValues | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(storage()?.getItem(STORAGE_KEY) ?? 'null');
  } catch {
    return null;
  }
  if (!parsed || typeof parsed !== 'object') return null;
  const saved = parsed as Record<string, unknown>;
  const values: DetailsFormValues = { ...emptyDetails, damageLocations: [] };
  for (const field of textFields) {
    const value = saved[field];
    if (typeof value === 'string') values[field] = value.slice(0, 2000);
  }
  if (isAnyDamageType(saved.damageType)) values.damageType = saved.damageType;
  if (Array.isArray(saved.damageLocations)) values.damageLocations = saved.damageLocations.filter(isAnyDamageLocation);
  const hasAny = textFields.some((field) => values[field] !== '') || values.damageLocations.length > 0;
  return hasAny ? values : null;
}

export function saveDetails(values: Partial<DetailsFormValues>): void {
  try {
    storage()?.setItem(STORAGE_KEY, JSON.stringify(values));
  } catch {
    // Full or blocked storage only costs the convenience.
  }
}

export function clearSavedDetails(): void {
  try {
    storage()?.removeItem(STORAGE_KEY);
  } catch {
    // As above.
  }
}
