import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { assessments } from './assessments';

// Issue 38 item 1 (docs/decisions/0036): a customer's My repairs session in one browser, begun by
// a sign-in link sent to their e-mail. Its token is the browser's My repairs cookie and, as a
// grant, opens every enquiry made with that e-mail (its rows in customer_grants); only its hash
// is stored. Ended by signing out, or by "Sign out everywhere else" in another browser.
export const customerSessions = pgTable(
  'customer_sessions',
  {
    id: serial('id').primaryKey(),
    /** Lower-cased, trimmed: how enquiries are matched to it (lower(assessments.email)). */
    email: text('email').notNull(),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('customer_sessions_token_hash_key').on(t.tokenHash), index('customer_sessions_email_idx').on(t.email)],
);

// D10: a customer's access grant to one assessment (and its quote, booking and photos). The
// token is in a cookie and in e-mailed links; only its hash is stored. An assessment may
// have several (a retried submission from a browser that never got the first cookie). A My
// repairs session's token is one grant to each of the e-mail's enquiries (one row each, so a
// token may open several assessments; session_id says whose they are).
export const customerGrants = pgTable(
  'customer_grants',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull(),
    assessmentId: integer('assessment_id')
      .notNull()
      .references(() => assessments.id, { onDelete: 'cascade' }),
    sessionId: integer('session_id').references(() => customerSessions.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('customer_grants_token_assessment_key').on(t.tokenHash, t.assessmentId),
    index('customer_grants_assessment_idx').on(t.assessmentId),
    index('customer_grants_session_idx')
      .on(t.sessionId)
      .where(sql`${t.sessionId} IS NOT NULL`),
  ],
);

// Issue 38 item 1: a single-use sign-in link to My repairs, valid 30 minutes; only its hash is stored.
export const customerSignInLinks = pgTable(
  'customer_sign_in_links',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('customer_sign_in_links_token_hash_key').on(t.tokenHash), index('customer_sign_in_links_email_idx').on(t.email)],
);
