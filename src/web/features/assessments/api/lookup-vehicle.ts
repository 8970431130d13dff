import { useMutation } from '@tanstack/react-query';
import { VehicleLookupSchema } from '../../../../shared/api/vehicles';
import { apiJson } from '../../../lib/api';

export type { VehicleLookup } from '../../../../shared/api/vehicles';

/** POST /api/vehicle-lookup: make, year and colour for a UK registration (only offered when GET /api/site says so). */
export const lookupVehicle = (registration: string) => apiJson('POST', '/api/vehicle-lookup', { registration }, VehicleLookupSchema);

export function useLookupVehicle() {
  return useMutation({ mutationFn: lookupVehicle });
}
