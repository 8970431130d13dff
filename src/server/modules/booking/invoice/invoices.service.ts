// Issue 37 item 5: the VAT invoice a paid booking gets, and the credit note its refund gets.
// Issued inside the payment's (or refund's) transaction, so its number is taken, or not, with it.
import { registeredOfficeLine, type CompanyDetails } from '../../../../shared/company';
import { invoiceLines, invoiceNumberText, type InvoiceFacts, type InvoiceKind } from '../../../../shared/invoice';
import { londonDateOf } from '../../../../shared/london-time';
import { site } from '../../../../shared/site';
import type { Db } from '../../../db/database';
import type { EmailAttachment } from '../../../db/schema/email';
import { findAssessment } from '../../assessments';
import { findQuote, itemsOf } from '../../quotes';
import { findInvoiceOfPayment, insertInvoice, takeInvoiceNumber } from './invoices.repo';
import { invoicePdfFileName, renderInvoicePdf } from './invoice-pdf';

interface Paid {
  id: number;
  quoteId: number;
  appointmentId: number;
  /** The appointment's day: the date of supply. */
  appointmentDate: string;
}

/**
 * The booking's VAT invoice, numbered from the one sequence; when the company is not VAT registered
 * (no VAT number: issue 37), a plain receipt instead, from the same sequence, with no VAT number or
 * VAT column. Idempotent: a payment has one invoice (or receipt).
 */
export async function issueInvoice(tx: Db, company: CompanyDetails, paid: Paid, now: Date): Promise<InvoiceFacts | null> {
  return issue(tx, company, paid, 'invoice', now);
}

/** The credit note for a refunded payment that had a VAT invoice (the whole amount), or null (none, or a receipt). */
export async function issueCreditNote(tx: Db, company: CompanyDetails, paid: Paid, now: Date): Promise<InvoiceFacts | null> {
  const invoice = await findInvoiceOfPayment(tx, paid.id, 'invoice');
  // A credit note corrects a VAT invoice; a receipt is not one (the refund e-mail says what was refunded).
  if (!invoice || invoice.facts.kind !== 'invoice') return null;
  return issue(tx, company, paid, 'credit-note', now, invoice.facts);
}

async function issue(tx: Db, company: CompanyDetails, paid: Paid, kind: InvoiceKind, now: Date, credits?: InvoiceFacts): Promise<InvoiceFacts | null> {
  const existing = await findInvoiceOfPayment(tx, paid.id, kind);
  if (existing) return existing.facts;
  const facts = credits ? creditNoteFacts(credits) : await invoiceFacts(tx, company, paid);
  if (!facts) return null;
  // Last, so the counter row is held for as short a time as possible before the commit.
  const number = await takeInvoiceNumber(tx);
  const issued: InvoiceFacts = { ...facts, number: invoiceNumberText(facts.kind, number), issuedDate: londonDateOf(now) };
  await insertInvoice(tx, { number, kind, paymentId: paid.id, appointmentId: paid.appointmentId, facts: issued });
  return issued;
}

async function invoiceFacts(tx: Db, company: CompanyDetails, paid: Paid): Promise<Omit<InvoiceFacts, 'number' | 'issuedDate'> | null> {
  const quote = await findQuote(tx, paid.quoteId);
  const assessment = quote ? await findAssessment(tx, quote.assessmentId) : undefined;
  if (!quote || !assessment) return null;
  // Issue 37: no VAT number, no VAT invoice: a receipt (a quote priced while registered keeps its
  // VAT, and the receipt's total includes it, without a VAT breakdown the company cannot issue).
  const receipt = company.vatNumber === null;
  const items = await itemsOf(tx, [quote.id]);
  const workPence = quote.laborPence + quote.partsPence + quote.materialsPence;
  // The quote's own lines when they add up to its work; otherwise its labour and parts.
  const work =
    items.length > 0 && items.reduce((sum, item) => sum + item.costPence, 0) === workPence
      ? items.map((item) => ({ description: item.description, netPence: item.costPence }))
      : [
          { description: 'Labour', netPence: quote.laborPence },
          { description: 'Parts and materials', netPence: quote.partsPence + quote.materialsPence },
        ].filter((line) => line.netPence > 0);
  const lines = invoiceLines([...work, { description: `${site.brand} service fee`, netPence: quote.feePence }], quote.vatPence);
  const netPence = lines.reduce((sum, line) => sum + line.netPence, 0);
  return {
    kind: receipt ? 'receipt' : 'invoice',
    supplyDate: paid.appointmentDate,
    reference: assessment.reference,
    company: { name: company.name, address: registeredOfficeLine(company), vatNumber: receipt ? null : company.vatNumber, companyNumber: company.number, registeredIn: company.registeredIn },
    customer: { name: assessment.name, address: [assessment.address, assessment.city, assessment.postcode].filter((part) => part.trim() !== '').join(', ') },
    lines,
    netPence,
    vatPence: quote.vatPence,
    totalPence: netPence + quote.vatPence,
  };
}

/** A credit note repeats the invoice's lines and names it: the whole amount is refunded. */
function creditNoteFacts(invoice: InvoiceFacts): Omit<InvoiceFacts, 'number' | 'issuedDate'> {
  const { number, issuedDate: _issued, ...rest } = invoice;
  return { ...rest, kind: 'credit-note', creditsInvoiceNumber: number };
}

/**
 * A refund's credit note, ready for the refund e-mail, or null when the payment had no invoice.
 * Called after the provider made the refund, last in the transaction, so the counter row is not
 * held across the provider's call.
 */
export async function creditNoteForRefund(tx: Db, company: CompanyDetails, paid: Paid, now: Date): Promise<{ number: string; attachment: EmailAttachment } | null> {
  const note = await issueCreditNote(tx, company, paid, now);
  return note ? { number: note.number, attachment: await invoiceAttachment(note) } : null;
}

/** The invoice as the confirmation e-mail's attachment (base64: a PDF is not text). */
export async function invoiceAttachment(facts: InvoiceFacts): Promise<EmailAttachment> {
  const pdf = await renderInvoicePdf(facts);
  return { filename: invoicePdfFileName(facts), contentType: 'application/pdf', content: pdf.toString('base64'), encoding: 'base64' };
}
