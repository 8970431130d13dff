import { AlertDialog } from 'radix-ui';
import type { ReactNode, RefObject } from 'react';
import { focusById } from '../../lib/focus';

/**
 * A confirmation's window (Radix's AlertDialog, inside its Root): the overlay, the centred panel,
 * its title and what the action does, then `children` (its buttons or form). `handOff`: once the
 * action is done (`done.current`), closing hands the keyboard to `focusId`, because the action took
 * away the button that opened it; kept, the keyboard goes back to that button, as Radix does.
 */
export function ConfirmDialogContent({
  title,
  description,
  handOff,
  children,
}: {
  title: ReactNode;
  description: ReactNode;
  handOff?: { done: RefObject<boolean>; focusId: string };
  children: ReactNode;
}) {
  return (
    <AlertDialog.Portal>
      <AlertDialog.Overlay className="fixed inset-0 z-40 bg-slate-900/60" />
      <AlertDialog.Content
        onCloseAutoFocus={(event) => {
          if (!handOff?.done.current) return;
          event.preventDefault();
          focusById(handOff.focusId);
        }}
        className="fixed top-1/2 left-1/2 z-50 w-[calc(100%-1.5rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-xl bg-white p-5 shadow-2xl"
      >
        <AlertDialog.Title className="text-xl font-bold text-navy-900">{title}</AlertDialog.Title>
        <AlertDialog.Description className="mt-2 text-slate-800">{description}</AlertDialog.Description>
        {children}
      </AlertDialog.Content>
    </AlertDialog.Portal>
  );
}
