// Issue 37 item 5: VAT invoices and credit notes. Their numbers come from one gapless sequence:
// a counter row locked FOR UPDATE inside the payment's (or refund's) transaction, so a rolled-back
// payment takes no number and two payments at once take consecutive ones. A PostgreSQL SEQUENCE
// is not used: it hands out numbers outside transactions and leaves gaps on rollback.
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { InvoiceFacts } from '../../../shared/invoice';
import { appointments } from './bookings';
import { payments } from './payments';

/** The one counter: its single row ('vat-invoices') holds the next number to hand out. */
export const invoiceCounters = pgTable('invoice_counters', {
  id: text('id').primaryKey(),
  nextNumber: integer('next_number').notNull(),
});

export const invoices = pgTable(
  'invoices',
  {
    id: serial('id').primaryKey(),
    number: integer('number').notNull(),
    kind: text('kind', { enum: ['invoice', 'credit-note'] }).notNull(),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => payments.id),
    appointmentId: integer('appointment_id')
      .notNull()
      .references(() => appointments.id),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    // What the document says, written once when it is issued: an invoice is not rewritten when
    // the company's settings, the quote or the customer's details change later.
    facts: jsonb('facts').$type<InvoiceFacts>().notNull(),
  },
  (t) => [
    uniqueIndex('invoices_number_key').on(t.number),
    // One invoice per payment, and one credit note.
    uniqueIndex('invoices_payment_kind_key').on(t.paymentId, t.kind),
    index('invoices_appointment_idx').on(t.appointmentId),
    check('invoices_kind_check', sql`${t.kind} IN ('invoice', 'credit-note')`),
  ],
);
