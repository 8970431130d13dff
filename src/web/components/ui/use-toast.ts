import { useEffect, useRef, useSyncExternalStore } from 'react';

// D20: one toast at a time, dismissed after 5 seconds. A new toast replaces the current one.
export const TOAST_DURATION_MS = 5000;

export type ToastVariant = 'default' | 'success' | 'destructive';

export type ToastInput = {
  title: string;
  description?: string;
  variant?: ToastVariant;
};

export type ToastItem = ToastInput & { id: number; open: boolean };

type Listener = () => void;

let current: readonly ToastItem[] = [];
let nextId = 1;
const listeners = new Set<Listener>();

function setToasts(next: readonly ToastItem[]) {
  current = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: Listener) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function getSnapshot() {
  return current;
}

const emptyToasts: readonly ToastItem[] = [];

function getServerSnapshot() {
  return emptyToasts;
}

/** Shows a toast; callable from anywhere (mutation callbacks included). Returns its id. */
export function toast(input: ToastInput): number {
  const id = nextId++;
  setToasts([{ ...input, variant: input.variant ?? 'default', id, open: true }]);
  return id;
}

/**
 * Shows `input` once, the first time `when` is true, and not again for as long as the component
 * is mounted: a page's not-found toast (SPEC section 8) beside the page that says so, however
 * often the page renders or its query retries.
 */
export function useToastOnce(when: boolean, input: ToastInput) {
  const shown = useRef(false);
  useEffect(() => {
    if (when && !shown.current) {
      shown.current = true;
      toast(input);
    }
  }, [when, input]);
}

/** Closes one toast, or whichever is showing. */
export function dismissToast(id?: number) {
  setToasts(current.filter((item) => id !== undefined && item.id !== id));
}

export function useToast() {
  const toasts = useSyncExternalStore(subscribe, getSnapshot, getServerSnapshot);
  return { toasts, toast, dismiss: dismissToast };
}
