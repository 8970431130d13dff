import { Dialog } from 'radix-ui';
import { Button } from './ui/button';

export type PhotoLightboxProps = {
  images: number[];
  reference: string;
  noun: string;
  /** The photo shown (its index), or null once closed. */
  open: number | null;
  show: (index: number) => void;
  onClose: () => void;
  /** Closed, the keyboard goes back to the thumbnail of the photo last shown. */
  returnFocus: () => void;
};

/** PhotoGallery's full-size view, fetched the first time a thumbnail is opened (issue 36). */
export function PhotoLightbox({ images, reference, noun, open, show, onClose, returnFocus }: PhotoLightboxProps) {
  const lower = noun.toLowerCase();
  const current = open === null ? null : images[open];
  return (
    <Dialog.Root open={open !== null} onOpenChange={(isOpen) => !isOpen && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/80" />
        <Dialog.Content
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            returnFocus();
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
