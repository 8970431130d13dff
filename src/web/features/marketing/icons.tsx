// Inline, decorative icons only: screen readers skip them (aria-hidden).
function SolidIcon({ path, className }: { path: string; className: string }) {
  return (
    <svg aria-hidden="true" focusable="false" viewBox="0 0 20 20" fill="currentColor" className={`shrink-0 ${className}`}>
      <path fillRule="evenodd" d={path} clipRule="evenodd" />
    </svg>
  );
}

export function CheckIcon({ className = 'h-5 w-5' }: { className?: string }) {
  return <SolidIcon className={className} path="M16.7 5.3a1 1 0 0 1 0 1.4l-8 8a1 1 0 0 1-1.4 0l-4-4a1 1 0 1 1 1.4-1.4L8 12.6l7.3-7.3a1 1 0 0 1 1.4 0Z" />;
}

export function PinIcon({ className = 'h-4 w-4' }: { className?: string }) {
  return (
    <SolidIcon
      className={className}
      path="M10 2a6 6 0 0 0-6 6c0 4.2 5.2 9.4 5.4 9.6a.8.8 0 0 0 1.2 0C10.8 17.4 16 12.2 16 8a6 6 0 0 0-6-6Zm0 8.5A2.5 2.5 0 1 0 10 5.5a2.5 2.5 0 0 0 0 5Z"
    />
  );
}

/** A list of short claims, each with a tick. */
export function TickList({ items, className = '' }: { items: readonly string[]; className?: string }) {
  return (
    <ul className={`space-y-2 ${className}`}>
      {items.map((item) => (
        <li key={item} className="flex gap-2 text-slate-700">
          <CheckIcon className="mt-0.5 h-5 w-5 text-teal-brand" />
          <span>{item}</span>
        </li>
      ))}
    </ul>
  );
}
