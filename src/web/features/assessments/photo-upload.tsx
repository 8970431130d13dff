import { useEffect, useId, useRef, useState, type DragEvent } from 'react';
import { photoRules } from '../../../shared/photo-rules';
import { buttonClasses } from '../../components/ui/button';
import { cn } from '../../lib/cn';
import type { Readability, SelectedPhoto } from './use-photo-selection';
import { PhotoPreview } from './photo-preview';

// SPEC's text with WebP added (D7).
export const photoSupportText = 'Support: JPG, PNG, WebP, HEIC up to 10MB each';
const accept = [...photoRules.acceptedMimeTypes, '.heic', '.heif'].join(',');

type PhotoUploadProps = {
  photos: readonly SelectedPhoto[];
  problems: readonly string[];
  onAdd: (files: File[]) => void;
  onRemove: (id: string) => void;
  /** While a submission is on its way, the selection cannot change. */
  locked?: boolean;
  /** Whether each photo (by id) is one the browser can read; unreadable ones are flagged on their tile. */
  readability?: Readability;
};

const hasFiles = (event: DragEvent) => Array.from(event.dataTransfer.types).includes('Files');

/** A file dropped outside the drop zone would open in the tab and lose what was typed. */
function useGuardAgainstStrayDrops() {
  useEffect(() => {
    const guard = (event: globalThis.DragEvent) => {
      if (event.dataTransfer && Array.from(event.dataTransfer.types).includes('Files')) event.preventDefault();
    };
    window.addEventListener('dragover', guard);
    window.addEventListener('drop', guard);
    return () => {
      window.removeEventListener('dragover', guard);
      window.removeEventListener('drop', guard);
    };
  }, []);
}

export function PhotoUpload({ photos, problems, onAdd, onRemove, locked = false, readability = {} }: PhotoUploadProps) {
  const inputId = useId();
  const helpId = useId();
  const counterId = useId();
  const [dragActive, setDragActive] = useState(false);
  const dragDepth = useRef(0);
  const list = useRef<HTMLUListElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const full = photos.length >= photoRules.maxFiles;
  const disabled = full || locked;
  useGuardAgainstStrayDrops();

  // The remove button pressed goes with its photo: the keyboard moves to the photo now in its
  // place, else the one before it, else the button that adds photos.
  const remove = (id: string) => {
    const index = photos.findIndex((photo) => photo.id === id);
    onRemove(id);
    requestAnimationFrame(() => {
      const buttons = list.current?.querySelectorAll<HTMLButtonElement>('button[aria-label^="Remove photo"]') ?? [];
      (buttons[Math.min(index, buttons.length - 1)] ?? input.current)?.focus();
    });
  };

  const endDrag = () => {
    dragDepth.current = 0;
    setDragActive(false);
  };
  const dragHandlers = {
    onDragEnter: (event: DragEvent) => {
      if (!hasFiles(event)) return;
      event.preventDefault();
      dragDepth.current += 1;
      if (!disabled) setDragActive(true);
    },
    onDragOver: (event: DragEvent) => {
      if (!hasFiles(event)) return;
      event.preventDefault();
      event.dataTransfer.dropEffect = disabled ? 'none' : 'copy';
    },
    onDragLeave: () => {
      dragDepth.current = Math.max(0, dragDepth.current - 1);
      if (dragDepth.current === 0) setDragActive(false);
    },
    onDrop: (event: DragEvent) => {
      event.preventDefault();
      endDrag();
      if (!disabled && event.dataTransfer.files.length > 0) onAdd(Array.from(event.dataTransfer.files));
    },
  };

  return (
    <div>
      <div
        {...dragHandlers}
        role="group"
        aria-label="Add photos"
        data-drag-active={dragActive ? 'true' : undefined}
        data-disabled={disabled ? 'true' : undefined}
        className={cn(
          'flex flex-col items-center gap-3 rounded-xl border-2 border-dashed px-4 py-8 text-center transition-colors',
          dragActive ? 'border-teal-brand bg-teal-50' : 'border-slate-400 bg-slate-50',
          disabled && 'border-slate-300 bg-slate-100',
        )}
      >
        <svg aria-hidden="true" viewBox="0 0 24 24" className="size-10 text-teal-brand-dark" fill="none" stroke="currentColor" strokeWidth="1.5">
          <path d="M12 16V4m0 0-4 4m4-4 4 4M4 16v2a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-2" />
        </svg>
        <p className="text-lg font-semibold text-navy-900">
          {full
            ? 'You have added the most photos we can take'
            : dragActive
              ? 'Drop your photos to add them'
              : 'Drag and drop photos of the damage here'}
        </p>
        <input
          ref={input}
          id={inputId}
          type="file"
          multiple
          accept={accept}
          disabled={disabled}
          aria-describedby={`${helpId} ${counterId}`}
          className="peer sr-only"
          onChange={(event) => {
            const files = Array.from(event.target.files ?? []);
            event.target.value = ''; // so choosing the same file again still fires
            if (files.length > 0) onAdd(files);
          }}
        />
        <label
          htmlFor={inputId}
          className={cn(
            buttonClasses('primary'),
            'cursor-pointer peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-teal-brand',
            'peer-disabled:cursor-not-allowed peer-disabled:bg-slate-500',
          )}
        >
          {photos.length > 0 ? 'Add more photos' : 'Choose photos'}
        </label>
        <p id={helpId} className="text-sm text-slate-700">
          {photoSupportText}
        </p>
        {full ? <p className="text-sm text-slate-700">Remove a photo to add a different one.</p> : null}
        <p id={counterId} aria-live="polite" className="text-sm font-semibold text-slate-900">
          {photos.length}/{photoRules.maxFiles} files selected
        </p>
      </div>

      {problems.length > 0 ? (
        <div role="alert" className="mt-4 rounded-md border border-red-700 bg-red-50 p-3 text-sm text-red-900">
          <p className="font-semibold">Some files were not added:</p>
          <ul className="mt-1 list-disc pl-5">
            {problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        </div>
      ) : null}

      {photos.length > 0 ? (
        <ul ref={list} aria-label="Chosen photos" className="mt-6 grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4">
          {photos.map((photo, index) => (
            <PhotoPreview
              key={photo.id}
              photo={photo}
              position={index + 1}
              onRemove={remove}
              disabled={locked}
              readability={readability[photo.id]}
            />
          ))}
        </ul>
      ) : null}
    </div>
  );
}
