import { Button } from '../../components/ui/button';
import { Skeleton } from '../../components/ui/skeleton';
import { SupportContact } from '../../components/support-contact';
import { userMessageOf } from '../../lib/api';
import { focusOnMount } from '../../lib/focus';
import { outreachMessages } from '../../../shared/api/outreach';
import { site } from '../../../shared/site';
import { useUnsubscribe, useUnsubscribeLink } from './unsubscribe-api';

/** D19: the link in an introduction e-mail. One button confirms; nothing happens on opening the page. */
export function UnsubscribePanel({ token }: { token: string }) {
  const link = useUnsubscribeLink(token);
  const confirm = useUnsubscribe(token);

  if (link.isPending) {
    return (
      <div role="status">
        <span className="sr-only">Checking your link…</span>
        <Skeleton className="h-24 w-full" />
      </div>
    );
  }
  if (link.isError) {
    return (
      <div role="alert" className="rounded-md border border-red-700 bg-red-50 p-4 text-red-900">
        <p className="font-semibold">{outreachMessages.badLink}</p>
        <SupportContact />
      </div>
    );
  }
  const { businessName, email, unsubscribed, hasAccount } = link.data;
  if (unsubscribed) {
    return (
      <div role="status" className="rounded-md border border-teal-700 bg-teal-50 p-4 text-teal-900">
        {/* Where the keyboard goes once the button that asked has gone (not when the link is opened again). */}
        <p id="unsubscribed" ref={confirm.isSuccess ? focusOnMount : undefined} tabIndex={-1} className="font-semibold focus:outline-none">
          You are unsubscribed.
        </p>
        <p className="mt-2">
          {hasAccount
            ? `We will not e-mail ${businessName}${email ? ` at ${email}` : ''} introductions, invitations or job offers again: new jobs still show on your dashboard. While you have an account, we still write about the jobs you have accepted.`
            : `We will not e-mail ${businessName}${email ? ` at ${email}` : ''} again.`}{' '}
          If this was a mistake, tell us and we will put it right.
        </p>
        <SupportContact />
      </div>
    );
  }
  return (
    <div className="grid gap-4">
      <p className="text-slate-800">
        Stop all e-mails from {site.brand} to <strong>{businessName}</strong>
        {email ? (
          <>
            {' '}
            at <strong className="break-all">{email}</strong>
          </>
        ) : null}
        ?{' '}
        {hasAccount
          ? 'Once you confirm, we will not e-mail you job offers or anything else unasked; we still write about jobs you have accepted.'
          : 'Once you confirm, we will never write to you again.'}
      </p>
      {confirm.isError ? (
        <p role="alert" className="text-red-800">
          {userMessageOf(confirm.error)}
        </p>
      ) : null}
      <Button type="button" onClick={() => confirm.mutate()} pending={confirm.isPending}>
        {confirm.isPending ? 'Unsubscribing…' : 'Unsubscribe'}
      </Button>
    </div>
  );
}
