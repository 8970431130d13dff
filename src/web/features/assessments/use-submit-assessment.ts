import { useEffect, useRef, useState } from 'react';
import { useNavigate } from '../../components/navigation/router';
import type { CustomerDetails } from '../../../shared/customer-details';
import { photosRequiredMessage } from '../../../shared/photo-rules';
import { site } from '../../../shared/site';
import { dismissToast, toast } from '../../components/ui/use-toast';
import { isApiError } from '../../lib/api';
import { useCreateAssessment, type UploadProgress } from './api/create-assessment';
import { UploadNetworkError } from './api/upload-request';
import type { SelectedPhoto } from './use-photo-selection';
import type { DetailsForm } from './details-form';
import { fieldLabels } from './details-fields';
import { attemptFingerprint, createKeyKeeper } from './idempotency-key';
import { clearSavedDetails, type DetailsFormValues } from './saved-details';

export type SubmitFailure = {
  message: string;
  canRetry: boolean;
  hint?: string;
  /** The server refused some details, now shown on their fields (step 2). */
  fieldErrors?: boolean;
};

const isFormField = (name: string): name is keyof DetailsFormValues => Object.hasOwn(fieldLabels, name);

// Worth sending again as it is: the connection, a busy server, or a limit that passes.
const retryable = (status: number) => status === 429 || status === 408 || status >= 500;
// The photos themselves were refused (too many, too large, not an image): they need changing.
const photoProblem = (status: number) => status === 413 || status === 415 || status === 422;

/** Sends the assessment, shows progress, and on failure keeps everything for 'Try again'. */
export function useSubmitAssessment(
  form: DetailsForm,
  photos: readonly SelectedPhoto[],
  { onFieldErrors }: { onFieldErrors?: (first: keyof DetailsFormValues) => void } = {},
) {
  const navigate = useNavigate();
  const mutation = useCreateAssessment();
  const [keys] = useState(createKeyKeeper);
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const [failure, setFailure] = useState<SubmitFailure | null>(null);
  const inFlight = useRef<AbortController | null>(null);
  useEffect(() => () => inFlight.current?.abort(), []);

  const fail = (error: unknown) => {
    setProgress(null);
    if (error instanceof DOMException && error.name === 'AbortError') return;
    let failure: SubmitFailure = { message: 'Something went wrong. Please try again.', canRetry: true };
    if (error instanceof UploadNetworkError) failure = { message: error.message, canRetry: true };
    if (isApiError(error)) {
      failure = { message: error.userMessage ?? failure.message, canRetry: retryable(error.status) };
      const fieldErrors = Object.entries(error.fieldErrors).filter(([name]) => isFormField(name));
      fieldErrors.forEach(([name, message], index) => {
        form.setError(name as keyof DetailsFormValues, { type: 'server', message }, { shouldFocus: index === 0 && !onFieldErrors });
      });
      if (fieldErrors.length > 0) {
        failure.hint = 'Please correct the details marked below, then continue to the review and submit again.';
        failure.fieldErrors = true;
        onFieldErrors?.(fieldErrors[0]![0] as keyof DetailsFormValues);
      } else if (photoProblem(error.status)) failure.hint = 'Use Edit next to Photos to remove or replace that photo, then submit again.';
    }
    setFailure(failure);
    toast({ title: 'Submission Failed', description: failure.message, variant: 'destructive' });
  };

  const send = (details: CustomerDetails) => {
    if (mutation.isPending) return;
    if (photos.length === 0) {
      const [title, description] = photosRequiredMessage.split(' - ');
      toast({ title: title ?? photosRequiredMessage, description, variant: 'destructive' });
      return;
    }
    const idempotencyKey = keys.keyFor(attemptFingerprint(details, photos.map((photo) => photo.id)));
    const controller = new AbortController();
    inFlight.current = controller;
    setFailure(null);
    dismissToast(); // the last attempt's 'Submission Failed' no longer applies
    mutation.mutate(
      { details, photos, idempotencyKey, onProgress: setProgress, signal: controller.signal },
      {
        onSuccess: (assessment) => {
          clearSavedDetails();
          toast({ title: 'Assessment Submitted!', description: `Your quote will arrive ${site.quoteTurnaround}.`, variant: 'success' });
          const search = new URLSearchParams({ ref: assessment.reference, id: String(assessment.id) });
          void navigate(`/thank-you?${search}`, { state: { reference: assessment.reference, id: assessment.id } });
        },
        onError: fail,
      },
    );
  };

  return { submit: form.handleSubmit(send), progress, failure, pending: mutation.isPending };
}
