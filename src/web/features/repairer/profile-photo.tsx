import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../components/ui/button';
import { toast } from '../../components/ui/use-toast';
import { userMessageOf } from '../../lib/api';
import { photoFileProblem, photoHelpText, photoRules } from '../../../shared/photo-rules';
import type { ProfileView } from '../../../shared/api/repairer-accounts';
import { usePhoto } from './api/profile';

/**
 * Issue 37 item 3: the photo customers who book them see on their appointment page (and the public
 * profile shows), one at a time; a new one replaces it. Checked here as the customers' photo widget
 * checks (D7's types and size), and again by the server, which judges the bytes.
 */
export function ProfilePhoto({ photo }: { photo: ProfileView['photo'] }) {
  const { upload, remove } = usePhoto();
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | undefined>();
  const inputId = useId();
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = file ? photoFileProblem(file) : 'Please choose a photo to upload.';
    setError(problem ?? undefined);
    if (!file || problem) return;
    upload.mutate(file, {
      onSuccess: () => {
        setFile(null);
        (event.target as HTMLFormElement).reset();
        toast({ title: 'Photo saved', description: 'Customers who book you see it once you accept their job.', variant: 'success' });
      },
      onError: (failure) => setError(userMessageOf(failure)),
    });
  };

  return (
    <div className="grid gap-4 sm:grid-cols-[auto_1fr] sm:items-start">
      {photo ? (
        <img src={photo.url} alt="Your profile photo" width={96} height={96} className="h-24 w-24 rounded-full bg-slate-100 object-cover" />
      ) : (
        <div className="flex h-24 w-24 items-center justify-center rounded-full bg-slate-100 text-center text-sm text-slate-700">No photo yet</div>
      )}
      <form onSubmit={submit} noValidate className="grid gap-3">
        <div>
          <label htmlFor={inputId} className="font-semibold text-slate-900">
            {photo ? 'Replace your photo' : 'Choose a photo'}
          </label>
          <p id={hintId} className="text-sm text-slate-700">
            A clear photo of your face, shown to customers once you accept their job. {photoHelpText}.
          </p>
          <input
            id={inputId}
            type="file"
            accept={photoRules.acceptedMimeTypes.join(',')}
            aria-describedby={error ? `${hintId} ${errorId}` : hintId}
            aria-invalid={error ? true : undefined}
            onChange={(event) => setFile(event.target.files?.[0] ?? null)}
            className="mt-2 block w-full text-slate-900"
          />
          {error ? (
            <p id={errorId} role="alert" className="mt-1 text-sm font-semibold text-red-800">
              {error}
            </p>
          ) : null}
        </div>
        <div className="flex flex-wrap gap-3">
          <Button type="submit" pending={upload.isPending}>
            {upload.isPending ? 'Uploading…' : 'Upload photo'}
          </Button>
          {photo ? (
            <Button
              type="button"
              variant="outline"
              pending={remove.isPending}
              onClick={() =>
                remove.mutate(undefined, {
                  onSuccess: () => toast({ title: 'Photo removed', description: 'Customers no longer see a photo of you.', variant: 'success' }),
                  onError: (failure) => toast({ title: 'Could not remove your photo', description: userMessageOf(failure), variant: 'destructive' }),
                })
              }
            >
              Remove photo
            </Button>
          ) : null}
        </div>
      </form>
    </div>
  );
}
