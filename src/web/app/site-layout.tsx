import type { ReactNode } from 'react';
import { CookieBanner } from '../components/cookie-banner';
import { HelpDialogProvider } from '../components/help/help-dialog-context';
import { HelpDialogOnDemand } from '../components/help/help-dialog-on-demand';
import { Footer } from '../components/layout/footer';
import { Header } from '../components/layout/header';
import { ToasterOnDemand } from '../components/ui/toaster-on-demand';

/**
 * The site-wide frame of SPEC section 2 around a page: skip link, header, main, footer,
 * cookie banner, help guide (fetched when first opened) and toaster. The app's root layout
 * and the prerendered public pages share it, so both render the same markup. Public pages
 * raise no toasts, so theirs is fetched on first use; the app passes the Radix toaster itself.
 */
export function SiteLayout({
  top,
  toaster = <ToasterOnDemand />,
  children,
}: {
  top?: ReactNode;
  toaster?: ReactNode;
  children: ReactNode;
}) {
  return (
    <HelpDialogProvider>
      <div className="flex min-h-dvh flex-col">
        <a
          href="#main-content"
          className="sr-only z-50 rounded-md bg-navy-900 px-4 py-3 font-semibold text-white focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
        >
          Skip to main content
        </a>
        {top}
        <Header />
        <main id="main-content" tabIndex={-1} className="flex-1 focus:outline-none">
          {children}
        </main>
        <Footer />
      </div>
      <CookieBanner />
      {toaster}
      <HelpDialogOnDemand />
    </HelpDialogProvider>
  );
}
