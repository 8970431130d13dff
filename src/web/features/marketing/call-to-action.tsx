import type { ReactNode } from 'react';
import { AppLink } from '../../components/navigation/app-link';
import { container, invertedButton } from './styles';

interface CallToActionProps {
  id?: string;
  title?: ReactNode;
  text?: ReactNode;
  linkText?: string;
}

// SPEC points the services and about pages' calls to action at /quote, which leads to the
// assessment wizard where a quote starts (redirectPaths in src/shared/routes.ts).
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
        <AppLink to="/quote" className={invertedButton}>
          {linkText}
        </AppLink>
      </div>
    </section>
  );
}
