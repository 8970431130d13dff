import { useMutation } from '@tanstack/react-query';
import { type VehicleLookup } from '../../../../shared/api/vehicles';
import { apiJsonAs } from '../../../lib/api';

export type { VehicleLookup } from '../../../../shared/api/vehicles';

/** POST /api/vehicle-lookup: make, year and colour for a UK registration (only offered when GET /api/site says so). */
export const lookupVehicle = (registration: string) => apiJsonAs<VehicleLookup>('POST', '/api/vehicle-lookup', { registration });

export function useLookupVehicle() {
  return useMutation({ mutationFn: lookupVehicle });
}
