// Quotes priced from an assessment (SPEC section 3, Quote; D12).
import { date, index, integer, jsonb, pgTable, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt, oneOf } from './columns';
import { quoteLifecycle } from '../../../shared/lifecycles/quote';
import { quoteAssignmentLifecycle } from '../../../shared/lifecycles/quote-assignment';
import { assessments } from './assessments';
import { repairers } from './repairers';

export const quotes = pgTable(
  'quotes',
  {
    id: serial('id').primaryKey(),
    assessmentId: integer('assessment_id')
      .notNull()
      .references(() => assessments.id, { onDelete: 'cascade' }),
    laborPence: integer('labor_pence').notNull(),
    partsPence: integer('parts_pence').notNull(),
    materialsPence: integer('materials_pence').notNull().default(0),
    feePence: integer('fee_pence').notNull(),
    vatPence: integer('vat_pence').notNull(),
    repairerPaymentPence: integer('repairer_payment_pence').notNull(),
    totalPence: integer('total_pence').notNull(),
    estimatedHours: integer('estimated_hours'),
    estimatedDays: integer('estimated_days').notNull(),
    validUntilDate: date('valid_until_date').notNull(),
    warrantyMonths: smallint('warranty_months').notNull().default(12),
    // The quote lifecycle (src/shared/lifecycles/quote.ts); expiry is derived from validUntilDate.
    status: text('status', { enum: quoteLifecycle.statuses }).notNull().default(quoteLifecycle.initial),
    // Its own lifecycle (src/shared/lifecycles/quote-assignment.ts): offered to repairers, taken by one (D16), released.
    assignmentStatus: text('assignment_status', { enum: quoteAssignmentLifecycle.statuses }).notNull().default(quoteAssignmentLifecycle.initial),
    assignedRepairerId: integer('assigned_repairer_id').references(() => repairers.id),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('quotes_assessment_key').on(t.assessmentId),
    // The quote desk's lists: by status, newest first.
    index('quotes_status_created_idx').on(t.status, t.createdAt),
    // The jobs a technician holds (issue 35 item 7: the month view reads them per technician).
    index('quotes_assigned_repairer_idx').on(t.assignedRepairerId),
    oneOf('quotes_status_check', t.status, quoteLifecycle.statuses),
    oneOf('quotes_assignment_status_check', t.assignmentStatus, quoteAssignmentLifecycle.statuses),
  ],
);

export const quoteItems = pgTable(
  'quote_items',
  {
    id: serial('id').primaryKey(),
    quoteId: integer('quote_id')
      .notNull()
      .references(() => quotes.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    description: text('description').notNull(),
    costPence: integer('cost_pence').notNull(),
  },
  (t) => [index('quote_items_quote_idx').on(t.quoteId)],
);

// D21: a customer's request to change an approved quote; answered when an admin revises and re-approves it.
export const quoteModificationRequests = pgTable(
  'quote_modification_requests',
  {
    id: serial('id').primaryKey(),
    quoteId: integer('quote_id')
      .notNull()
      .references(() => quotes.id, { onDelete: 'cascade' }),
    message: text('message').notNull(),
    createdAt: createdAt(),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
  },
  (t) => [index('quote_modification_requests_quote_idx').on(t.quoteId)],
);

// Issue 37 item 7: a revision of an approved quote the team has saved but not sent. The customer's
// reads never touch this table; "Send revised quote" applies it through the revise-quote step.
export const quoteRevisionDrafts = pgTable('quote_revision_drafts', {
  quoteId: integer('quote_id')
    .primaryKey()
    .references(() => quotes.id, { onDelete: 'cascade' }),
  /** The admin's adjustment as sent (QuoteAdjustment), priced again when it is sent. */
  adjustment: jsonb('adjustment').notNull(),
  /** The quote as it will read once sent (QuoteView), for the team's card. */
  view: jsonb('view').notNull(),
  savedAt: timestamp('saved_at', { withTimezone: true }).notNull().defaultNow(),
});
