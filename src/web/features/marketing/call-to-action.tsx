import type { ReactNode } from 'react';
import { AppLink } from '../../components/navigation/app-link';
import { container, invertedButton } from './styles';

interface CallToActionProps {
  id?: string;
  title?: ReactNode;
  text?: ReactNode;
  linkText?: string;
}

// SPEC points calls to action at /quote; the quote starts with the assessment wizard.
export function CallToAction({
  id = 'get-started',
  title = 'Get your free quote',
  text = 'Upload a few photos of the damage and we will e-mail you a price. There is nothing to pay until you book.',
  linkText = 'Start free assessment',
}: CallToActionProps) {
  const headingId = `${id}-heading`;
  return (
    <section id={id} aria-labelledby={headingId} className="surface-dark bg-teal-brand-dark text-white">
      <div className={`${container} flex flex-col gap-6 py-12 sm:py-16 md:flex-row md:items-center md:justify-between`}>
        <div className="max-w-2xl">
          <h2 id={headingId} className="text-2xl font-bold tracking-tight">
            {title}
          </h2>
          <p className="mt-3 text-lg leading-8 text-slate-100">{text}</p>
        </div>
        <AppLink to="/assessment" className={invertedButton}>
          {linkText}
        </AppLink>
      </div>
    </section>
  );
}
