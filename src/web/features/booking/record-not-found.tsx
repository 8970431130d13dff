import type { ReactNode } from 'react';
import { company } from '../../lib/company';
import { NotFoundActions } from '../../components/not-found-message';

/** Missing, or not this visitor's to see (D10): both look the same from here. */
export function RecordNotFound({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="mx-auto max-w-2xl py-8 text-center">
      <h1 className="text-3xl font-bold text-navy-900">{title}</h1>
      <p className="mt-4 text-lg text-slate-800">{children}</p>
      <p className="mt-3 text-slate-700">Need a hand? Call us on {company().supportPhone}.</p>
      <NotFoundActions />
    </div>
  );
}
