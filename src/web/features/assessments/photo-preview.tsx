import { useEffect, useId, useState } from 'react';
import { isHeicFile as isHeic, unreadablePhotoMessage, type PhotoReadability } from './prepare-photo';
import type { SelectedPhoto } from './use-photo-selection';

/** An object URL for the file while the component shows it, released afterwards. */
export function useObjectUrl(file: File, enabled: boolean): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!enabled || typeof URL.createObjectURL !== 'function') return;
    const objectUrl = URL.createObjectURL(file);
    setUrl(objectUrl);
    return () => {
      URL.revokeObjectURL(objectUrl);
      setUrl(null);
    };
  }, [file, enabled]);
  return url;
}

function formatSize(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${(bytes / (1024 * 1024)).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

type PhotoPreviewProps = {
  photo: SelectedPhoto;
  position: number;
  onRemove: (id: string) => void;
  disabled?: boolean;
  readability?: PhotoReadability | undefined;
};

export function PhotoPreview({ photo, position, onRemove, disabled, readability }: PhotoPreviewProps) {
  const { file } = photo;
  const problemId = useId();
  const unreadable = readability === 'unreadable';
  // Browsers cannot decode HEIC, so it gets a plain tile; the server converts it (D7).
  const heic = isHeic(file);
  const url = useObjectUrl(file, !heic);
  const [broken, setBroken] = useState(false);
  const showImage = url && !broken && !unreadable;
  return (
    <li
      data-unreadable={unreadable ? 'true' : undefined}
      className={unreadable ? 'relative overflow-hidden rounded-lg border-2 border-red-700 bg-white' : 'relative overflow-hidden rounded-lg border border-slate-300 bg-white'}
    >
      <div className="flex aspect-[4/3] items-center justify-center bg-slate-100">
        {showImage ? (
          <img src={url} alt={`Preview of photo ${position}`} className="size-full object-cover" onError={() => setBroken(true)} />
        ) : (
          <div className="flex flex-col items-center gap-1 p-2 text-center text-slate-700">
            <svg aria-hidden="true" viewBox="0 0 24 24" className="size-8" fill="none" stroke="currentColor" strokeWidth="1.5">
              <rect x="3" y="5" width="18" height="14" rx="2" />
              <circle cx="9" cy="10" r="1.5" />
              <path d="m21 16-5-5-9 8" />
            </svg>
            <span className="text-xs font-semibold uppercase">{heic ? 'HEIC photo' : 'Photo'}</span>
          </div>
        )}
      </div>
      {unreadable ? (
        <p id={problemId} role="alert" className="bg-red-50 px-2 py-1 text-sm font-semibold text-red-800">
          {unreadablePhotoMessage}. Please remove it and choose another.
        </p>
      ) : null}
      <div className="flex items-center gap-2 p-2">
        <div className="min-w-0 flex-1">
          <p className="truncate text-sm font-medium text-slate-900" title={file.name}>
            {file.name}
          </p>
          <p className="text-xs text-slate-700">{formatSize(file.size)}</p>
        </div>
        <button
          type="button"
          onClick={() => onRemove(photo.id)}
          disabled={disabled}
          aria-label={`Remove photo ${position}: ${file.name}`}
          aria-describedby={unreadable ? problemId : undefined}
          className="inline-flex size-11 shrink-0 items-center justify-center rounded-md text-red-700 hover:bg-red-50 disabled:cursor-not-allowed disabled:text-slate-400"
        >
          <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth="2">
            <path d="M6 6l12 12M18 6 6 18" />
          </svg>
        </button>
      </div>
    </li>
  );
}
