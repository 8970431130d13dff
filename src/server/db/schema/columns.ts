// Columns every table spells the same way: instants are timestamptz; statuses are CHECKed
// against their lifecycle (src/shared/lifecycles).
import { sql } from 'drizzle-orm';
import { check, integer, text, timestamp, type AnyPgColumn } from 'drizzle-orm/pg-core';

export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/**
 * A processed photo's two files (D7: the display copy and the thumbnail) as images' writePhotoFiles
 * describes them: the customers' photos (assessment_images) and a technician's (repairer_photos).
 */
export const photoFileColumns = () => ({
  contentType: text('content_type').notNull(),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  displayKey: text('display_key').notNull(),
  displayBytes: integer('display_bytes').notNull(),
  thumbKey: text('thumb_key').notNull(),
  thumbBytes: integer('thumb_bytes').notNull(),
});

/** CHECK that a column holds one of a fixed list of plain words (a lifecycle's statuses). */
export function oneOf(name: string, column: AnyPgColumn, values: readonly string[]) {
  for (const value of values) if (!/^[a-z][a-z_]*$/.test(value)) throw new Error(`${name}: "${value}" is not a plain status word`);
  return check(name, sql`${column} IN (${sql.raw(values.map((value) => `'${value}'`).join(', '))})`);
}
