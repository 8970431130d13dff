import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { TextField } from '../../components/form';
import { Button } from '../../components/ui/button';
import { Skeleton } from '../../components/ui/skeleton';
import { SupportContact } from '../../components/support-contact';
import { AppLink } from '../../components/navigation/app-link';
import { userMessageOf } from '../../lib/api';
import { checkWith } from '../../lib/schema-check';
import { AcceptInvitationBodySchema, PASSWORD_MIN, repairerAccountMessages } from '../../../shared/api/repairer-accounts';
import { useAcceptInvitation, useInvitation } from './api/invitation';

/** Issue 12: a repairer opens their invitation link and chooses a password; then their dashboard. */
export function JoinForm({ token }: { token: string }) {
  const navigate = useNavigate();
  const invitation = useInvitation(token);
  const accept = useAcceptInvitation(token);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);

  if (invitation.isPending) {
    return (
      <div role="status">
        <span className="sr-only">Checking your invitation…</span>
        <Skeleton className="h-24 w-full" />
      </div>
    );
  }
  if (invitation.isError) {
    return (
      <div role="alert" className="rounded-md border border-red-700 bg-red-50 p-4 text-red-900">
        <p className="font-semibold">{repairerAccountMessages.badLink}</p>
        {/* Most often it was used: by them, just now. */}
        <p className="mt-2">
          Already made your account?{' '}
          <AppLink to="/sign-in" className="font-semibold underline">
            Sign in
          </AppLink>
          .
        </p>
        <SupportContact />
      </div>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkWith(AcceptInvitationBodySchema, { password });
    if (!checked.ok) return setError(checked.first);
    setError(null);
    accept.mutate(checked.data.password, { onSuccess: () => navigate('/repairer', { replace: true }), onError: (failure) => setError(userMessageOf(failure)) });
  };

  return (
    <form onSubmit={submit} noValidate className="grid gap-5">
      <p className="break-words text-slate-800">
        <strong>{invitation.data.businessName}</strong>: your sign-in will be <strong className="break-all">{invitation.data.email}</strong>.
      </p>
      <TextField
        id="join-password"
        label="Choose a password"
        type="password"
        autoComplete="new-password"
        hint={`At least ${PASSWORD_MIN} characters. A few words you will remember work well.`}
        error={error ?? undefined}
        value={password}
        onChange={(event) => setPassword(event.target.value)}
      />
      <Button type="submit" pending={accept.isPending}>
        {accept.isPending ? 'Creating your account…' : 'Create account'}
      </Button>
    </form>
  );
}
