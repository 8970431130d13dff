import { useRef, useState } from 'react';
import { onDemand } from './on-demand';

// The full-size view (Radix's Dialog) is fetched the first time a thumbnail is opened, so a
// screen with photos (the customer's appointment page) shows without it (issue 36).
const PhotoLightbox = onDemand(async () => (await import('./photo-lightbox')).PhotoLightbox);

/**
 * Photos as thumbnails; each opens full size in a dialog (Escape closes, focus returns to the
 * thumbnail of the photo last shown: one dialog serves them all, so Radix's own return would go to
 * whichever thumbnail registered last).
 * `noun` names them: the customer's damage photos by default, or e.g. the technician's after photos.
 */
export function PhotoGallery({ images, reference, noun = 'Damage photo' }: { images: number[]; reference: string; noun?: string }) {
  const [open, setOpen] = useState<number | null>(null);
  // Mounted from the first opening on, so it closes (and returns focus) as a dialog does.
  const [asked, setAsked] = useState(false);
  const thumbnails = useRef<(HTMLButtonElement | null)[]>([]);
  const shown = useRef(0);
  const show = (index: number) => {
    shown.current = index;
    setAsked(true);
    setOpen(index);
  };
  if (images.length === 0) return <p className="text-sm text-slate-700">No photos.</p>;
  return (
    <>
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
      {asked ? (
        <PhotoLightbox
          images={images}
          reference={reference}
          noun={noun}
          open={open}
          show={show}
          onClose={() => setOpen(null)}
          returnFocus={() => thumbnails.current[shown.current]?.focus()}
        />
      ) : null}
    </>
  );
}
