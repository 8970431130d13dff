import type { QuoteView as Quote } from '../../../shared/api/quotes';
import { decimalStringToPence, formatPence } from '../../../shared/money';
import { formatDecimalPounds } from '../../lib/format';

/** shared/vat.ts noVatSentence, written out so this screen loads no other chunk for it (quote-breakdown.test.tsx holds them equal). */
export const noVatSentence = 'No VAT: AutoRevive is not VAT registered';

const row = 'flex items-baseline justify-between gap-4 py-2';

/**
 * SPEC's order summary. The rows add up to the total charged (D6: no hidden fees), so labour and
 * parts are shown as such; the repairer's payment (SPEC's "Repair Service") is named below as the
 * part of that total the technician is paid once the job is done (D14).
 */
export function OrderSummary({ quote }: { quote: Quote }) {
  const partsAndMaterials = (decimalStringToPence(quote.partsCost) ?? 0) + (decimalStringToPence(quote.materialsCost) ?? 0);
  const rows = [
    { label: 'Labour', value: formatDecimalPounds(quote.laborCost) },
    { label: 'Parts and materials', value: formatPence(partsAndMaterials) },
    { label: 'Service fee', value: formatDecimalPounds(quote.autoReviveFee) },
    // Issue 37: a quote priced with no VAT (the company not VAT registered) says so instead.
    quote.vatAmount === '0.00' ? { label: 'VAT', value: noVatSentence } : { label: 'VAT (20%)', value: formatDecimalPounds(quote.vatAmount) },
  ];
  return (
    <section aria-labelledby="order-summary" className="grid content-start gap-4 rounded-lg border border-slate-200 bg-white p-5">
      <h2 id="order-summary" className="text-xl font-bold text-navy-900">
        Order summary
      </h2>
      <dl className="divide-y divide-slate-200">
        {rows.map((item) => (
          <div key={item.label} className={row}>
            <dt className="text-slate-800">{item.label}</dt>
            <dd className="font-medium whitespace-nowrap text-slate-900">{item.value}</dd>
          </div>
        ))}
        <div className={`${row} mt-2 border-t-2 border-navy-900 pt-3`}>
          <dt className="text-lg font-bold text-navy-900">Total</dt>
          <dd className="text-2xl font-bold whitespace-nowrap text-navy-900">{formatDecimalPounds(quote.totalCost)}</dd>
        </div>
      </dl>
      <p className="text-sm text-slate-700">
        Repair Service: {formatDecimalPounds(quote.repairerPayment)} of this is your technician's payment, released to them only once the
        repair is done.
      </p>
      <div className="rounded-md border border-teal-brand bg-teal-50 p-3 text-slate-900">
        <h3 className="font-semibold text-navy-900">AutoRevive protection guarantee</h3>
        <p className="mt-1 text-sm">
          We hold your payment and release it to your technician only when the repair is done. If something is not right, tell us and we
          will put it right or refund you.
        </p>
      </div>
      <div className="rounded-md border border-slate-200 bg-slate-50 p-3 text-slate-900">
        <h3 className="font-semibold text-navy-900">{quote.warrantyMonths}-month warranty</h3>
        <p className="mt-1 text-sm">This repair comes with a {quote.warrantyMonths}-month warranty on the workmanship.</p>
      </div>
    </section>
  );
}
