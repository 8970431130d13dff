import { focusOnMount } from '../../lib/focus';

/**
 * The server's refusal of a whole form or action, written beside it rather than only in a toast
 * that goes in seconds, with the keyboard on it. Keyed by its words, so a second, different refusal
 * takes the keyboard again.
 */
export function RefusalAlert({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <p key={message} ref={focusOnMount} tabIndex={-1} role="alert" className="rounded-md border border-red-700 bg-red-50 p-3 text-red-900 focus:outline-none">
      {message}
    </p>
  );
}
