// Ids, shared by every module's routes: one bounded schema for an id in a path or a query string
// (text) and one for an id in a JSON body (a number). PostgreSQL's ids are int4: an id past
// 2,147,483,647 reached the database and answered 500 with a "Failed query" log line (issue 33).
import { z } from 'zod';

/** The largest id a record can have (PostgreSQL's integer). */
export const MAX_RECORD_ID = 2_147_483_647;

/**
 * A database id in a path or query string: a positive 32-bit integer written in plain digits, so
 * that a record has one address ('1.0', '0x1', '1e0', ' 1' and '01' are not ids; z.coerce.number
 * took them all).
 */
export const RecordIdSchema = z
  .string()
  .regex(/^[1-9][0-9]{0,9}$/, 'Not an id')
  .transform(Number)
  .pipe(z.number().int().min(1).max(MAX_RECORD_ID, 'Not an id'));

/**
 * A database id in a JSON body: a JSON number, whole, from 1 to MAX_RECORD_ID (a string, `true`
 * or `[1]` is not an id), refused with `message`.
 */
export const recordId = (message = 'Not an id') => z.number({ error: message }).int({ error: message }).min(1, { error: message }).max(MAX_RECORD_ID, { error: message });
