// A sweep that may meet a backlog reads it a page at a time in order of id, each page starting
// after the last id of the one before (keyset paging): one run goes through a backlog of any
// length without holding it all, and meets no row twice however the rows change under it (a row
// that failed, or was changed by someone else, is not read again). The payout release run and the
// hold-lapse sweep use it.

/**
 * Yields `read`'s pages until one comes back short. `read(afterId, limit)` answers at most `limit`
 * rows with ids above `afterId`, in order of id; `idOf` names a row's id.
 */
export async function* pagesAfterId<Row>(read: (afterId: number, limit: number) => Promise<Row[]>, pageSize: number, idOf: (row: Row) => number): AsyncGenerator<Row[]> {
  let afterId = 0;
  for (;;) {
    const rows = await read(afterId, pageSize);
    yield rows;
    if (rows.length < pageSize) return;
    afterId = idOf(rows[rows.length - 1]!);
  }
}
