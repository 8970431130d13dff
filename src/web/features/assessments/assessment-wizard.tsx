import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useLocation, useNavigate } from '../../components/navigation/router';
import type { CustomerDetails } from '../../../shared/customer-details';
import { focusErrorSummary } from '../../components/form';
import { Button } from '../../components/ui/button';
import { detailsResolver, loadDetailsCheck } from './details-check';
import { DamageFields, damageFieldNames, DetailsFields, fieldId, isDamageField } from './details-fields';
import { ErrorSummary } from './error-summary';
import { PhotoUpload } from './photo-upload';
import { PriceGuideNote } from './price-guide';
import { ReviewSummary, reviewGroups, type ReviewGroup } from './review-step';
import { emptyDetails, readSavedDetails, saveDetails, type DetailsFormValues } from './saved-details';
import { StepIndicator, type WizardStep } from './step-indicator';
import { UploadFailedPanel, UploadProgressPanel } from './upload-status';
import { usePhotoSelection } from './use-photo-selection';
import { useSubmitAssessment } from './use-submit-assessment';

const stepHeading = 'text-2xl font-bold tracking-tight text-navy-900';
const errorSummaryId = 'error-summary';
const photoCount = (n: number) => `${n} ${n === 1 ? 'photo' : 'photos'}`;

/** SPEC section 2's assessment wizard: photos, details, then a review to submit; success goes to /thank-you. */
export function AssessmentWizard() {
  const [restored, setRestored] = useState(false);
  const selection = usePhotoSelection();
  const { photos, unreadable } = selection;
  // Each step is a history entry, so a phone's Back button goes back a step instead of leaving
  // the wizard and its photos. Photos are not kept across a reload: without them, step 1.
  const location = useLocation();
  const navigate = useNavigate();
  const entry = location.state as { wizardStep?: WizardStep; from?: WizardStep } | null;
  const step: WizardStep = photos.length > 0 ? (entry?.wizardStep ?? 1) : 1;
  // An entry for a later step without photos (a reload there, or Back from the thank-you page)
  // shows step 1; it becomes step 1's entry too, so choosing the first photo again does not
  // jump to the step the entry remembered while the customer is still adding photos.
  const staleEntry = photos.length === 0 && (entry?.wizardStep ?? 1) > 1;
  useEffect(() => {
    if (staleEntry) void navigate(`${location.pathname}${location.search}`, { replace: true, state: { wizardStep: 1 } });
  }, [staleEntry, navigate, location.pathname, location.search]);
  const setStep = (next: WizardStep) => {
    if (next === step) return;
    // Back to the step this entry came from is the browser's Back; anything else is a new entry.
    if (step > 1 && entry?.from === next) void navigate(-1);
    else void navigate(`${location.pathname}${location.search}`, { state: { wizardStep: next, from: step } });
  };
  const form = useForm<DetailsFormValues, unknown, CustomerDetails>({
    // The shared schema, fetched when the details step shows (details-check.ts).
    resolver: detailsResolver,
    defaultValues: emptyDetails,
    // A failed submit takes focus to the error summary above the fields, once it has rendered
    // (below), not to the first invalid field, which the summary would then push out of sight.
    shouldFocusError: false,
  });
  // Where focus goes when a step shows: its heading, or a field of that step (an Edit link, a
  // server error). Kept with the step it is for, so the step being left, whose focus effect may
  // not have run yet on a busy machine, never takes it.
  const focusField = useRef<{ step: WizardStep; field: keyof DetailsFormValues | null } | null>(null);
  const { submit, progress, failure, pending } = useSubmitAssessment(form, photos, {
    // The server refused some details: back to the step where they are shown on their fields.
    onFieldErrors: (first) => {
      const to = first && isDamageField(first) ? 1 : 2;
      focusField.current = { step: to, field: first };
      setStep(to);
    },
  });
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

  // The details' check is fetched once the customer has chosen a photo, so it is there by the
  // time they reach the details step (details-check.ts); the empty first step goes without it.
  const choosing = photos.length > 0;
  useEffect(() => {
    if (choosing) loadDetailsCheck().catch(() => undefined);
  }, [choosing]);

  // A new step is a new screen: move focus to its heading, as a page change would, or to the
  // field an Edit link or a server error is about.
  useEffect(() => {
    if (shownStep.current === step) return;
    shownStep.current = step;
    const pending = focusField.current?.step === step ? focusField.current : null;
    if (pending) focusField.current = null;
    const field = pending?.field ?? null;
    // By the field's id, now, in the step just committed (react-hook-form's setFocus focuses a
    // timer later). A field with nothing to focus (a server error about a field not on this
    // step) gets the heading rather than nothing.
    const target = field ? document.getElementById(fieldId(field)) : null;
    (target ?? heading.current)?.focus();
  }, [step]);

  const edit = (group: ReviewGroup) => {
    const to = group === 'photos' || group === 'damage' ? 1 : 2;
    focusField.current = { step: to, field: reviewGroups[group].focus };
    setStep(to);
  };

  const errors = form.formState.errors;
  const submitCount = form.formState.submitCount;
  const showSummary = submitCount > 0 && Object.keys(errors).length > 0;

  // GOV.UK's error summary pattern (issue 33): each submit of the details that fails lands on the
  // summary, rendered by now with the errors of that submit (react-hook-form counts the submit
  // and sets its errors in one update). A server's refusal counts no submit: it focuses its field.
  const summaryShown = useRef(showSummary);
  summaryShown.current = showSummary;
  useEffect(() => {
    if (submitCount > 0 && summaryShown.current) focusErrorSummary(errorSummaryId);
  }, [submitCount]);
  const canContinue = photos.length > 0 && unreadable === 0;
  // Step 1 holds the damage (issue 37), checked before the details are asked for; a problem
  // there takes focus to its field, whose message shows beneath it.
  const continueToDetails = async () => {
    if (await form.trigger([...damageFieldNames], { shouldFocus: true })) setStep(2);
  };
  // Step 2's check covers the whole form; a damage field found wanting (details restored from an
  // earlier visit) is fixed on step 1.
  const backToDamage = (invalid: Partial<Record<string, unknown>>) => {
    const first = damageFieldNames.find((name) => invalid[name]);
    if (!first) return;
    focusField.current = { step: 1, field: first };
    setStep(1);
  };

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
          <PhotoUpload photos={photos} problems={selection.problems} onAdd={selection.add} onRemove={selection.remove} readability={selection.readability} />
          <DamageFields form={form} guide={<PriceGuideNote form={form} />} />
          <div className="flex flex-col items-stretch gap-3 border-t border-slate-200 pt-6 sm:flex-row sm:items-center sm:justify-between">
            <p className="text-slate-800">
              {photos.length === 0
                ? 'Add at least one photo to continue.'
                : unreadable > 0
                  ? `Remove the ${unreadable === 1 ? 'file' : 'files'} we can't read to continue.`
                  : `${photoCount(photos.length)} added.`}
            </p>
            <Button size="lg" disabled={!canContinue} onClick={() => void continueToDetails()}>
              Continue to Details
            </Button>
          </div>
        </section>
      ) : step === 2 ? (
        <section aria-labelledby="step-heading">
          <form onSubmit={(event) => void form.handleSubmit(() => setStep(3), backToDamage)(event)} noValidate className="grid gap-6">
            <div>
              <h2 id="step-heading" ref={heading} tabIndex={-1} className={stepHeading}>
                Your details
              </h2>
              <p className="mt-2 text-slate-700">
                We use these to prepare your quote and to send it to you. {photoCount(photos.length)} ready to send.
              </p>
            </div>
            {showSummary ? <ErrorSummary id={errorSummaryId} form={form} errors={errors} /> : null}
            {failure?.fieldErrors && !pending ? <UploadFailedPanel message={failure.message} hint={failure.hint} canRetry={false} onRetry={() => undefined} /> : null}
            <DetailsFields form={form} />
            <div className="flex flex-col gap-3 border-t border-slate-200 pt-6 sm:flex-row sm:justify-between">
              <Button variant="outline" size="lg" onClick={() => setStep(1)}>
                Back to Photos
              </Button>
              <Button type="submit" size="lg">
                Continue to Review
              </Button>
            </div>
          </form>
        </section>
      ) : (
        <section aria-labelledby="step-heading">
          <form onSubmit={(event) => void submit(event)} noValidate className="grid gap-6">
            <div>
              <h2 id="step-heading" ref={heading} tabIndex={-1} className={stepHeading}>
                Check and send
              </h2>
              <p className="mt-2 text-slate-700">Please check everything below. Use Edit to change anything, then submit.</p>
            </div>
            <ReviewSummary values={form.getValues()} photos={photos} onEdit={edit} />
            {progress ? <UploadProgressPanel progress={progress} photos={photos} /> : null}
            {failure && !failure.fieldErrors && !pending ? (
              <UploadFailedPanel message={failure.message} hint={failure.hint} canRetry={failure.canRetry} onRetry={() => void submit()} />
            ) : null}
            <div className="flex flex-col gap-3 border-t border-slate-200 pt-6 sm:flex-row sm:justify-between">
              <Button variant="outline" size="lg" pending={pending} onClick={() => setStep(2)}>
                Back to Details
              </Button>
              <Button type="submit" size="lg" pending={pending}>
                {pending ? 'Sending…' : 'Submit Assessment'}
              </Button>
            </div>
          </form>
        </section>
      )}
    </div>
  );
}
