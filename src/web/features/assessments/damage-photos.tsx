/** The customer's photos as the server keeps them (D7: re-encoded, readable only with access, D10). */
export function DamagePhotos({ imageIds }: { imageIds: readonly number[] }) {
  if (imageIds.length === 0) return null;
  return (
    <ul aria-label="Your photos" className="grid grid-cols-3 gap-3 sm:grid-cols-4 md:grid-cols-5">
      {imageIds.map((id, index) => (
        <li key={id} className="overflow-hidden rounded-md border border-slate-200 bg-slate-100">
          <img
            src={`/api/images/${id}?size=thumb`}
            alt={`Damage photo ${index + 1}`}
            width={400}
            height={300}
            loading="lazy"
            decoding="async"
            className="aspect-[4/3] h-auto w-full object-cover"
          />
        </li>
      ))}
    </ul>
  );
}
