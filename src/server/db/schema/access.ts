import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { assessments } from './assessments';

// D10: a customer's access grant to one assessment (and its quote, booking and photos). The
// token is in a cookie and in e-mailed links; only its hash is stored. An assessment may
// have several (a retried submission from a browser that never got the first cookie).
export const customerGrants = pgTable(
  'customer_grants',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull(),
    assessmentId: integer('assessment_id')
      .notNull()
      .references(() => assessments.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('customer_grants_token_hash_key').on(t.tokenHash), index('customer_grants_assessment_idx').on(t.assessmentId)],
);
