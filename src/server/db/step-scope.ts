// Which step of the booking process is running (src/server/modules/booking/process/run-step.ts),
// so that `transition` can refuse a change the running step does not declare. Kept here, below
// the modules, as a predicate: the database layer knows nothing of the process itself.
import { AsyncLocalStorage } from 'node:async_hooks';

export interface StepGuard {
  /** The step's name, for the error. */
  readonly step: string;
  /** Whether the step declares `entity`'s `transition` (true for rows that are not a booking's). */
  makes(entity: string, transition: string): boolean;
}

const running = new AsyncLocalStorage<StepGuard>();

/** Runs `body` as `guard`'s step: every `transition` inside it is checked against the step's declaration. */
export function withinStep<T>(guard: StepGuard, body: () => Promise<T>): Promise<T> {
  return running.run(guard, body);
}

/** A transition the running step does not declare: a programming error (500), never a user's. */
export class UndeclaredTransitionError extends Error {
  constructor(step: string, entity: string, transition: string) {
    super(`The booking step "${step}" made ${entity}.${transition}, which src/shared/lifecycles/booking-process.ts does not declare for it`);
    this.name = 'UndeclaredTransitionError';
  }
}

/** Throws when a step is running and does not declare this transition. */
export function refuseUndeclared(entity: string, transition: string): void {
  const guard = running.getStore();
  if (guard && !guard.makes(entity, transition)) throw new UndeclaredTransitionError(guard.step, entity, transition);
}
