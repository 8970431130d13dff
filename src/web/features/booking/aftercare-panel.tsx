import { useEffect, useRef, useState, type FormEvent } from 'react';
import { FieldGroup, TextAreaField } from '../../components/form';
import { PhotoGallery } from '../../components/photo-gallery';
import { Button } from '../../components/ui/button';
import { ConfirmButton } from '../../components/ui/confirm-button';
import { toast } from '../../components/ui/use-toast';
import { userMessageOf } from '../../lib/api';
import { focusById } from '../../lib/focus';
import { completionMessages, type AppointmentView } from '../../../shared/api/appointments';
import { formatLondonDate, formatLondonDateTime } from '../../../shared/london-time';
import { useConfirmCompletion, useReportProblem, useReviewRepair } from './api/aftercare';

const box = 'rounded-lg border border-slate-200 bg-white p-5';
/** Where the keyboard goes once a button it was on has gone (confirmed, reported, reviewed). */
const AFTERCARE_HEADING = 'appointment-aftercare';
const REVIEW_HEADING = 'appointment-review';

function ProblemForm({ id, onCancel }: { id: number; onCancel: () => void }) {
  const report = useReportProblem(id);
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (message.trim().length < 10) {
      // The box that needs more, with its message, rather than a button pushed off the screen.
      setError(completionMessages.problemShort);
      return focusById(`problem-${id}`);
    }
    report.mutate(
      { message: message.trim() },
      {
        onSuccess: () => {
          toast({ title: 'Problem reported', description: 'Our team will contact you within 24 hours. Your payment stays on hold meanwhile.' });
          focusById(AFTERCARE_HEADING);
        },
        onError: (failure) => {
          setError(userMessageOf(failure));
          focusById(`problem-${id}`);
        },
      },
    );
  };
  // Opened by 'Report a problem', which is gone now: the keyboard starts in the box.
  useEffect(() => focusById(`problem-${id}`), [id]);
  return (
    <form onSubmit={submit} noValidate className="mt-4">
      <TextAreaField
        id={`problem-${id}`}
        label="What is wrong with the repair?"
        hint="At least 10 characters. Our team reads every report."
        error={error ?? undefined}
        rows={4}
        maxLength={1000}
        value={message}
        onChange={(event) => setMessage(event.target.value)}
      />
      <div className="mt-3 flex flex-wrap gap-3">
        <Button type="submit" variant="danger" pending={report.isPending}>
          {report.isPending ? 'Sending…' : 'Send the report'}
        </Button>
        <Button
          type="button"
          variant="outline"
          onClick={() => {
            onCancel();
            focusById(AFTERCARE_HEADING);
          }}
        >
          Back
        </Button>
      </div>
    </form>
  );
}

function ReviewForm({ id }: { id: number }) {
  const review = useReviewRepair(id);
  const [rating, setRating] = useState<number | null>(null);
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string | null>(null);
  const firstStar = useRef<HTMLInputElement>(null);
  const errorId = `review-error-${id}`;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (rating === null) {
      setError(completionMessages.rating);
      // To the question left unanswered, which names the error (aria-describedby), not the button.
      firstStar.current?.focus();
      return;
    }
    review.mutate(
      { rating, comment: comment.trim() },
      {
        onSuccess: () => {
          toast({ title: 'Thank you for your review', variant: 'success' });
          focusById(REVIEW_HEADING);
        },
        onError: (failure) => setError(userMessageOf(failure)),
      },
    );
  };
  return (
    <form onSubmit={submit} noValidate className="mt-3">
      <FieldGroup legend="How would you rate the repair?">
        <div className="flex flex-wrap gap-2">
          {[1, 2, 3, 4, 5].map((stars) => (
            <label key={stars} className="flex min-h-11 cursor-pointer items-center gap-2 rounded-md border border-slate-300 px-3 has-[:checked]:border-teal-brand has-[:checked]:bg-teal-50">
              <input
                ref={stars === 1 ? firstStar : undefined}
                type="radio"
                name={`rating-${id}`}
                value={stars}
                checked={rating === stars}
                aria-describedby={error ? errorId : undefined}
                onChange={() => (setRating(stars), setError(null))}
              />
              {stars} {stars === 1 ? 'star' : 'stars'}
            </label>
          ))}
        </div>
      </FieldGroup>
      {error ? (
        <p id={errorId} role="alert" className="mt-2 text-red-800">
          {error}
        </p>
      ) : null}
      <div className="mt-3">
        <TextAreaField id={`review-comment-${id}`} label="Comment (optional)" rows={3} maxLength={1000} value={comment} onChange={(event) => setComment(event.target.value)} />
      </div>
      <Button type="submit" className="mt-3" pending={review.isPending}>
        {review.isPending ? 'Sending…' : 'Submit review'}
      </Button>
    </form>
  );
}

/** Issue 12: once the repair is done: confirm it or report a problem (D14), the warranty (D6), and a review. */
export function AftercarePanel({ appointment }: { appointment: AppointmentView }) {
  const { aftercare } = appointment;
  const confirm = useConfirmCompletion(appointment.id);
  const [reporting, setReporting] = useState(false);
  // Before the repair is done, who is coming is the technician card's (technician-card.tsx, issue 37).
  if (appointment.status !== 'completed') return null;
  const answered = aftercare.confirmedAt ?? aftercare.problemReportedAt;
  return (
    <section aria-labelledby="appointment-aftercare" className={box}>
      <h2 id={AFTERCARE_HEADING} tabIndex={-1} className="text-xl font-bold text-navy-900 focus:outline-none">
        Your repair is done
      </h2>
      <p className="mt-2 text-slate-800">
        {aftercare.technician ?? 'Your technician'} marked the repair as done{aftercare.completedAt ? ` on ${formatLondonDateTime(new Date(aftercare.completedAt))}` : ''}.
      </p>
      {aftercare.afterPhotoIds.length > 0 ? (
        <div className="mt-3">
          <h3 className="text-lg font-bold text-navy-900">Photos of the finished repair</h3>
          <div className="mt-2">
            <PhotoGallery images={aftercare.afterPhotoIds} reference={appointment.reference} noun="After photo" />
          </div>
        </div>
      ) : null}
      {aftercare.warranty ? (
        <p className="mt-2 text-slate-800">
          Your {aftercare.warranty.months}-month warranty on the workmanship runs until <strong>{formatLondonDate(aftercare.warranty.endsDate)}</strong>.
        </p>
      ) : null}
      {aftercare.confirmedAt ? <p className="mt-3 font-semibold text-teal-900">Thank you: you confirmed the repair, and your technician is being paid.</p> : null}
      {aftercare.problemReportedAt ? (
        appointment.paymentStatus === 'refunded' ? (
          <p className="mt-3 font-semibold text-teal-900">You reported a problem, and we have refunded your payment in full. We are sorry it was not right.</p>
        ) : (
          <p className="mt-3 font-semibold text-amber-900">You reported a problem. Our team will contact you; your payment stays on hold meanwhile.</p>
        )
      ) : null}
      {answered ? null : reporting ? (
        <ProblemForm id={appointment.id} onCancel={() => setReporting(false)} />
      ) : (
        <>
          <p className="mt-3 text-slate-800">
            Please check the repair. We hold your payment until you confirm it, or for 72 hours after it was marked done unless you tell us something is wrong.
          </p>
          <div className="mt-3 flex flex-wrap gap-3">
            <ConfirmButton
              title="Confirm the repair is complete?"
              consequence="Your payment is released to the technician, and this cannot be undone: if something is wrong, report a problem instead."
              confirmLabel="Confirm and release payment"
              onConfirm={() =>
                confirm.mutate(undefined, {
                  onSuccess: () => {
                    toast({ title: 'Repair confirmed', description: 'Thank you. Your technician will be paid.', variant: 'success' });
                    focusById(AFTERCARE_HEADING);
                  },
                  onError: (error) => toast({ title: 'Could not confirm the repair', description: userMessageOf(error), variant: 'destructive' }),
                })
              }
              pending={confirm.isPending}
            >
              {confirm.isPending ? 'Confirming…' : 'Confirm the repair is complete'}
            </ConfirmButton>
            <Button variant="outline" onClick={() => setReporting(true)}>
              Report a problem
            </Button>
          </div>
        </>
      )}
      <h3 id={REVIEW_HEADING} tabIndex={-1} className="mt-6 text-lg font-bold text-navy-900 focus:outline-none">
        Your review
      </h3>
      {aftercare.review ? (
        <p className="mt-1 text-slate-800">
          You rated this repair {aftercare.review.rating} out of 5{aftercare.review.comment ? `: “${aftercare.review.comment}”` : '.'}
        </p>
      ) : (
        <ReviewForm id={appointment.id} />
      )}
    </section>
  );
}
