import { useMutation } from '@tanstack/react-query';
import { apiJson } from '../../../lib/api';

/** POST /api/vehicle-lookup's answer: DVLA's record, tidied; any part may be unknown. */
export type VehicleLookup = {
  registration: string;
  make: string | null;
  year: string | null;
  colour: string | null;
};

/** POST /api/vehicle-lookup: make, year and colour for a UK registration (only offered when GET /api/site says so). */
export const lookupVehicle = (registration: string) => apiJson<VehicleLookup>('POST', '/api/vehicle-lookup', { registration });

export function useLookupVehicle() {
  return useMutation({ mutationFn: lookupVehicle });
}
