import { cn } from '../../lib/cn';

/** A grey placeholder block. Decorative: wrap loading regions in role="status" with text. */
export function Skeleton({ className }: { className?: string }) {
  return <div aria-hidden="true" className={cn('animate-pulse rounded-md bg-slate-200', className)} />;
}
