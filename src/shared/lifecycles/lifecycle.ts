// Lifecycles as code (docs/decisions/0004-lifecycles.md): each entity's statuses and its
// named transitions, with the states each may start from. The server changes a status only
// through these (src/server/db/transition.ts), the database CHECKs the same lists, and
// docs/lifecycles.md is drawn from them.

export interface TransitionSpec<S extends string> {
  /** The statuses the transition may start from. */
  readonly from: readonly S[];
  /** The status afterwards; absent when the transition keeps the status (revise, reschedule). */
  readonly to?: S;
  /** The transition's past participle, for the 409 sentence: "… so it cannot be approved now." */
  readonly done: string;
}

export interface Lifecycle<S extends string = string, T extends string = string> {
  /** The entity's name in code and in docs/lifecycles.md. */
  readonly entity: string;
  /** What a person calls it: "quote", "booking". */
  readonly noun: string;
  /** The database table one of whose columns follows this lifecycle. */
  readonly table: string;
  /** That column, when it is not `status`. */
  readonly column?: string;
  readonly statuses: readonly [S, ...S[]];
  /** The status a new row starts in (the column's default). */
  readonly initial: S;
  /** Each status as the end of "This quote …", e.g. "has already been approved". */
  readonly describe: Readonly<Record<S, string>>;
  readonly transitions: Readonly<Record<T, TransitionSpec<S>>>;
}

export type StatusOf<L> = L extends Lifecycle<infer S, string> ? S : never;
export type TransitionOf<L> = L extends Lifecycle<string, infer T> ? T : never;

const STATUS_PATTERN = /^[a-z][a-z_]*$/;

/** Declares a lifecycle and checks it is well formed: statuses are plain words, every transition starts and ends on a declared status. */
export function defineLifecycle<const S extends string, const T extends string>(lifecycle: Lifecycle<S, T>): Lifecycle<S, T> {
  const declared = new Set<string>(lifecycle.statuses);
  const problems: string[] = [];
  for (const status of lifecycle.statuses) if (!STATUS_PATTERN.test(status)) problems.push(`status "${status}" is not a lower-case word`);
  if (declared.size !== lifecycle.statuses.length) problems.push('a status is listed twice');
  if (!declared.has(lifecycle.initial)) problems.push(`initial status "${lifecycle.initial}" is not declared`);
  for (const [name, spec] of Object.entries<TransitionSpec<S>>(lifecycle.transitions)) {
    if (spec.from.length === 0) problems.push(`${name} starts from no status`);
    for (const from of spec.from) if (!declared.has(from)) problems.push(`${name} starts from undeclared "${from}"`);
    if (spec.to !== undefined && !declared.has(spec.to)) problems.push(`${name} ends on undeclared "${spec.to}"`);
  }
  if (problems.length > 0) throw new Error(`The ${lifecycle.entity} lifecycle is not well formed: ${problems.join('; ')}`);
  return lifecycle;
}

export function isStatus<S extends string>(lifecycle: Lifecycle<S, string>, value: unknown): value is S {
  return typeof value === 'string' && (lifecycle.statuses as readonly string[]).includes(value);
}

/** The status after `transition` from `current`, or null when the transition may not start there. */
export function nextStatus<S extends string, T extends string>(lifecycle: Lifecycle<S, T>, current: S, transition: T): S | null {
  const spec = lifecycle.transitions[transition];
  if (!spec.from.includes(current)) return null;
  return spec.to ?? current;
}

/** The transitions that may start from `current`. */
export function availableTransitions<S extends string, T extends string>(lifecycle: Lifecycle<S, T>, current: S): T[] {
  return (Object.keys(lifecycle.transitions) as T[]).filter((name) => lifecycle.transitions[name].from.includes(current));
}

/** Statuses no transition leaves. */
export function terminalStatuses<S extends string>(lifecycle: Lifecycle<S, string>): S[] {
  const specs = Object.values<TransitionSpec<S>>(lifecycle.transitions);
  return lifecycle.statuses.filter((status) => !specs.some((spec) => spec.from.includes(status) && (spec.to ?? status) !== status));
}

/**
 * The sentence a person reads when `transition` is refused because the row is in `current`:
 * "This quote has already been approved." or "This quote has already been booked, so it
 * cannot be revised now."
 */
export function conflictMessage<S extends string, T extends string>(lifecycle: Lifecycle<S, T>, transition: T, current: S): string {
  const spec = lifecycle.transitions[transition];
  const state = `This ${lifecycle.noun} ${lifecycle.describe[current]}`;
  if (spec.to !== undefined && spec.to === current) return `${state}.`;
  return `${state}, so it cannot be ${spec.done} now.`;
}
