import { useId, useLayoutEffect, useRef, useState } from 'react';
import { cn } from '../../lib/cn';
import { useHelpDialog } from '../help/help-dialog-context';
import { preloadHelpDialog } from '../help/help-dialog-on-demand';
import { AppNavLink } from '../navigation/app-link';
import { Logo } from './logo';
import { primaryNavLinks } from './nav-links';

const itemClass =
  'flex min-h-12 w-full items-center rounded-md px-3 text-left text-lg font-medium text-navy-900 hover:bg-navy-50';

type CloseReason = 'dismiss' | 'link';

/**
 * SPEC section 2: on small screens the navigation lives in a side drawer. A native modal
 * <dialog> gives the focus containment, inert page behind it and Escape handling without
 * shipping a dialog library on every page.
 */
export function MobileNav() {
  const [open, setOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  const { openHelp } = useHelpDialog();

  const close = (reason: CloseReason) => {
    setOpen(false);
    // After following a link, the new page takes focus instead of the menu button.
    if (reason === 'dismiss') menuButton.current?.focus();
  };

  return (
    <>
      <button
        ref={menuButton}
        type="button"
        aria-label="Open menu"
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => setOpen(true)}
        className="inline-flex size-11 items-center justify-center rounded-md text-navy-900 hover:bg-navy-50 md:hidden"
      >
        <svg aria-hidden="true" viewBox="0 0 24 24" className="size-6" fill="none" stroke="currentColor" strokeWidth="2">
          <path d="M4 6h16M4 12h16M4 18h16" strokeLinecap="round" />
        </svg>
      </button>
      {open ? (
        <MenuDrawer
          onClose={close}
          onHelp={() => {
            setOpen(false);
            openHelp(menuButton.current);
          }}
        />
      ) : null}
    </>
  );
}

function MenuDrawer({ onClose, onHelp }: { onClose: (reason: CloseReason) => void; onHelp: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();
  const onCloseRef = useRef(onClose);
  useLayoutEffect(() => {
    onCloseRef.current = onClose;
  });

  useLayoutEffect(() => {
    const element = dialog.current;
    if (!element) return;
    // showModal puts the drawer in the top layer and makes the page behind it inert.
    if (typeof element.showModal === 'function') {
      if (!element.open) element.showModal();
    } else {
      element.setAttribute('open', '');
    }
    const root = document.documentElement;
    const overflow = root.style.overflow;
    root.style.overflow = 'hidden';
    // The drawer is hidden from the md breakpoint up; a modal nobody can see must not stay open.
    const wide = window.matchMedia?.('(min-width: 48rem)');
    const onWide = () => {
      if (wide?.matches) onCloseRef.current('dismiss');
    };
    wide?.addEventListener?.('change', onWide);
    return () => {
      wide?.removeEventListener?.('change', onWide);
      root.style.overflow = overflow;
      if (typeof element.close === 'function' && element.open) element.close();
    };
  }, []);

  return (
    <dialog
      ref={dialog}
      aria-labelledby={titleId}
      aria-describedby={descriptionId}
      onCancel={(event) => {
        event.preventDefault();
        onClose('dismiss');
      }}
      // A click on the dialog element itself (not its content) is a click on the backdrop.
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose('dismiss');
      }}
      className="fixed inset-y-0 right-0 left-auto m-0 h-dvh max-h-none w-[min(20rem,85vw)] max-w-none overflow-y-auto bg-white p-0 shadow-2xl backdrop:bg-slate-900/60 md:hidden"
    >
      <div className="flex min-h-full flex-col gap-4 p-4">
        <div className="flex items-start justify-between gap-2">
          <Logo onNavigate={() => onClose('link')} />
          <button
            type="button"
            aria-label="Close menu"
            onClick={() => onClose('dismiss')}
            className="inline-flex size-11 items-center justify-center rounded-md text-2xl text-navy-900 hover:bg-navy-50"
          >
            <span aria-hidden="true">×</span>
          </button>
        </div>
        <h2 id={titleId} className="sr-only">
          Menu
        </h2>
        <p id={descriptionId} className="sr-only">
          Site pages and help
        </p>
        <nav aria-label="Mobile">
          <ul className="grid gap-1">
            {primaryNavLinks.map((link) => (
              <li key={link.to}>
                <AppNavLink
                  to={link.to}
                  className={({ isActive }) => cn(itemClass, isActive && 'text-teal-brand-dark underline')}
                  onClick={() => onClose('link')}
                >
                  {link.label}
                </AppNavLink>
              </li>
            ))}
            <li>
              <button
                type="button"
                aria-haspopup="dialog"
                className={itemClass}
                onPointerEnter={preloadHelpDialog}
                onFocus={preloadHelpDialog}
                onClick={onHelp}
              >
                Help &amp; Troubleshooting
              </button>
            </li>
          </ul>
        </nav>
      </div>
    </dialog>
  );
}
