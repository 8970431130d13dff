import { Skeleton } from '../../components/ui/skeleton';

export function QuoteSkeleton() {
  return (
    <div role="status" className="grid gap-6">
      {/* The page's heading while it loads: every page has one (axe's page-has-heading-one). */}
      <h1 className="sr-only">Loading your quote…</h1>
      <Skeleton className="h-10 w-2/3" />
      <Skeleton className="h-6 w-1/2" />
      <div className="grid gap-6 lg:grid-cols-[3fr_2fr]">
        <Skeleton className="h-72" />
        <Skeleton className="h-72" />
      </div>
    </div>
  );
}
