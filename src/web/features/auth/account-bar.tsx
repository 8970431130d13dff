import { Button } from '../../components/ui/button';
import { toast } from '../../components/ui/use-toast';
import { useSignOut } from './api/sign-out';

/** Shown on every signed-in page: who is signed in, and the way out. */
export function SignOutButton() {
  const signOut = useSignOut();
  return (
    <Button
      variant="outline"
      size="sm"
      pending={signOut.isPending}
      onClick={() =>
        signOut.mutate(undefined, {
          onError: () => {
            toast({ title: 'Sign out failed', description: 'Please try again.', variant: 'destructive' });
          },
        })
      }
    >
      {signOut.isPending ? 'Signing out…' : 'Sign out'}
    </Button>
  );
}

export function AccountBar({ email }: { email: string }) {
  return (
    <div className="border-b border-slate-200 bg-navy-50">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-end gap-3 px-4 py-2 text-sm">
        <p className="text-slate-800">
          Signed in as <span className="font-semibold text-navy-900">{email}</span>
        </p>
        <SignOutButton />
      </div>
    </div>
  );
}
