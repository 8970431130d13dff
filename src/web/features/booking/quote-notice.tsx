import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { buttonClasses } from '../../components/ui/button';

const tones = {
  warning: 'border-amber-700 bg-amber-50',
  done: 'border-teal-brand bg-teal-50',
} as const;

/** A page that has nothing to do for this quote (not bookable, already paid): why, and the way back to it. */
export function QuoteNotice({ title, tone, assessmentId, children }: { title: string; tone: keyof typeof tones; assessmentId: number; children: ReactNode }) {
  return (
    <div className="mx-auto grid max-w-2xl gap-4 py-8 text-center">
      <h1 className="text-3xl font-bold text-navy-900">{title}</h1>
      <p role="status" className={`rounded-md border p-4 text-lg text-slate-900 ${tones[tone]}`}>
        {children}
      </p>
      <div>
        <Link to={`/quote/${assessmentId}`} className={buttonClasses('primary')}>
          Back to your quote
        </Link>
      </div>
    </div>
  );
}
