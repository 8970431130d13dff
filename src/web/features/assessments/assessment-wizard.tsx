import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { CustomerDetailsSchema, type CustomerDetails } from '../../../shared/customer-details';
import { Button } from '../../components/ui/button';
import { DetailsFields } from './details-fields';
import { ErrorSummary } from './error-summary';
import { PhotoUpload } from './photo-upload';
import { emptyDetails, readSavedDetails, saveDetails, type DetailsFormValues } from './saved-details';
import { StepIndicator } from './step-indicator';
import { UploadFailedPanel, UploadProgressPanel } from './upload-status';
import { usePhotoSelection } from './use-photo-selection';
import { useSubmitAssessment } from './use-submit-assessment';

const stepHeading = 'text-2xl font-bold tracking-tight text-navy-900';
const photoCount = (n: number) => `${n} ${n === 1 ? 'photo' : 'photos'}`;

/** SPEC section 2's assessment wizard: photos, then details; success goes to /thank-you. */
export function AssessmentWizard() {
  const [step, setStep] = useState<1 | 2>(1);
  const [restored, setRestored] = useState(false);
  const selection = usePhotoSelection();
  const { photos } = selection;
  const form = useForm<DetailsFormValues, unknown, CustomerDetails>({
    resolver: zodResolver(CustomerDetailsSchema),
    defaultValues: emptyDetails,
  });
  const { submit, progress, failure, pending } = useSubmitAssessment(form, photos);
  const heading = useRef<HTMLHeadingElement>(null);
  const shownStep = useRef(step);

  // Restored after the first render, so a prerendered page and the browser agree on it.
  useEffect(() => {
    const saved = readSavedDetails();
    if (saved) {
      form.reset(saved);
      setRestored(true);
    }
    const subscription = form.watch((values) => saveDetails(values));
    return () => subscription.unsubscribe();
  }, [form]);

  // A new step is a new screen: move focus to its heading, as a page change would.
  useEffect(() => {
    if (shownStep.current === step) return;
    shownStep.current = step;
    heading.current?.focus();
  }, [step]);

  const errors = form.formState.errors;
  const showSummary = form.formState.submitCount > 0 && Object.keys(errors).length > 0;

  return (
    <div className="grid gap-8">
      <StepIndicator current={step} />

      {step === 1 ? (
        <section aria-labelledby="step-heading" className="grid gap-6">
          <div>
            <h2 id="step-heading" ref={heading} tabIndex={-1} className={stepHeading}>
              Upload photos of the damage
            </h2>
            <p className="mt-2 text-slate-700">
              Clear photos from a few angles, close up and from further away, help us price the repair accurately.
            </p>
          </div>
          {restored && photos.length === 0 ? (
            <p className="rounded-md border border-navy-100 bg-navy-50 p-3 text-slate-800">
              We kept the details you typed. Photos are not kept when the page reloads, so please add them again.
            </p>
          ) : null}
          <PhotoUpload photos={photos} problems={selection.problems} onAdd={selection.add} onRemove={selection.remove} />
          <div className="flex flex-col-reverse items-stretch gap-3 border-t border-slate-200 pt-6 sm:flex-row sm:items-center sm:justify-between">
            <p className="text-slate-800">
              {photos.length === 0 ? 'Add at least one photo to continue.' : `${photoCount(photos.length)} added.`}
            </p>
            <Button size="lg" disabled={photos.length === 0} onClick={() => setStep(2)}>
              Continue to Details
            </Button>
          </div>
        </section>
      ) : (
        <section aria-labelledby="step-heading">
          <form onSubmit={submit} noValidate className="grid gap-6">
            <div>
              <h2 id="step-heading" ref={heading} tabIndex={-1} className={stepHeading}>
                Your details
              </h2>
              <p className="mt-2 text-slate-700">
                We use these to prepare your quote and to send it to you. {photoCount(photos.length)} ready to send.
              </p>
            </div>
            {showSummary ? <ErrorSummary form={form} errors={errors} /> : null}
            <DetailsFields form={form} />
            {progress ? <UploadProgressPanel progress={progress} photos={photos} /> : null}
            {failure && !pending ? <UploadFailedPanel message={failure.message} hint={failure.hint} canRetry={failure.canRetry} onRetry={() => void submit()} /> : null}
            <div className="flex flex-col-reverse gap-3 border-t border-slate-200 pt-6 sm:flex-row sm:justify-between">
              <Button variant="outline" size="lg" disabled={pending} onClick={() => setStep(1)}>
                Back to Photos
              </Button>
              <Button type="submit" size="lg" disabled={pending}>
                {pending ? 'Sending…' : 'Submit Assessment'}
              </Button>
            </div>
          </form>
        </section>
      )}
    </div>
  );
}
