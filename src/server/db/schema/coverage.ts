// "Tell me when you do" (issue 35 item 3): a customer whose enquiry no verified technician
// covers asks to be e-mailed once one does. One request per enquiry; `notifiedAt` is set in the
// transaction that queues the e-mail, so each customer is told once.
import { index, integer, pgTable, serial, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { assessments } from './assessments';
import { createdAt } from './columns';

export const coverageRequests = pgTable(
  'coverage_requests',
  {
    id: serial('id').primaryKey(),
    assessmentId: integer('assessment_id')
      .notNull()
      .references(() => assessments.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('coverage_requests_assessment_key').on(t.assessmentId),
    // The job's scan: the requests still waiting.
    index('coverage_requests_waiting_idx').on(t.id).where(sql`${t.notifiedAt} IS NULL`),
  ],
);
