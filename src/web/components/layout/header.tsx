import { cn } from '../../lib/cn';
import { useHelpDialog } from '../help/help-dialog-context';
import { preloadHelpDialog } from '../help/help-dialog-on-demand';
import { AppNavLink } from '../navigation/app-link';
import { Button } from '../ui/button';
import { Logo } from './logo';
import { MobileNav } from './mobile-nav';
import { primaryNavLinks } from './nav-links';

/**
 * SPEC section 2. Fixed height, and no layout that depends on JavaScript, so nothing shifts.
 * The skip link is its first stop: inside the header's landmark, because the cookie banner, with
 * its privacy policy link, now comes before it in the page (issue 33), and a link outside every
 * landmark that follows another link is not a skip link but stray content (axe's region rule).
 */
export function Header() {
  const { openHelp } = useHelpDialog();

  return (
    <header className="sticky top-0 z-30 h-16 border-b border-slate-200 bg-white/95 backdrop-blur">
      <a
        id="skip-link"
        href="#main-content"
        className="sr-only z-50 rounded-md bg-navy-900 px-4 py-3 font-semibold text-white focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to main content
      </a>
      <div className="mx-auto flex h-full max-w-6xl items-center justify-between gap-4 px-4">
        <Logo />
        <nav aria-label="Main" className="hidden md:block">
          <ul className="flex items-center gap-1">
            {primaryNavLinks.map((link) => (
              <li key={link.to}>
                <AppNavLink
                  to={link.to}
                  className={({ isActive }) =>
                    cn(
                      'inline-flex min-h-11 items-center rounded-md px-3 font-medium hover:bg-navy-50',
                      isActive ? 'text-teal-brand-dark underline underline-offset-8' : 'text-navy-900',
                    )
                  }
                >
                  {link.label}
                </AppNavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="flex items-center gap-2">
          <Button
            variant="outline"
            size="sm"
            className="max-md:hidden"
            aria-haspopup="dialog"
            onClick={(event) => openHelp(event.currentTarget)}
            onPointerEnter={preloadHelpDialog}
            onFocus={preloadHelpDialog}
          >
            Help
          </Button>
          <MobileNav />
        </div>
      </div>
    </header>
  );
}
