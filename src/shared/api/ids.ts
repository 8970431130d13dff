// Ids in paths, shared by every module's routes.
import { z } from 'zod';

/**
 * A database id in a path: a positive 32-bit integer written in plain digits, so that a record
 * has one address ('1.0', '0x1', '1e0', ' 1' and '01' are not ids; z.coerce.number took them all).
 */
export const RecordIdSchema = z
  .string()
  .regex(/^[1-9][0-9]{0,9}$/, 'Not an id')
  .transform(Number)
  .pipe(z.number().max(2_147_483_647, 'Not an id'));
