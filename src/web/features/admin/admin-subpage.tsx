import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** An admin page beside the dashboard (price list, audit log): the way back, its title and what it is for. */
export function AdminSubpage({ title, intro, children }: { title: string; intro: ReactNode; children: ReactNode }) {
  return (
    <div className="mx-auto max-w-6xl px-3 py-8 sm:px-4">
      <p>
        <Link to="/admin" className="font-semibold text-teal-brand-dark underline underline-offset-2">
          Back to the admin dashboard
        </Link>
      </p>
      <h1 className="mt-2 text-3xl font-bold text-navy-900">{title}</h1>
      <p className="mt-2 max-w-3xl text-slate-800">{intro}</p>
      {children}
    </div>
  );
}
