// Issue 37 item 5: what a VAT invoice or credit note says, worked out once when it is issued and
// stored with it (invoices.facts). Integer pence (D5), days as 'YYYY-MM-DD' in Europe/London.
import { VAT_RATE_PERCENT } from './pricing';

/** What is stored: the payment's document ('invoice') and a refund's ('credit-note'). */
export type InvoiceKind = 'invoice' | 'credit-note';
/**
 * What the document is: a VAT invoice, a credit note, or (issue 37) a plain receipt, which a
 * payment gets instead of a VAT invoice when the company is not VAT registered. A receipt is stored
 * as the payment's 'invoice' row, numbered from the same gapless sequence ('RCT-000043').
 */
export type DocumentKind = InvoiceKind | 'receipt';

export interface InvoiceLine {
  description: string;
  /** Before VAT. */
  netPence: number;
  vatRatePercent: number;
  vatPence: number;
}

export interface InvoiceFacts {
  kind: DocumentKind;
  /** 'INV-000001', 'CN-000002' or 'RCT-000003': one gapless sequence for all three. */
  number: string;
  issuedDate: string;
  /** The date of supply (the tax point): the appointment's date. */
  supplyDate: string;
  /** The enquiry's reference, e.g. 'AR-000123'. */
  reference: string;
  /** The invoice a credit note cancels. */
  creditsInvoiceNumber?: string;
  /** vatNumber: null on a receipt (the company was not VAT registered). */
  company: { name: string; address: string; vatNumber: string | null; companyNumber: string; registeredIn: string };
  customer: { name: string; address: string };
  lines: InvoiceLine[];
  netPence: number;
  vatPence: number;
  totalPence: number;
}

const prefixes: Record<DocumentKind, string> = { invoice: 'INV', 'credit-note': 'CN', receipt: 'RCT' };

/** 'INV-000042' for an invoice, 'CN-000043' for a credit note, 'RCT-000044' for a receipt. */
export function invoiceNumberText(kind: DocumentKind, number: number): string {
  return `${prefixes[kind]}-${String(number).padStart(6, '0')}`;
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
