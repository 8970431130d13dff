import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { buttonClasses } from './ui/button';

type ScreenNotReadyProps = {
  title: string;
  /** What the screen will do once it is built. */
  children: ReactNode;
};

/** A stand-in for a screen whose work has not landed yet. */
export function ScreenNotReady({ title, children }: ScreenNotReadyProps) {
  return (
    <div className="mx-auto max-w-2xl px-4 py-16">
      <h1 className="text-3xl font-bold text-navy-900">{title}</h1>
      <div className="mt-4 space-y-3 text-lg text-slate-800">{children}</div>
      <p className="mt-4 rounded-md border border-amber-300 bg-amber-50 p-3 text-amber-950">
        This screen is not available yet. Please check back soon.
      </p>
      <Link to="/" className={`${buttonClasses('primary')} mt-8`}>
        Back to the home page
      </Link>
    </div>
  );
}
