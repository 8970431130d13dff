import { Dialog } from 'radix-ui';
import { useRef, useState } from 'react';
import { Button } from './ui/button';

/**
 * Photos as thumbnails; each opens full size in a dialog (Escape closes, focus returns to the
 * thumbnail of the photo last shown: one dialog serves them all, so Radix's own return would go to
 * whichever thumbnail registered last).
 * `noun` names them: the customer's damage photos by default, or e.g. the technician's after photos.
 */
export function PhotoGallery({ images, reference, noun = 'Damage photo' }: { images: number[]; reference: string; noun?: string }) {
  const lower = noun.toLowerCase();
  const [open, setOpen] = useState<number | null>(null);
  const thumbnails = useRef<(HTMLButtonElement | null)[]>([]);
  const shown = useRef(0);
  const show = (index: number) => {
    shown.current = index;
    setOpen(index);
  };
  if (images.length === 0) return <p className="text-sm text-slate-700">No photos.</p>;
  const current = open === null ? null : images[open];
  return (
    <Dialog.Root open={open !== null} onOpenChange={(isOpen) => !isOpen && setOpen(null)}>
      <ul className="flex flex-wrap gap-2" aria-label={`${noun}s for ${reference}`}>
        {images.map((id, index) => (
          <li key={id}>
            <button
              ref={(element) => {
                thumbnails.current[index] = element;
              }}
              type="button"
              aria-haspopup="dialog"
              onClick={() => show(index)}
              className="block overflow-hidden rounded-md border border-slate-300 hover:border-teal-brand"
            >
              <img src={`/api/images/${id}?size=thumb`} alt={`${noun} ${index + 1} of ${images.length}: open full size`} width={96} height={96} loading="lazy" className="size-24 object-cover" />
            </button>
          </li>
        ))}
      </ul>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/80" />
        <Dialog.Content
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            thumbnails.current[shown.current]?.focus();
          }}
          className="fixed top-1/2 left-1/2 z-50 flex max-h-[95vh] w-[calc(100%-1rem)] max-w-4xl -translate-x-1/2 -translate-y-1/2 flex-col gap-3 rounded-xl bg-white p-4 shadow-2xl">
          <Dialog.Title className="text-lg font-bold text-navy-900">
            {reference}: {lower} {open === null ? '' : open + 1} of {images.length}
          </Dialog.Title>
          <Dialog.Description className="sr-only">The photo at full size.</Dialog.Description>
          {current !== undefined && current !== null ? (
            <img src={`/api/images/${current}`} alt={`${noun} ${(open ?? 0) + 1} of ${images.length}, full size`} className="max-h-[70vh] w-full object-contain" />
          ) : null}
          <div className="flex flex-wrap justify-between gap-2">
            <div className="flex gap-2">
              <Button variant="outline" size="sm" disabled={open === 0} onClick={() => show(Math.max(0, (open ?? 0) - 1))}>
                Previous photo
              </Button>
              <Button variant="outline" size="sm" disabled={open === images.length - 1} onClick={() => show(Math.min(images.length - 1, (open ?? 0) + 1))}>
                Next photo
              </Button>
            </div>
            <Dialog.Close asChild>
              <Button variant="secondary" size="sm">
                Close
              </Button>
            </Dialog.Close>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
