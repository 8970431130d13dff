// Turns a DVLA answer into what the assessment form fills in, and each failure into a
// message a person can act on (STYLE habit 6).
import { vehicleLookupMessages, type VehicleLookup } from '../../../shared/api/vehicles';
import { badRequest, DomainError, notFound } from '../../kernel/errors';
import type { DvlaVehicle, VehicleEnquiry } from './dvla';

// Kept here for the modules and tests that read them from the lookup.
export { RegistrationSchema, vehicleLookupMessages, VehicleLookupSchema, type VehicleLookup } from '../../../shared/api/vehicles';

/** 'MERCEDES-BENZ' → 'Mercedes-Benz', 'LAND ROVER' → 'Land Rover'; with acronyms, 'BMW' and 'MG' stay. */
export function titleCase(value: string, { keepAcronyms = false } = {}): string {
  return value
    .trim()
    .toLowerCase()
    .replace(/[a-z0-9]+/g, (word) => (keepAcronyms && /^[a-z]{1,3}$/.test(word) ? word.toUpperCase() : word.charAt(0).toUpperCase() + word.slice(1)));
}

function yearOf(vehicle: DvlaVehicle): string | null {
  if (vehicle.yearOfManufacture) return String(vehicle.yearOfManufacture);
  const fromMonth = vehicle.monthOfFirstRegistration?.match(/^(\d{4})-\d{2}$/);
  return fromMonth ? fromMonth[1]! : null;
}

export async function lookUpVehicle(enquiry: VehicleEnquiry, registration: string): Promise<VehicleLookup> {
  const result = await enquiry.lookUp(registration);
  if (result.ok) {
    const { vehicle } = result;
    return {
      registration: vehicle.registrationNumber ?? registration,
      make: vehicle.make?.trim() ? titleCase(vehicle.make, { keepAcronyms: true }) : null,
      year: yearOf(vehicle),
      colour: vehicle.colour?.trim() ? titleCase(vehicle.colour) : null,
    };
  }
  switch (result.reason) {
    case 'not_found':
      throw notFound(vehicleLookupMessages.notFound);
    case 'invalid_registration':
      throw badRequest(vehicleLookupMessages.invalid, { registration: vehicleLookupMessages.invalid });
    case 'unavailable':
      throw new DomainError(502, 'vehicle_lookup_unavailable', vehicleLookupMessages.unavailable);
    case 'busy':
    case 'misconfigured':
      throw new DomainError(503, 'vehicle_lookup_unavailable', vehicleLookupMessages.unavailable);
  }
}
