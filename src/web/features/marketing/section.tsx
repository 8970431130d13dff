import type { ReactNode } from 'react';
import { bodyText, container, h1Class, h2Class } from './styles';

interface SectionProps {
  /** Used for the section's id and, with "-heading", its heading's id. */
  id: string;
  title: ReactNode;
  intro?: ReactNode;
  tone?: 'white' | 'muted';
  /** Lets an in-page link or button move focus here after scrolling. */
  focusTarget?: boolean;
  children?: ReactNode;
}

// Landmarks (header, main, footer) come from the site shell; pages are built from
// labelled sections whose h2 sits directly under the page's single h1.
export function Section({ id, title, intro, tone = 'white', focusTarget, children }: SectionProps) {
  const headingId = `${id}-heading`;
  return (
    <section
      id={id}
      aria-labelledby={headingId}
      tabIndex={focusTarget ? -1 : undefined}
      className={`${tone === 'muted' ? 'bg-slate-50' : 'bg-white'} focus:outline-none`}
    >
      <div className={`${container} py-12 sm:py-16`}>
        <h2 id={headingId} className={h2Class}>
          {title}
        </h2>
        {intro ? <div className={`mt-3 max-w-3xl ${bodyText}`}>{intro}</div> : null}
        {children}
      </div>
    </section>
  );
}

/** The top of an inner page: its one h1 and a short lead paragraph. */
export function PageHeader({ title, lead }: { title: ReactNode; lead?: ReactNode }) {
  return (
    <div className="border-b border-slate-200 bg-slate-50">
      <div className={`${container} py-12 sm:py-16`}>
        <h1 className={h1Class}>{title}</h1>
        {lead ? <p className={`mt-4 max-w-3xl text-lg leading-8 text-slate-700`}>{lead}</p> : null}
      </div>
    </div>
  );
}
