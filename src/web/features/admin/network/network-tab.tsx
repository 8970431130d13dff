import { useState, type ChangeEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { Pager } from '../../../components/ui/pager';
import { Skeleton } from '../../../components/ui/skeleton';
import { toast } from '../../../components/ui/use-toast';
import { userMessageOf } from '../../../lib/api';
import { specialisationLabels } from '../../../../shared/damage';
import { NETWORK_PAGE_SIZE, type NetworkRepairer } from '../../../../shared/api/repairer-accounts';
import { useInviteRepairer, useNetwork, useSetVerification, type NetworkFilters } from './network-api';
import { PlacesImport } from './places-import';

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
const noFilters: NetworkFilters = { search: '', verified: '', hasEmail: '', hasAccount: '' };
const selectClass = 'min-h-11 rounded-md border border-slate-400 bg-white px-2';

function Filters({ value, onChange }: { value: NetworkFilters; onChange: (filters: NetworkFilters) => void }) {
  const [search, setSearch] = useState(value.search);
  const choose = (name: keyof NetworkFilters) => (event: ChangeEvent<HTMLSelectElement>) => onChange({ ...value, [name]: event.target.value });
  return (
    <form
      role="search"
      aria-label="Find repairers"
      className="mt-3 flex flex-wrap items-end gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        onChange({ ...value, search });
      }}
    >
      <label className="grid gap-1 text-sm font-semibold">
        Name, town or postcode
        <input className={`${selectClass} font-normal`} type="search" value={search} onChange={(event) => setSearch(event.target.value)} />
      </label>
      <Button type="submit" variant="outline" size="sm">
        Search
      </Button>
      <label className="grid gap-1 text-sm font-semibold">
        Verification
        <select className={`${selectClass} font-normal`} value={value.verified} onChange={choose('verified')}>
          <option value="">All</option>
          <option value="true">Verified</option>
          <option value="false">Pending Verification</option>
        </select>
      </label>
      <label className="grid gap-1 text-sm font-semibold">
        E-mail
        <select className={`${selectClass} font-normal`} value={value.hasEmail} onChange={choose('hasEmail')}>
          <option value="">All</option>
          <option value="true">Has an e-mail</option>
          <option value="false">No e-mail</option>
        </select>
      </label>
      <label className="grid gap-1 text-sm font-semibold">
        Account
        <select className={`${selectClass} font-normal`} value={value.hasAccount} onChange={choose('hasAccount')}>
          <option value="">All</option>
          <option value="true">Has an account</option>
          <option value="false">No account</option>
        </select>
      </label>
    </form>
  );
}

export function NetworkTab() {
  const [page, setPage] = useState(1);
  const [filters, setFilters] = useState<NetworkFilters>(noFilters);
  const network = useNetwork(page, filters);
  const heading = (
    <h2 id="network-heading" className="text-xl font-bold text-navy-900">
      Repairer Network{network.data ? ` (${network.data.total.toLocaleString('en-GB')})` : ''}
    </h2>
  );
  const filtersForm = (
    <Filters
      value={filters}
      onChange={(next) => {
        setFilters(next);
        setPage(1);
      }}
    />
  );
  if (network.isPending) {
    return (
      <section aria-labelledby="network-heading">
        {heading}
        {filtersForm}
        <div role="status" className="mt-3">
          <span className="sr-only">Loading the repairer network…</span>
          <Skeleton className="h-48 w-full" />
        </div>
      </section>
    );
  }
  if (network.isError) return <p role="alert">We could not load the repairer network. Please refresh the page.</p>;
  const { rows, total } = network.data;
  const pages = Math.max(1, Math.ceil(total / NETWORK_PAGE_SIZE));
  return (
    <section aria-labelledby="network-heading">
      {heading}
      <PlacesImport />
      {filtersForm}
      {rows.length === 0 ? <p className="mt-3 text-slate-800">No repairers match.</p> : null}
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
      <p className="mt-4 text-sm text-slate-700">Coming next: importing businesses from Google Places, introduction e-mails and bulk actions.</p>
    </section>
  );
}
