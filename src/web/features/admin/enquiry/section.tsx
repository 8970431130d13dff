import type { ReactNode } from 'react';

/** One part of the enquiry page: a heading the keyboard can be sent to (after an action) and its content. */
export function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="mt-8 rounded-lg border border-slate-300 bg-white p-4 shadow-sm sm:p-5">
      <h2 id={id} tabIndex={-1} className="text-xl font-bold text-navy-900 focus:outline-none">
        {title}
      </h2>
      <div className="mt-3">{children}</div>
    </section>
  );
}
