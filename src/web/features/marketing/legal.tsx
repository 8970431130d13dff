import type { ReactNode } from 'react';
import { AppLink } from '../../components/navigation/app-link';
import { container, h2Class, prose, textLink } from './styles';

/** One numbered part of the privacy policy or terms: an h2 and plain long-form text. */
export function LegalSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  const headingId = `${id}-heading`;
  return (
    <section id={id} aria-labelledby={headingId} className="border-t border-slate-200 pt-8">
      <h2 id={headingId} className={h2Class}>
        {title}
      </h2>
      <div className={prose}>{children}</div>
    </section>
  );
}

/** A table of contents for the sections below it. */
export function LegalContents({ sections }: { sections: readonly { id: string; title: string }[] }) {
  return (
    <nav aria-label="On this page" className="rounded-lg bg-slate-50 p-5">
      <p className="font-semibold text-navy-900">On this page</p>
      <ol className="mt-2 list-decimal space-y-1 pl-6 text-slate-700">
        {sections.map((section) => (
          <li key={section.id}>
            <a href={`#${section.id}`} className={textLink}>
              {section.title}
            </a>
          </li>
        ))}
      </ol>
    </nav>
  );
}

export function LegalBody({ children }: { children: ReactNode }) {
  return <div className={`${container} max-w-3xl space-y-8 py-12`}>{children}</div>;
}

export function BackToHome() {
  return (
    <p className="border-t border-slate-200 pt-8">
      <AppLink to="/" className={textLink}>
        Back to home
      </AppLink>
    </p>
  );
}
