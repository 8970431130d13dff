import type { RepairerJob } from '../../../shared/api/repairer-jobs';
import { isOpenOffer } from './job-format';

/** "The customer left notes for you: you'll see them once you accept." (D11: their words only once accepted, issue 33). */
export const notesOnceAccepted = 'The customer left notes for you: you’ll see them once you accept.';

/**
 * The customer's notes for the technician in the job panel: their words once the job is theirs
 * (the server sends them to the repairer who holds it only), before that a sentence saying there
 * are some. Nothing for a job that is not theirs.
 */
export function CustomerNotes({ job }: { job: RepairerJob }) {
  const appointment = job.appointment;
  if (!appointment) return null;
  if (appointment.notes !== undefined) {
    return (
      <section aria-labelledby={`job-${job.id}-notes`} className="mt-5">
        <h3 id={`job-${job.id}-notes`} className="font-bold text-navy-900">
          Notes from the customer
        </h3>
        {appointment.notes.trim() === '' ? (
          <p className="mt-1 text-slate-800">The customer left no notes.</p>
        ) : (
          <p className="mt-1 rounded-md border border-teal-200 bg-teal-50 p-3 break-words whitespace-pre-line text-slate-900">{appointment.notes}</p>
        )}
      </section>
    );
  }
  if (!appointment.hasNotes || !isOpenOffer(job)) return null;
  return <p className="mt-3 rounded-md border border-slate-200 bg-slate-50 p-3 text-sm text-slate-800">{notesOnceAccepted}</p>;
}

/** The same on a job's card, in one line (the card is a button: phrasing content only). */
export function CustomerNotesLine({ job }: { job: RepairerJob }) {
  const appointment = job.appointment;
  if (appointment?.notes !== undefined && appointment.notes.trim() !== '') {
    return (
      <span className="mt-1 line-clamp-2 block text-sm text-slate-800">
        <span className="font-semibold">Customer’s notes:</span> {appointment.notes}
      </span>
    );
  }
  if (appointment?.hasNotes && appointment.notes === undefined && isOpenOffer(job)) return <span className="mt-1 block text-sm text-slate-700">{notesOnceAccepted}</span>;
  return null;
}
