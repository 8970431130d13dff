import { decimalStringToPence, formatPence } from '../../../shared/money';
import { chargesVat } from '../../../shared/vat';
import { company } from '../../lib/company';
import type { PriceBreakdown } from '../../../shared/pricing';
import type { LineDraft } from './adjustment-state';

const row = 'flex items-baseline justify-between gap-4 py-1.5';

/** The breakdown as it will be stored, recomputed from the form on every keystroke. */
export function LiveBreakdown({ preview, lines, changed, reference }: { preview: PriceBreakdown | null; lines: LineDraft[]; changed: boolean; reference: string }) {
  const rows: Array<[string, number]> = preview
    ? [
        ['Labour', preview.laborPence],
        ['Parts', preview.partsPence],
        ['Materials', preview.materialsPence],
        ['Service fee', preview.feePence],
        ...(chargesVat(preview.vatPence, company()) ? [['VAT (20%)', preview.vatPence] as [string, number]] : []),
      ]
    : [];
  return (
    <section aria-label={`Breakdown for ${reference}`} className="self-start rounded-lg border border-slate-200 bg-slate-50 p-4">
      <h4 className="font-semibold text-navy-900">{changed ? 'Breakdown (not saved yet)' : 'Breakdown'}</h4>
      {lines.length > 0 ? (
        <ul className="mt-2 divide-y divide-slate-200 text-sm">
          {lines.map((line, index) => {
            const pence = decimalStringToPence(line.cost);
            return (
              <li key={line.key} className={row}>
                <span className="text-slate-800">{line.item || `Item ${index + 1}`}</span>
                <span className="whitespace-nowrap">{pence === null ? '—' : formatPence(pence)}</span>
              </li>
            );
          })}
        </ul>
      ) : null}
      {preview ? (
        <dl className="mt-3 divide-y divide-slate-200">
          {rows.map(([label, pence]) => (
            <div key={label} className={row}>
              <dt className="text-slate-800">{label}</dt>
              <dd className="font-medium whitespace-nowrap">{formatPence(pence)}</dd>
            </div>
          ))}
          <div className={`${row} border-t-2 border-navy-900`}>
            <dt className="font-bold text-navy-900">Total</dt>
            <dd className="text-lg font-bold whitespace-nowrap text-navy-900" data-testid="live-total">
              {formatPence(preview.totalPence)}
            </dd>
          </div>
          <div className={row}>
            <dt className="text-slate-800">Repairer payment</dt>
            <dd className="font-medium whitespace-nowrap">{formatPence(preview.repairerPaymentPence)}</dd>
          </div>
        </dl>
      ) : (
        <p className="mt-2 text-sm text-slate-700">Enter the amounts in pounds to see the breakdown.</p>
      )}
    </section>
  );
}
