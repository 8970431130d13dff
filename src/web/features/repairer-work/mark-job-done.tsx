import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../components/ui/button';
import { toast } from '../../components/ui/use-toast';
import { userMessageOf } from '../../lib/api';
import { focusOnMount } from '../../lib/focus';
import { photoFileProblem, photoHelpText, photoRules, tooManyPhotosMessage } from '../../../shared/photo-rules';
import { londonDateOf } from '../../../shared/london-time';
import { useMarkJobDoneWithPhotos } from './api/mark-job-done';

/** What is wrong with the chosen after photos, or null: the intake's rules (up to 10; JPG, PNG, WebP or HEIC; 10 MB each). */
export function afterPhotosProblem(files: readonly { name: string; type: string; size: number }[]): string | null {
  if (files.length > photoRules.maxFiles) return tooManyPhotosMessage;
  for (const [index, file] of files.entries()) {
    const problem = photoFileProblem(file, file.name || `Photo ${index + 1}`);
    if (problem) return problem;
  }
  return null;
}

/**
 * Issue 12: the assigned repairer marks a job done, optionally with photos of the finished repair.
 * The server allows it on or after the appointment's day (Europe/London); given `appointmentDate`,
 * the button says so before then. The customer is then e-mailed to confirm the repair.
 */
export function MarkJobDone({ appointmentId, appointmentDate, onDone }: { appointmentId: number; appointmentDate?: string; onDone?: () => void }) {
  const markDone = useMarkJobDoneWithPhotos(appointmentId);
  const inputId = useId();
  const hintId = useId();
  const errorId = useId();
  const [open, setOpen] = useState(false);
  const [photos, setPhotos] = useState<File[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);

  if (done) {
    return (
      <p role="status" className="font-semibold text-teal-900">
        Marked as done. We have asked the customer to confirm the repair; you are paid once they do, or 72 hours later if they report no problem.
      </p>
    );
  }
  const due = appointmentDate === undefined || appointmentDate <= londonDateOf(new Date());
  if (!due) return <p className="text-sm text-slate-800">You can mark this job done on the day of the appointment.</p>;
  if (!open) {
    return (
      <Button variant="outline" onClick={() => setOpen(true)}>
        Mark the job as done
      </Button>
    );
  }

  const choose = (files: File[]) => {
    setPhotos(files);
    setError(afterPhotosProblem(files));
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = afterPhotosProblem(photos);
    if (problem) return setError(problem);
    markDone.mutate(photos, {
      onSuccess: () => {
        setDone(true);
        toast({ title: 'Job marked as done', description: 'We have asked the customer to confirm the repair.', variant: 'success' });
        onDone?.();
      },
      onError: (failure) => setError(userMessageOf(failure)),
    });
  };

  return (
    <form onSubmit={submit} noValidate className="w-full rounded-md border border-slate-200 bg-slate-50 p-3" aria-label="Mark the job as done">
      <label htmlFor={inputId} className="block font-semibold text-navy-900">
        Photos of the finished repair (optional)
      </label>
      <p id={hintId} className="text-sm text-slate-700">
        Up to {photoRules.maxFiles} photos: {photoHelpText}. The customer sees them with the repair.
      </p>
      <input
        ref={focusOnMount}
        id={inputId}
        type="file"
        multiple
        accept={[...photoRules.acceptedMimeTypes, ...photoRules.acceptedExtensions].join(',')}
        aria-describedby={error ? `${hintId} ${errorId}` : hintId}
        aria-invalid={error ? true : undefined}
        className="mt-2 block w-full text-sm"
        onChange={(event) => choose(Array.from(event.target.files ?? []))}
      />
      {photos.length > 0 ? (
        <p className="mt-1 text-sm text-slate-800">
          {photos.length} {photos.length === 1 ? 'photo' : 'photos'} chosen
        </p>
      ) : null}
      {error ? (
        <p id={errorId} role="alert" className="mt-2 text-red-800">
          {error}
        </p>
      ) : null}
      <div className="mt-3 flex flex-wrap gap-2">
        <Button type="submit" pending={markDone.isPending}>
          {markDone.isPending ? 'Saving…' : 'Mark as done'}
        </Button>
        <Button
          type="button"
          variant="outline"
          onClick={() => {
            setOpen(false);
            setPhotos([]);
            setError(null);
          }}
        >
          Cancel
        </Button>
      </div>
    </form>
  );
}
