// The one way a status changes on the server (docs/decisions/0004-lifecycles.md): a guarded
// UPDATE that succeeds only when the row's current status is one of the transition's
// from-states, so two requests racing for the same change cannot both win. A refusal is a
// 409 with a sentence a person can act on; a missing row is a 404.
import { and, eq, getTableColumns, inArray, sql, type SQL } from 'drizzle-orm';
import { conflictMessage, lifecycles, type Lifecycle, type LifecycleEntity, type TransitionOf } from '../../shared/lifecycles';
import { DomainError, notFound } from '../kernel/errors';
import type { Db } from './database';
import { refuseUndeclared } from './step-scope';
import { appointments, assessments, jobNotifications, jobRuns, outboxEmails, payments, payouts, quotes } from './schema';

const tables = {
  assessment: assessments,
  quote: quotes,
  quoteAssignment: quotes,
  appointment: appointments,
  payment: payments,
  payout: payouts,
  jobNotification: jobNotifications,
  outboxEmail: outboxEmails,
  jobRun: jobRuns,
} as const satisfies Record<LifecycleEntity, unknown>;

type Tables = typeof tables;
type Row<E extends LifecycleEntity> = Tables[E]['$inferSelect'];
// What a transition may change beside its status: never the id, nor a status column of its own
// (`quotes.assignment_status` has its lifecycle, as `status` has).
type Changes<E extends LifecycleEntity> = Partial<Omit<Tables[E]['$inferInsert'], 'id' | 'status' | 'assignmentStatus'>>;

/** The drizzle column that follows `lifecycle`: its `column` (a database name), or `status`. */
function statusColumnOf(lifecycle: Lifecycle, table: Tables[LifecycleEntity]): { key: string; column: typeof quotes.status } {
  const name = lifecycle.column ?? 'status';
  const found = Object.entries(getTableColumns(table)).find(([, column]) => column.name === name);
  if (!found) throw new Error(`The ${lifecycle.entity} lifecycle names ${lifecycle.table}.${name}, which the schema does not have`);
  return { key: found[0], column: found[1] as typeof quotes.status };
}

// Each entity's status column, found once when the module loads (a lifecycle naming a column
// the schema lacks stops the server at start-up, not at its first transition).
const statusColumns = Object.fromEntries(
  (Object.keys(tables) as LifecycleEntity[]).map((entity) => [entity, statusColumnOf(lifecycles[entity] as Lifecycle, tables[entity])]),
) as Record<LifecycleEntity, ReturnType<typeof statusColumnOf>>;

/** A transition refused because the row is in a state it may not start from (HTTP 409). */
export class TransitionConflictError extends DomainError {
  constructor(
    readonly entity: LifecycleEntity,
    readonly transition: string,
    readonly currentStatus: string,
    message: string,
  ) {
    super(409, 'invalid_transition', message);
    this.name = 'TransitionConflictError';
  }
}

export interface TransitionOptions<E extends LifecycleEntity> {
  /** Other columns to change in the same statement (approvedAt, cancelledAt, …). */
  set?: Changes<E>;
  /** A further guard (e.g. the quote's total is still the one the admin saw). */
  where?: SQL;
}

/**
 * Applies `transition` to the row `id` of `entity`, or throws: TransitionConflictError (409)
 * when its status may not make that transition, DomainError 404 when there is no such row.
 * Pass a transaction as `db` to make it part of a larger change.
 */
export async function transition<E extends LifecycleEntity>(
  db: Db,
  entity: E,
  name: TransitionOf<(typeof lifecycles)[E]>,
  id: number,
  options: TransitionOptions<E> = {},
): Promise<Row<E>> {
  const lifecycle = lifecycles[entity] as Lifecycle;
  const spec = lifecycle.transitions[name];
  if (!spec) throw new Error(`The ${entity} lifecycle has no transition "${name}"`);
  // Inside a booking step (runStep), only the transitions it declares (src/shared/lifecycles/booking-process.ts).
  refuseUndeclared(entity, name);
  // Drizzle cannot follow a union of tables through update(); every one has an id and the status column.
  const table = tables[entity] as typeof quotes;
  const status = statusColumns[entity];
  const values: Record<string, unknown> = { ...options.set, [status.key]: spec.to ?? sql`${status.column}` };
  if ('updatedAt' in table) values.updatedAt = new Date();
  const guard = and(eq(table.id, id), inArray(status.column, spec.from as never), options.where);
  const [row] = await db.update(table).set(values).where(guard).returning();
  if (row) return row as Row<E>;

  const [current] = await db.select({ status: status.column }).from(table).where(eq(table.id, id));
  if (!current) throw notFound(`We could not find that ${lifecycle.noun}.`);
  const message = spec.from.includes(current.status)
    ? `This ${lifecycle.noun} changed while you were looking at it. Please reload the page and try again.`
    : conflictMessage(lifecycle, name, current.status);
  throw new TransitionConflictError(entity, name, current.status, message);
}

/**
 * Throws what `transition` would for a row whose status is `status` (409 with the lifecycle's
 * sentence) when that status may not make transition `name`, without touching the database: for
 * a route that must refuse the wrong state before it weighs anything else (a revised quote's
 * figures, a job marked done too early). The transition itself still guards its own statement.
 */
export function refuseUnlessAllowed<E extends LifecycleEntity>(entity: E, name: TransitionOf<(typeof lifecycles)[E]>, status: string): void {
  const lifecycle = lifecycles[entity] as Lifecycle;
  const spec = lifecycle.transitions[name];
  if (!spec) throw new Error(`The ${entity} lifecycle has no transition "${name}"`);
  if (!spec.from.includes(status)) throw new TransitionConflictError(entity, name, status, conflictMessage(lifecycle, name, status));
}
