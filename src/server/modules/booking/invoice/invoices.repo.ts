// Queries for VAT invoices and credit notes (issue 37 item 5). Each takes the caller's transaction.
import { and, asc, eq, sql } from 'drizzle-orm';
import type { InvoiceFacts, InvoiceKind } from '../../../../shared/invoice';
import type { Db } from '../../../db/database';
import { invoiceCounters, invoices } from '../../../db/schema';

export const INVOICE_COUNTER = 'vat-invoices';

/**
 * The next number of the one gapless sequence, taken inside the caller's transaction: the
 * counter row is locked FOR UPDATE until it commits (a second payment waits here, then takes the
 * next number) and moved on; a rollback puts it back, so no number is lost.
 */
export async function takeInvoiceNumber(db: Db): Promise<number> {
  // The migration seeds the row; a database restored without it starts again from 1.
  await db.insert(invoiceCounters).values({ id: INVOICE_COUNTER, nextNumber: 1 }).onConflictDoNothing();
  const [row] = await db.select({ next: invoiceCounters.nextNumber }).from(invoiceCounters).where(eq(invoiceCounters.id, INVOICE_COUNTER)).for('update');
  const number = row!.next;
  await db.update(invoiceCounters).set({ nextNumber: sql`${invoiceCounters.nextNumber} + 1` }).where(eq(invoiceCounters.id, INVOICE_COUNTER));
  return number;
}

export async function insertInvoice(db: Db, values: { number: number; kind: InvoiceKind; paymentId: number; appointmentId: number; facts: InvoiceFacts }) {
  const [row] = await db.insert(invoices).values(values).returning();
  return row!;
}

export async function findInvoiceOfPayment(db: Db, paymentId: number, kind: InvoiceKind) {
  const [row] = await db.select().from(invoices).where(and(eq(invoices.paymentId, paymentId), eq(invoices.kind, kind)));
  return row;
}

/** The appointment's invoice and credit note (if any), oldest first. */
export async function invoicesOfAppointment(db: Db, appointmentId: number) {
  return db.select().from(invoices).where(eq(invoices.appointmentId, appointmentId)).orderBy(asc(invoices.number));
}
