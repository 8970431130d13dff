// Ids read from the database, written into a statement as one array literal ('{1,2,3}'::int[]):
// one text of the statement whatever the number of ids, rather than a parameter each. Only whole
// numbers go in, so nothing a person typed can reach the statement's text.
import { sql, type SQL } from 'drizzle-orm';

export function intArray(ids: readonly number[]): SQL {
  for (const id of ids) if (!Number.isSafeInteger(id)) throw new TypeError(`Not a whole-number id: ${String(id)}`);
  return sql.raw(`'{${ids.join(',')}}'::int[]`);
}
