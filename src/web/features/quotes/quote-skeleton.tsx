import { Skeleton } from '../../components/ui/skeleton';

export function QuoteSkeleton() {
  return (
    <div role="status" className="grid gap-6">
      <span className="sr-only">Loading your quote…</span>
      <Skeleton className="h-10 w-2/3" />
      <Skeleton className="h-6 w-1/2" />
      <div className="grid gap-6 lg:grid-cols-[3fr_2fr]">
        <Skeleton className="h-72" />
        <Skeleton className="h-72" />
      </div>
    </div>
  );
}
