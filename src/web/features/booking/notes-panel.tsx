import { useEffect, useState, type FormEvent } from 'react';
import { NOTES_MAX, type AppointmentView } from '../../../shared/api/appointments';
import { formatLondonDate } from '../../../shared/london-time';
import { isLiveAppointment } from '../../../shared/lifecycles/appointment';
import { TextAreaField } from '../../components/form';
import { Button } from '../../components/ui/button';
import { toast } from '../../components/ui/use-toast';
import { userMessageOf } from '../../lib/api';
import { company } from '../../lib/company';
import { focusById } from '../../lib/focus';
import { useUpdateAppointmentNotes } from './api/appointments';

const HEADING = 'appointment-notes';
const FIELD = 'appointment-notes-field';

/** Opened by 'Change notes', which is gone now: the keyboard starts in the box. */
function FocusOnOpen() {
  useEffect(() => focusById(FIELD), []);
  return null;
}

/**
 * The customer's notes for the technician, and changing them until two days before the appointment
 * (issue 33; the server says until when: notesChangeableUntil). The technician reads them once they
 * have accepted the job (D11).
 */
export function NotesPanel({ appointment }: { appointment: AppointmentView }) {
  const [editing, setEditing] = useState(false);
  const [notes, setNotes] = useState(appointment.notes);
  const [error, setError] = useState<string | null>(null);
  const update = useUpdateAppointmentNotes(appointment.id);
  const until = appointment.notesChangeableUntil;
  const live = isLiveAppointment(appointment.status);
  if (!live && appointment.notes === '') return null;

  const save = (event: FormEvent) => {
    event.preventDefault();
    if (notes.trim().length > NOTES_MAX) {
      setError(`Please keep your notes to ${NOTES_MAX} characters or fewer`);
      return focusById(FIELD);
    }
    update.mutate(
      { notes: notes.trim() },
      {
        onSuccess: (saved) => {
          setEditing(false);
          setError(null);
          toast({ title: 'Notes saved', description: saved.status === 'assigned' ? 'Your technician has been sent your new notes.' : 'Your technician will see them once they accept the job.', variant: 'success' });
          focusById(HEADING);
        },
        onError: (failure) => {
          setError(userMessageOf(failure));
          focusById(FIELD);
        },
      },
    );
  };

  return (
    <section aria-labelledby={HEADING} className="rounded-lg border border-slate-200 bg-white p-5">
      <h2 id={HEADING} tabIndex={-1} className="text-xl font-bold text-navy-900 focus:outline-none">
        Notes for your technician
      </h2>
      {editing ? (
        <form onSubmit={save} noValidate className="mt-3">
          <TextAreaField
            id={FIELD}
            label="Notes for the technician"
            hint={`For example where the car will be parked, or a gate code. You can change them until the end of ${until ? formatLondonDate(until) : 'two days before your appointment'}.`}
            error={error ?? undefined}
            value={notes}
            maxLength={NOTES_MAX}
            rows={4}
            onChange={(event) => setNotes(event.target.value)}
          />
          <FocusOnOpen />
          <div className="mt-3 flex flex-wrap gap-3">
            <Button type="submit" pending={update.isPending}>
              {update.isPending ? 'Saving…' : 'Save notes'}
            </Button>
            <Button
              type="button"
              variant="outline"
              onClick={() => {
                setEditing(false);
                setNotes(appointment.notes);
                setError(null);
                focusById(HEADING);
              }}
            >
              Cancel
            </Button>
          </div>
        </form>
      ) : (
        <>
          <p className="mt-2 break-words whitespace-pre-line text-slate-900">{appointment.notes || 'You have not left any notes.'}</p>
          <p className="mt-2 text-sm text-slate-700">Your technician sees these once they have accepted your job.</p>
          {until ? (
            <>
              <p className="mt-2 text-slate-800">You can change them until the end of {formatLondonDate(until)}.</p>
              <Button variant="outline" className="mt-3" onClick={() => (setNotes(appointment.notes), setEditing(true))}>
                {appointment.notes ? 'Change notes' : 'Add notes'}
              </Button>
            </>
          ) : live ? (
            <p className="mt-2 text-slate-800">
              It is too late to change them online. To change them, please ring us on{' '}
              <a href={`tel:${company().supportPhoneE164}`} className="font-semibold text-navy-900 underline">
                {company().supportPhone}
              </a>{' '}
              and we will pass the change to your technician.
            </p>
          ) : null}
        </>
      )}
    </section>
  );
}
