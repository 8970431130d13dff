// Issue 37 item 5: what a VAT invoice or credit note says, worked out once when it is issued and
// stored with it (invoices.facts). Integer pence (D5), days as 'YYYY-MM-DD' in Europe/London.
import { VAT_RATE_PERCENT } from './pricing';

export type InvoiceKind = 'invoice' | 'credit-note';

export interface InvoiceLine {
  description: string;
  /** Before VAT. */
  netPence: number;
  vatRatePercent: number;
  vatPence: number;
}

export interface InvoiceFacts {
  kind: InvoiceKind;
  /** 'INV-000001' or 'CN-000002': one gapless sequence for both. */
  number: string;
  issuedDate: string;
  /** The date of supply (the tax point): the appointment's date. */
  supplyDate: string;
  /** The enquiry's reference, e.g. 'AR-000123'. */
  reference: string;
  /** The invoice a credit note cancels. */
  creditsInvoiceNumber?: string;
  company: { name: string; address: string; vatNumber: string; companyNumber: string; registeredIn: string };
  customer: { name: string; address: string };
  lines: InvoiceLine[];
  netPence: number;
  vatPence: number;
  totalPence: number;
}

/** 'INV-000042' for an invoice, 'CN-000043' for a credit note. */
export function invoiceNumberText(kind: InvoiceKind, number: number): string {
  return `${kind === 'invoice' ? 'INV' : 'CN'}-${String(number).padStart(6, '0')}`;
}

/**
 * The quote's lines with the VAT it charged spread over them in proportion to their net amounts
 * (largest remainder, so the lines' VAT adds up to exactly the VAT charged, never a penny off).
 */
export function invoiceLines(lines: readonly { description: string; netPence: number }[], vatPence: number): InvoiceLine[] {
  const net = lines.reduce((sum, line) => sum + line.netPence, 0);
  const rate = vatPence > 0 ? VAT_RATE_PERCENT : 0;
  if (net === 0 || vatPence === 0) return lines.map((line) => ({ ...line, vatRatePercent: rate, vatPence: 0 }));
  const shares = lines.map((line, index) => {
    const exact = line.netPence * vatPence;
    return { index, pence: Math.floor(exact / net), remainder: exact % net };
  });
  let left = vatPence - shares.reduce((sum, share) => sum + share.pence, 0);
  for (const share of [...shares].sort((a, b) => b.remainder - a.remainder || a.index - b.index)) {
    if (left === 0) break;
    share.pence += 1;
    left -= 1;
  }
  return lines.map((line, index) => ({ ...line, vatRatePercent: rate, vatPence: shares[index]!.pence }));
}
