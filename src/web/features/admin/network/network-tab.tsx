import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Pager } from '../../../components/ui/pager';
import { Skeleton } from '../../../components/ui/skeleton';
import { toast } from '../../../components/ui/use-toast';
import { userMessageOf } from '../../../lib/api';
import { specialisationLabels } from '../../../../shared/damage';
import { NETWORK_PAGE_SIZE, type NetworkRepairer } from '../../../../shared/api/repairer-accounts';
import { useInviteRepairer, useNetwork, useSetVerification } from './network-api';

function Row({ repairer }: { repairer: NetworkRepairer }) {
  const verify = useSetVerification();
  const invite = useInviteRepairer();
  const onVerify = () =>
    verify.mutate(
      { id: repairer.id, isVerified: !repairer.isVerified },
      {
        onSuccess: (row) => toast({ title: row.isVerified ? 'Repairer verified' : 'Verification removed', description: `${row.businessName} is now ${row.isVerified ? 'Verified: they can be offered jobs' : 'Pending Verification'}.`, variant: 'success' }),
        onError: (error) => toast({ title: 'Error', description: userMessageOf(error), variant: 'destructive' }),
      },
    );
  const onInvite = () =>
    invite.mutate(repairer.id, {
      onSuccess: ({ email }) => toast({ title: 'Invitation sent', description: `${repairer.businessName} can create their account from the link sent to ${email}.`, variant: 'success' }),
      onError: (error) => toast({ title: 'Error', description: userMessageOf(error), variant: 'destructive' }),
    });
  return (
    <tr className="border-t border-slate-200 align-top">
      <th scope="row" className="py-2 pr-3 text-left font-semibold text-navy-900">
        {repairer.businessName}
        <span className="block text-sm font-normal text-slate-700">{repairer.specializations.map((s) => specialisationLabels[s]).join(', ')}</span>
      </th>
      <td className="py-2 pr-3">
        {repairer.city}, {repairer.postcode}
      </td>
      <td className="py-2 pr-3 break-all">{repairer.email ?? '—'}</td>
      <td className="py-2 pr-3">
        <span className={repairer.isVerified ? 'rounded-full bg-teal-100 px-2 py-0.5 text-sm font-semibold text-teal-900' : 'rounded-full bg-amber-100 px-2 py-0.5 text-sm font-semibold text-amber-900'}>
          {repairer.isVerified ? 'Verified' : 'Pending Verification'}
        </span>
        <span className="mt-1 block text-sm text-slate-700">{repairer.hasAccount ? 'Has an account' : repairer.invitationPending ? 'Invitation sent' : 'No account'}</span>
      </td>
      <td className="py-2">
        <div className="flex flex-wrap gap-2">
          <Button size="sm" variant="outline" onClick={onVerify} disabled={verify.isPending} aria-label={`${repairer.isVerified ? 'Unverify' : 'Verify'} ${repairer.businessName}`}>
            {repairer.isVerified ? 'Unverify' : 'Verify'}
          </Button>
          <Button size="sm" variant="outline" onClick={onInvite} disabled={invite.isPending || repairer.hasAccount || !repairer.email} aria-label={`Invite ${repairer.businessName} to create an account`}>
            Invite
          </Button>
        </div>
      </td>
    </tr>
  );
}

/** SPEC's Repairer Network tab: the first 50 repairers, a note when more exist, verification and invitations (issue 12). */
export function NetworkTab() {
  const [page, setPage] = useState(1);
  const network = useNetwork(page);
  if (network.isPending) {
    return (
      <div role="status">
        <span className="sr-only">Loading the repairer network…</span>
        <Skeleton className="h-48 w-full" />
      </div>
    );
  }
  if (network.isError) return <p role="alert">We could not load the repairer network. Please refresh the page.</p>;
  const { rows, total } = network.data;
  const pages = Math.max(1, Math.ceil(total / NETWORK_PAGE_SIZE));
  return (
    <section aria-labelledby="network-heading">
      <h2 id="network-heading" className="text-xl font-bold text-navy-900">
        Repairer Network ({total.toLocaleString('en-GB')})
      </h2>
      {total > NETWORK_PAGE_SIZE ? (
        <p className="mt-1 text-slate-800">
          Showing {rows.length} of {total.toLocaleString('en-GB')} repairers (page {page} of {pages}).
        </p>
      ) : null}
      <div className="mt-3 overflow-x-auto rounded-lg border border-slate-200 bg-white" tabIndex={0} role="region" aria-label="Repairers (scrolls sideways on small screens)">
        <table className="w-full min-w-[44rem] text-left">
          <caption className="sr-only">Repairers by business name, with their verification and account</caption>
          <thead className="bg-slate-50 text-sm text-slate-800">
            <tr>
              <th scope="col" className="py-2 pr-3 pl-0">
                Business
              </th>
              <th scope="col" className="py-2 pr-3">
                Area
              </th>
              <th scope="col" className="py-2 pr-3">
                E-mail
              </th>
              <th scope="col" className="py-2 pr-3">
                Status
              </th>
              <th scope="col" className="py-2">
                Actions
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((repairer) => (
              <Row key={repairer.id} repairer={repairer} />
            ))}
          </tbody>
        </table>
      </div>
      <Pager label="Repairer pages" page={page} pages={pages} onPage={setPage} />
      <p className="mt-4 text-sm text-slate-700">Coming next: search and filters, importing businesses from Google Places and introduction e-mails.</p>
    </section>
  );
}
