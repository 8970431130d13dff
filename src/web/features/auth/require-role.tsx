import { Navigate, Outlet, useLocation } from 'react-router';
import { Button } from '../../components/ui/button';
import { Skeleton } from '../../components/ui/skeleton';
import { useMe } from './api/get-me';
import { AccountBar, SignOutButton } from './account-bar';
import { roleNoun, type Role } from './roles';

/** D11: a layout route that lets only a signed-in account with `role` through. */
export function RequireRole({ role }: { role: Role }) {
  const location = useLocation();
  const me = useMe();

  if (me.isPending) {
    return (
      <div role="status" className="mx-auto grid max-w-6xl gap-4 px-4 py-10">
        {/* The page's one h1 while it waits (axe: page-has-heading-one); the page below brings its own. */}
        <h1 className="sr-only">Checking your account…</h1>
        <Skeleton className="h-9 w-64" />
        <Skeleton className="h-24 w-full" />
        <Skeleton className="h-24 w-full" />
      </div>
    );
  }

  if (me.isError) {
    return (
      <div className="mx-auto max-w-xl px-4 py-16">
        <h1 className="text-2xl font-bold text-navy-900">We could not check your account</h1>
        <p className="mt-3 text-slate-800">Please check your connection and try again.</p>
        <Button className="mt-6" onClick={() => void me.refetch()}>
          Try again
        </Button>
      </div>
    );
  }

  if (!me.data) {
    const next = `${location.pathname}${location.search}`;
    return <Navigate to={`/sign-in?next=${encodeURIComponent(next)}`} replace />;
  }

  const { user } = me.data;
  if (user.role !== role) {
    return (
      <div className="mx-auto max-w-xl px-4 py-16">
        <h1 className="text-2xl font-bold text-navy-900">This page is for {roleNoun[role]}</h1>
        <p className="mt-3 text-slate-800">
          You are signed in as {user.email}, which is not an account for {roleNoun[role]}. Sign out to use a
          different account.
        </p>
        <div className="mt-6">
          <SignOutButton />
        </div>
      </div>
    );
  }

  return (
    <>
      <AccountBar email={user.email} />
      <Outlet context={user} />
    </>
  );
}

export function RequireAdmin() {
  return <RequireRole role="admin" />;
}

export function RequireRepairer() {
  return <RequireRole role="repairer" />;
}
