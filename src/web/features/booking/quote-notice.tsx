import type { ReactNode } from 'react';
import { Link } from '../../components/navigation/router';
import { buttonClasses } from '../../components/ui/button';

const tones = {
  warning: 'border-amber-700 bg-amber-50',
  done: 'border-teal-brand bg-teal-50',
} as const;

type Props = {
  title: string;
  tone: keyof typeof tones;
  assessmentId: number;
  /** Where to go on from here (an already paid booking's confirmation), before the way back to the quote. */
  next?: { to: string; label: string } | undefined;
  children: ReactNode;
};

/** A page that has nothing to do for this quote (not bookable, already paid): why, and the way back to it. */
export function QuoteNotice({ title, tone, assessmentId, next, children }: Props) {
  return (
    <div className="mx-auto grid max-w-2xl gap-4 py-8 text-center">
      <h1 className="text-3xl font-bold text-navy-900">{title}</h1>
      <p role="status" className={`rounded-md border p-4 text-lg text-slate-900 ${tones[tone]}`}>
        {children}
      </p>
      <div className="flex flex-wrap justify-center gap-3">
        {next ? (
          <Link to={next.to} className={buttonClasses('primary')}>
            {next.label}
          </Link>
        ) : null}
        <Link to={`/quote/${assessmentId}`} className={buttonClasses(next ? 'outline' : 'primary')}>
          Back to your quote
        </Link>
      </div>
    </div>
  );
}
