import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { typedQueryFn } from '../../../lib/api';
import type { PriceGuide } from '../../../../shared/api/price-guide';

/** One key per damage type and set of places, whatever order they were ticked in. */
export const priceGuideQueryKey = (damageType: string, damageLocations: readonly string[]) =>
  ['/api/price-guide', { damageType, damageLocations: [...new Set(damageLocations)].sort().join(',') }] as const;

/**
 * GET /api/price-guide (issue 37): the guide a pending quote shows, for anyone, from the damage
 * alone. The last answer stays up while the next is read, so the line does not flicker as
 * places are ticked.
 */
export function usePriceGuide(damage: { damageType: string; damageLocations: readonly string[] }) {
  return useQuery<PriceGuide>({
    queryKey: priceGuideQueryKey(damage.damageType, damage.damageLocations),
    queryFn: typedQueryFn<PriceGuide>(),
    staleTime: 60_000,
    retry: 1,
    placeholderData: keepPreviousData,
  });
}
