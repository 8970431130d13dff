import { useMutation } from '@tanstack/react-query';
import { apiJsonAs } from '../../lib/api';
import { type ErasureResult } from '../../../shared/api/privacy';

/** GET /api/assessments/{id}/export: a zip the browser downloads (the grant cookie goes with it). */
export const exportUrl = (assessmentId: number) => `/api/assessments/${assessmentId}/export`;

/** POST /api/assessments/{id}/erase with the reference typed to confirm. */
export function useEraseData(assessmentId: number) {
  return useMutation<ErasureResult, Error, string>({
    mutationFn: (confirmReference) => apiJsonAs<ErasureResult>('POST', `/api/assessments/${assessmentId}/erase`, { confirmReference }),
  });
}
