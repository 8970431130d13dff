import { Dialog } from 'radix-ui';
import { useRef, useState } from 'react';
import { NavLink } from 'react-router';
import { cn } from '../../lib/cn';
import { useHelpDialog } from '../help/help-dialog-context';
import { Logo } from './logo';
import { primaryNavLinks } from './nav-links';

const itemClass =
  'flex min-h-12 w-full items-center rounded-md px-3 text-left text-lg font-medium text-navy-900 hover:bg-navy-50';

/** SPEC section 2: on small screens the navigation lives in a side drawer. */
export function MobileNav() {
  const [open, setOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  const leftByLink = useRef(false);
  const { openHelp } = useHelpDialog();

  const followLink = () => {
    leftByLink.current = true;
    setOpen(false);
  };

  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger
        ref={menuButton}
        className="inline-flex size-11 items-center justify-center rounded-md text-navy-900 hover:bg-navy-50 md:hidden"
        aria-label="Open menu"
      >
        <svg aria-hidden="true" viewBox="0 0 24 24" className="size-6" fill="none" stroke="currentColor" strokeWidth="2">
          <path d="M4 6h16M4 12h16M4 18h16" strokeLinecap="round" />
        </svg>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/60 md:hidden" />
        <Dialog.Content
          onCloseAutoFocus={(event) => {
            // After following a link, the new page takes focus instead of the menu button.
            if (leftByLink.current) event.preventDefault();
            leftByLink.current = false;
          }}
          className="fixed inset-y-0 right-0 z-50 flex w-[min(20rem,85vw)] flex-col gap-4 bg-white p-4 shadow-2xl md:hidden"
        >
          <div className="flex items-start justify-between gap-2">
            <Logo onNavigate={followLink} />
            <Dialog.Close
              aria-label="Close menu"
              className="inline-flex size-11 items-center justify-center rounded-md text-2xl text-navy-900 hover:bg-navy-50"
            >
              <span aria-hidden="true">×</span>
            </Dialog.Close>
          </div>
          <Dialog.Title className="sr-only">Menu</Dialog.Title>
          <Dialog.Description className="sr-only">Site pages and help</Dialog.Description>
          <nav aria-label="Mobile">
            <ul className="grid gap-1">
              {primaryNavLinks.map((link) => (
                <li key={link.to}>
                  <NavLink
                    to={link.to}
                    className={({ isActive }) => cn(itemClass, isActive && 'text-teal-brand-dark underline')}
                    onClick={followLink}
                  >
                    {link.label}
                  </NavLink>
                </li>
              ))}
              <li>
                <button
                  type="button"
                  aria-haspopup="dialog"
                  className={itemClass}
                  onClick={() => {
                    leftByLink.current = true;
                    setOpen(false);
                    openHelp(menuButton.current);
                  }}
                >
                  Help &amp; Troubleshooting
                </button>
              </li>
            </ul>
          </nav>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
