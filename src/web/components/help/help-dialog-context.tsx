import { createContext, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from 'react';

type HelpDialogState = {
  open: boolean;
  /** Opens the guide; focus goes back to `returnFocusTo` (default: the focused element) on close. */
  openHelp: (returnFocusTo?: HTMLElement | null) => void;
  setOpen: (open: boolean) => void;
  takeReturnFocus: () => HTMLElement | null;
};

const HelpDialogContext = createContext<HelpDialogState | null>(null);

export function HelpDialogProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const returnFocus = useRef<HTMLElement | null>(null);

  const openHelp = useCallback((returnFocusTo?: HTMLElement | null) => {
    returnFocus.current =
      returnFocusTo ?? (document.activeElement instanceof HTMLElement ? document.activeElement : null);
    setOpen(true);
  }, []);

  const takeReturnFocus = useCallback(() => {
    const element = returnFocus.current;
    returnFocus.current = null;
    return element;
  }, []);

  const value = useMemo(() => ({ open, openHelp, setOpen, takeReturnFocus }), [open, openHelp, takeReturnFocus]);
  return <HelpDialogContext.Provider value={value}>{children}</HelpDialogContext.Provider>;
}

export function useHelpDialog(): HelpDialogState {
  const value = useContext(HelpDialogContext);
  if (!value) throw new Error('useHelpDialog must be used inside HelpDialogProvider');
  return value;
}
