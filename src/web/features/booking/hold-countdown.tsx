import { useEffect, useState } from 'react';
import { Link } from '../../components/navigation/router';

/** '29:41' */
export function formatRemaining(ms: number): string {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/** Milliseconds left until `expiresAt` (an ISO instant), read again every second; null without one. */
export function useRemaining(expiresAt: string): number;
export function useRemaining(expiresAt: string | null): number | null;
export function useRemaining(expiresAt: string | null): number | null {
  const [now, setNow] = useState(() => Date.now());
  const ticking = expiresAt !== null;
  useEffect(() => {
    if (!ticking) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [ticking]);
  return expiresAt === null ? null : new Date(expiresAt).getTime() - now;
}

/** How long the slot stays held (D13: 30 minutes); when it runs out the customer is sent back to choose again. */
export function HoldCountdown({ holdExpiresAt, quoteId }: { holdExpiresAt: string; quoteId: number }) {
  const remaining = useRemaining(holdExpiresAt);
  if (remaining <= 0) return <HoldLapsed quoteId={quoteId} />;
  return (
    <p className="rounded-md border border-amber-700 bg-amber-50 p-3 text-slate-900">
      Your slot is held for another <span className="font-mono font-semibold">{formatRemaining(remaining)}</span> (minutes and seconds).
    </p>
  );
}

/** The hold has run out (here, or by the server's clock): the slot must be chosen again. */
export function HoldLapsed({ quoteId }: { quoteId: number }) {
  return (
    <p role="alert" className="rounded-md border border-red-700 bg-red-50 p-3 text-red-900">
      Your slot is no longer held.{' '}
      <Link to={`/booking/${quoteId}`} className="font-semibold underline">
        Choose a slot again
      </Link>
    </p>
  );
}
