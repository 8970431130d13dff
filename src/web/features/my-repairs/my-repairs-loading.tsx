import { Skeleton } from '../../components/ui/skeleton';

/** The page's place while the list is read: also its HTML shell's (src/web/app/app-shells.tsx). */
export function MyRepairsLoading() {
  return (
    <div role="status" className="grid gap-6">
      <h1 className="text-3xl font-bold tracking-tight text-navy-900 sm:text-4xl">My repairs</h1>
      <span className="sr-only">Loading…</span>
      <Skeleton className="h-6 w-1/2" />
      <Skeleton className="h-40" />
    </div>
  );
}

