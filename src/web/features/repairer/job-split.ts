import { decimalStringToPence } from '../../../shared/money';
import { moneySplit, type MoneySplit } from '../../../shared/money-split';
import type { QuoteView } from '../../../shared/api/quotes';

/** Issue 37: the job's whole money split (src/shared/money-split.ts), from its quote's decimal strings. */
export function splitOfQuote(quote: Pick<QuoteView, 'laborCost' | 'partsCost' | 'materialsCost' | 'autoReviveFee' | 'vatAmount' | 'repairerPayment'>): MoneySplit {
  const pence = (value: string) => decimalStringToPence(value) ?? 0;
  return moneySplit({
    laborPence: pence(quote.laborCost),
    partsPence: pence(quote.partsCost),
    materialsPence: pence(quote.materialsCost),
    feePence: pence(quote.autoReviveFee),
    vatPence: pence(quote.vatAmount),
    repairerPaymentPence: pence(quote.repairerPayment),
  });
}
