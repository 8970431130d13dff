import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CustomerDetails } from '../../../../shared/customer-details';
import type { AssessmentView } from '../../../../shared/api/assessments';
import type { SelectedPhoto } from '../use-photo-selection';
import { fileFractions, multipartLayout } from '../multipart-progress';
import { preparePhoto } from '../prepare-photo';
import { assessmentQueryKey } from './get-assessment';
import { postMultipart } from './upload-request';

export type UploadProgress = {
  /** preparing: downsizing photos; uploading: bytes on their way; processing: the server checks them. */
  phase: 'preparing' | 'uploading' | 'processing';
  /** 0 to 1, for the whole submission. */
  overall: number;
  /** 0 to 1 per photo, in the order chosen. */
  files: number[];
};

export type CreateAssessmentInput = {
  details: CustomerDetails;
  photos: readonly SelectedPhoto[];
  /** One per submission attempt: a retry of the same attempt never creates a second assessment. */
  idempotencyKey: string;
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
};

/** SPEC section 3's multipart fields, one per damage location, in the form's order. */
export function assessmentFields(details: CustomerDetails): Array<[string, string]> {
  const single: Array<keyof Omit<CustomerDetails, 'damageLocations'>> = [
    'name', 'email', 'phone', 'address', 'city', 'county', 'postcode',
    'vehicleMake', 'vehicleModel', 'vehicleYear', 'damageType', 'damageDescription',
  ];
  const fields: Array<[string, string]> = single.map((name) => [name, String(details[name])]);
  for (const location of details.damageLocations) fields.push(['damageLocations', location]);
  return fields;
}

/** POST /api/assessments: downsizes the photos, then sends details and photos in one request. */
export async function createAssessment({ details, photos, idempotencyKey, onProgress, signal }: CreateAssessmentInput): Promise<AssessmentView> {
  const count = photos.length;
  onProgress?.({ phase: 'preparing', overall: 0, files: photos.map(() => 0) });
  const files: File[] = [];
  for (const photo of photos) files.push(await preparePhoto(photo.file));
  if (signal?.aborted) throw new DOMException('The upload was cancelled.', 'AbortError');

  const fields = assessmentFields(details);
  const body = new FormData();
  for (const [name, value] of fields) body.append(name, value);
  for (const file of files) body.append('images', file, file.name);

  const layout = multipartLayout(fields, 'images', files);
  onProgress?.({ phase: 'uploading', overall: 0, files: files.map(() => 0) });
  return postMultipart<AssessmentView>('/api/assessments', body, {
    headers: { 'Idempotency-Key': idempotencyKey },
    signal,
    onUploadProgress: (loaded, total) => {
      const done = loaded >= total;
      onProgress?.({
        phase: done ? 'processing' : 'uploading',
        overall: total > 0 ? loaded / total : 0,
        files: count ? fileFractions(layout, loaded, total) : [],
      });
    },
  });
}

export function useCreateAssessment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAssessment,
    onSuccess: (assessment) => {
      queryClient.setQueryData(assessmentQueryKey(assessment.id), assessment);
    },
  });
}
