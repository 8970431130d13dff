import { buttonClasses } from '../../components/ui/button';

// Shared class strings for the public pages, in the shell's palette (src/web/styles.css):
// navy for headings and dark surfaces, teal for actions. The focus ring is global
// (:focus-visible), and dark surfaces carry `surface-dark` to swap its colour.
export const container = 'mx-auto w-full max-w-6xl px-4 sm:px-6';

export const primaryButton = buttonClasses('primary', 'lg');

/** For use on a `surface-dark` section. */
export const invertedButton =
  'inline-flex min-h-12 items-center justify-center gap-2 rounded-md bg-white px-6 text-lg font-semibold text-navy-900 transition-colors hover:bg-navy-50';

export const textLink =
  'font-medium text-teal-brand-dark underline underline-offset-2 hover:text-navy-900';

/** A link styled as a bold label, underlined on hover (card titles, phone numbers). */
export const quietLink = 'font-semibold text-teal-brand-dark underline-offset-2 hover:underline';

export const h1Class = 'text-3xl font-bold tracking-tight text-navy-900 sm:text-4xl';
export const h2Class = 'text-2xl font-bold tracking-tight text-navy-900';
export const h3Class = 'text-lg font-semibold text-navy-900';
export const eyebrow = 'text-sm font-semibold uppercase tracking-wide text-teal-brand-dark';
export const bodyText = 'text-base leading-7 text-slate-700';

/** Long-form text (privacy policy, terms): spacing for plain p, ul and ol children. */
export const prose =
  'text-base leading-7 text-slate-700 [&_li]:mt-1 [&_ol]:mt-3 [&_ol]:list-decimal [&_ol]:pl-6 [&_p]:mt-3 [&_ul]:mt-3 [&_ul]:list-disc [&_ul]:pl-6';
