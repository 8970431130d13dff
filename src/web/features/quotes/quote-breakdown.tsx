import { formatDecimalPounds } from '../../lib/format';
import { decimalStringToPence } from '../../../shared/money';
import { formatPounds, isNonZero } from './quote-money';
import type { QuoteView as Quote } from '../../../shared/api/quotes';

/** shared/vat.ts noVatSentence, written out so this screen loads no other chunk for it (quote-breakdown.test.tsx holds them equal). */
export const noVatSentence = 'No VAT: AutoRevive is not VAT registered';

const row = 'flex items-baseline justify-between gap-4 py-2';

/** Line items, the cost breakdown and the total price (issue 33: not an "estimate", it is what is charged). Every amount is in the total: no hidden fees (D6). */
export function QuoteBreakdown({ quote }: { quote: Quote }) {
  // Issue 37: a quote keeps the VAT it was priced with; one priced with none says so instead of a VAT line.
  const vat = (decimalStringToPence(quote.vatAmount) ?? 0) > 0;
  const costs = [
    { label: 'Labour', value: quote.laborCost },
    { label: 'Parts and materials', value: quote.partsCost },
    ...(isNonZero(quote.materialsCost) ? [{ label: 'Materials', value: quote.materialsCost }] : []),
    { label: 'AutoRevive service fee', value: quote.autoReviveFee },
    ...(vat ? [{ label: 'VAT (20%)', value: quote.vatAmount }] : []),
  ];
  return (
    <section aria-labelledby="quote-items" className="self-start rounded-lg border border-slate-200 bg-white p-5">
      <h2 id="quote-items" className="text-xl font-bold text-navy-900">
        What the repair involves
      </h2>
      {quote.workDescription.length > 0 ? (
        <ul className="mt-3 divide-y divide-slate-200">
          {quote.workDescription.map((line, index) => (
            <li key={`${index}-${line.item}`} className={row}>
              <span className="text-slate-800">{line.item}</span>
              <span className="font-medium whitespace-nowrap text-slate-900">{formatPounds(line.cost)}</span>
            </li>
          ))}
        </ul>
      ) : null}

      <h3 className="mt-6 font-semibold text-navy-900">Cost breakdown</h3>
      <dl className="mt-1 divide-y divide-slate-200">
        {costs.map((cost) => (
          <div key={cost.label} className={row}>
            <dt className="text-slate-800">{cost.label}</dt>
            <dd className="font-medium whitespace-nowrap text-slate-900">{formatDecimalPounds(cost.value)}</dd>
          </div>
        ))}
        <div className={`${row} mt-2 border-t-2 border-navy-900 pt-3`}>
          <dt className="text-lg font-bold text-navy-900">Total price</dt>
          <dd className="text-2xl font-bold whitespace-nowrap text-navy-900">{formatDecimalPounds(quote.totalCost)}</dd>
        </div>
      </dl>
      <p className="mt-2 text-sm text-slate-700">{vat ? 'Including VAT.' : `${noVatSentence}.`} This is the price you pay: there are no hidden fees.</p>
    </section>
  );
}
