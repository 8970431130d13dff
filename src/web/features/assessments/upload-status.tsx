import { Button } from '../../components/ui/button';
import type { UploadProgress } from './api/create-assessment';
import type { SelectedPhoto } from './use-photo-selection';

function ProgressBar({ value, label, large = false }: { value: number; label: string; large?: boolean }) {
  const percent = Math.round(Math.min(1, Math.max(0, value)) * 100);
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      aria-valuetext={`${percent}%`}
      className={`w-full overflow-hidden rounded-full bg-slate-200 ${large ? 'h-3' : 'h-2'}`}
    >
      <div className="h-full rounded-full bg-teal-brand transition-[width]" style={{ width: `${percent}%` }} />
    </div>
  );
}

const phaseText: Record<UploadProgress['phase'], string> = {
  preparing: 'Preparing your photos…',
  uploading: 'Sending your photos and details…',
  processing: 'Checking your photos…',
};

/** Overall and per-photo progress while the assessment is on its way. */
export function UploadProgressPanel({ progress, photos }: { progress: UploadProgress; photos: readonly SelectedPhoto[] }) {
  const overall = progress.phase === 'processing' ? 1 : progress.overall;
  return (
    <section aria-labelledby="upload-progress-title" className="rounded-lg border border-slate-200 bg-slate-50 p-4">
      <h3 id="upload-progress-title" className="font-semibold text-navy-900">
        {phaseText[progress.phase]}
      </h3>
      <div className="mt-3">
        <ProgressBar value={overall} label="Upload progress, all photos" large />
      </div>
      <ul className="mt-4 grid gap-3">
        {photos.map((photo, index) => (
          <li key={photo.id} className="grid gap-1">
            <span className="truncate text-sm text-slate-800">
              Photo {index + 1}: {photo.file.name}
            </span>
            <ProgressBar value={progress.files[index] ?? 0} label={`Upload progress, photo ${index + 1}: ${photo.file.name}`} />
          </li>
        ))}
      </ul>
    </section>
  );
}

/** A failed submission: the server's reason and a way to send the same attempt again. */
type UploadFailedPanelProps = { message: string; hint?: string | undefined; onRetry: () => void; canRetry: boolean };

export function UploadFailedPanel({ message, hint, onRetry, canRetry }: UploadFailedPanelProps) {
  return (
    <div role="alert" className="rounded-lg border-2 border-red-700 bg-red-50 p-4 text-red-900">
      <h3 className="font-semibold">We could not send your assessment</h3>
      <p className="mt-1">{message}</p>
      {hint ? <p className="mt-1 text-sm">{hint}</p> : null}
      {canRetry ? (
        <>
          <p className="mt-1 text-sm">Nothing you entered is lost. If you try again, you will not be sent two quotes.</p>
          <Button variant="danger" className="mt-3" onClick={onRetry}>
            Try again
          </Button>
        </>
      ) : null}
    </div>
  );
}
