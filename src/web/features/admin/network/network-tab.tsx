import { AddRepairer } from './add-repairer';
import { useState } from 'react';
import { Pager } from '../../../components/ui/pager';
import { Skeleton } from '../../../components/ui/skeleton';
import { NETWORK_PAGE_SIZE, type NetworkRepairer } from '../../../../shared/api/repairer-accounts';
import { DemandTable } from './demand-table';
import { EmailStatsPanel } from './email-stats-panel';
import { NetworkBulkBar } from './network-bulk-bar';
import { NetworkFiltersForm, noFilters } from './network-filters';
import { NetworkRow } from './network-row';
import { PlacesImport } from './places-import';
import { useNetwork, type NetworkFilters } from './network-api';

/** SPEC's Repairer Network tab: the first 50 repairers, a note when more exist, verification, invitations, introductions, bulk actions and the import from Google Places (issues 12, 13). */
export function NetworkTab() {
  const [page, setPage] = useState(1);
  const [filters, setFilters] = useState<NetworkFilters>(noFilters);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const network = useNetwork(page, filters);
  const choosePage = (next: number) => {
    setPage(next);
    setSelected(new Set());
  };
  // One tree whatever the list's state: the search form keeps its place, so what an admin types
  // while the list loads (or after a search) is not thrown away with a remounted form, and the
  // Search button keeps the focus a keyboard user gave it.
  return (
    <section aria-labelledby="network-heading">
      <h2 id="network-heading" tabIndex={-1} className="text-xl font-bold text-navy-900 focus:outline-none">
        Repairer Network{network.data ? ` (${network.data.total.toLocaleString('en-GB')})` : ''}
      </h2>
      <EmailStatsPanel />
      <DemandTable />
      <PlacesImport />
      <AddRepairer />
      <NetworkFiltersForm
        value={filters}
        onChange={(next) => {
          setFilters(next);
          choosePage(1);
        }}
      />
      {network.isPending ? (
        <div role="status" className="mt-3">
          <span className="sr-only">Loading the repairer network…</span>
          <Skeleton className="h-48 w-full" />
        </div>
      ) : network.isError ? (
        <p role="alert" className="mt-3">
          We could not load the repairer network. Please refresh the page.
        </p>
      ) : (
        <NetworkList rows={network.data.rows} total={network.data.total} page={page} onPage={choosePage} selected={selected} onSelected={setSelected} />
      )}
    </section>
  );
}

/** The loaded page of the network: the bulk bar, the table with its selection, and the pager. */
function NetworkList({ rows, total, page, onPage, selected, onSelected }: {
  rows: NetworkRepairer[];
  total: number;
  page: number;
  onPage: (page: number) => void;
  selected: ReadonlySet<number>;
  onSelected: (update: (current: ReadonlySet<number>) => ReadonlySet<number>) => void;
}) {
  const pages = Math.max(1, Math.ceil(total / NETWORK_PAGE_SIZE));
  const selectedIds = rows.filter((r) => selected.has(r.id)).map((r) => r.id);
  const allSelected = rows.length > 0 && selectedIds.length === rows.length;
  const select = (id: number, on: boolean) =>
    onSelected((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  return (
    <>
      <NetworkBulkBar selectedIds={selectedIds} onDone={() => onSelected(() => new Set())} />
      {rows.length === 0 ? <p className="mt-3 text-slate-800">No repairers match.</p> : null}
      {total > NETWORK_PAGE_SIZE ? (
        <p className="mt-1 text-slate-800">
          Showing {rows.length} of {total.toLocaleString('en-GB')} repairers (page {page} of {pages}).
        </p>
      ) : null}
      <div className="mt-3 overflow-x-auto rounded-lg border border-slate-200 bg-white" tabIndex={0} role="region" aria-label="Repairers (scrolls sideways on small screens)">
        <table className="w-full min-w-[48rem] text-left">
          <caption className="sr-only">Repairers by business name, with their verification, account and introduction</caption>
          <thead className="bg-slate-50 text-sm text-slate-800">
            <tr>
              <th scope="col" className="py-2 pr-2 pl-2">
                <input
                  type="checkbox"
                  className="size-5"
                  checked={allSelected}
                  disabled={rows.length === 0}
                  onChange={(event) => onSelected(() => new Set(event.target.checked ? rows.map((r) => r.id) : []))}
                  aria-label="Select all repairers on this page"
                />
              </th>
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
              <NetworkRow key={repairer.id} repairer={repairer} selected={selected.has(repairer.id)} onSelect={(on) => select(repairer.id, on)} />
            ))}
          </tbody>
        </table>
      </div>
      <Pager label="Repairer pages" page={page} pages={pages} onPage={onPage} />
    </>
  );
}
