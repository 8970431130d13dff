import { useQuery } from '@tanstack/react-query';
import { DemandViewSchema, type DemandView } from '../../../../shared/api/coverage';
import { formatLondonDate, londonDateOf } from '../../../../shared/london-time';
import { getQueryFn } from '../../../lib/api';

export const demandKey = ['/api/admin/demand'] as const;

/** Issue 35: demand without supply, from GET /api/admin/demand: where to recruit technicians. */
export function DemandTable() {
  const demand = useQuery<DemandView>({ queryKey: demandKey, queryFn: getQueryFn({ on401: 'throw', schema: DemandViewSchema }) });
  return (
    <section aria-labelledby="demand-heading" className="mt-4 rounded-lg border border-slate-200 bg-white p-3">
      <h3 id="demand-heading" className="text-base font-semibold text-navy-900">
        Demand without supply
      </h3>
      <p className="mt-1 text-sm text-slate-700">Enquiries no verified technician covers yet, by postcode district and service: where to recruit next.</p>
      {demand.isPending ? (
        <p className="mt-2 text-sm text-slate-700">Loading the enquiries nobody covers…</p>
      ) : demand.isError ? (
        <p className="mt-2 text-sm text-slate-700">We could not load the enquiries nobody covers.</p>
      ) : demand.data.rows.length === 0 ? (
        <p className="mt-2 text-sm text-slate-700">Every enquiry has a technician who covers it.</p>
      ) : (
        <div className="mt-2 overflow-x-auto" tabIndex={0} role="region" aria-label="Demand without supply (scrolls sideways on small screens)">
          <table className="w-full min-w-[32rem] text-left text-sm">
            <thead>
              <tr className="border-b border-slate-200 text-slate-700">
                <th scope="col" className="px-2 py-2 font-semibold">
                  District
                </th>
                <th scope="col" className="px-2 py-2 font-semibold">
                  Service
                </th>
                <th scope="col" className="px-2 py-2 text-right font-semibold">
                  Enquiries
                </th>
                <th scope="col" className="px-2 py-2 text-right font-semibold">
                  Asked to be told
                </th>
                <th scope="col" className="px-2 py-2 font-semibold">
                  Latest
                </th>
              </tr>
            </thead>
            <tbody>
              {demand.data.rows.map((row) => (
                <tr key={`${row.district}/${row.damageType}`} className="border-b border-slate-100 last:border-0">
                  <th scope="row" className="px-2 py-2 font-semibold text-navy-900">
                    {row.district}
                  </th>
                  <td className="px-2 py-2 text-slate-900">{row.service}</td>
                  <td className="px-2 py-2 text-right text-slate-900">{row.enquiries.toLocaleString('en-GB')}</td>
                  <td className="px-2 py-2 text-right text-slate-900">{row.waiting.toLocaleString('en-GB')}</td>
                  <td className="px-2 py-2 text-slate-900">{formatLondonDate(londonDateOf(new Date(row.latestAt)))}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
