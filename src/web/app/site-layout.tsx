import type { ReactNode } from 'react';
import { CookieBanner } from '../components/cookie-banner';
import { HelpDialogProvider } from '../components/help/help-dialog-context';
import { HelpDialogOnDemand } from '../components/help/help-dialog-on-demand';
import { Footer } from '../components/layout/footer';
import { Header } from '../components/layout/header';
import { ToasterOnDemand } from '../components/ui/toaster-on-demand';

/**
 * The site-wide frame of SPEC section 2 around a page: cookie banner, header (skip link first),
 * main, footer, help guide and toaster (both fetched when first used). The app's root layout
 * and the prerendered public pages share it, so both render the same markup. The Radix toaster
 * (11 KiB gzipped with the Radix parts only it uses) is fetched when the first toast is raised,
 * so no screen loads it before it shows (issue 36).
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
      {/* First in the page, before the skip link (the header's first stop), as GOV.UK's is: a
          keyboard user answers it before anything else (issue 33). It is drawn fixed at the
          window's foot all the same. */}
      <CookieBanner />
      <div className="flex min-h-dvh flex-col">
        {top}
        <Header />
        <main id="main-content" tabIndex={-1} className="flex-1 focus:outline-none">
          {children}
        </main>
        <Footer />
      </div>
      {toaster}
      <HelpDialogOnDemand />
    </HelpDialogProvider>
  );
}
