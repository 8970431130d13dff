import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

// Fixed-window counters shared by every app instance (sign-in throttling and the like).
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull(),
  count: integer('count').notNull(),
});
