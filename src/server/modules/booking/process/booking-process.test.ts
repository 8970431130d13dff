// The booking process is declared once (src/shared/lifecycles/booking-process.ts): every
// transition() the server makes on a booking's rows must be one a declared step makes. Read from
// the source, so a change no step declares fails here before it can run (the step runner refuses
// one at run time as well: run-step.ts).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { lifecycles, type Lifecycle } from '../../../../shared/lifecycles';
import { bookingProcess, isProcessEntity, stepsMaking } from '../../../../shared/lifecycles/booking-process';

const serverRoot = fileURLToPath(new URL('../../../', import.meta.url));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return path.endsWith('.ts') && !path.endsWith('.test.ts') ? [path] : [];
  });
}

/** Each transition() call in `source` that the booking process does not declare, as a sentence. */
export function undeclaredTransitions(source: string, where = 'source'): string[] {
  const problems: string[] = [];
  for (const call of source.matchAll(/\btransition\s*\(\s*[\w.]+\s*,\s*([^,]+?)\s*,\s*([^,]+?)\s*,/g)) {
    const line = source.slice(0, call.index).split('\n').length;
    const [entityText, nameText] = [call[1]!, call[2]!];
    const entity = /^'(\w+)'$/.exec(entityText)?.[1];
    const name = /^'(\w+)'$/.exec(nameText)?.[1];
    if (!entity) {
      problems.push(`${where}:${line} calls transition() with an entity that is not written out (${entityText})`);
      continue;
    }
    if (!isProcessEntity(entity)) continue; // outbox e-mails and job runs are not a booking's
    if (!name) {
      problems.push(`${where}:${line} calls transition() on ${entity} with a name that is not written out (${nameText}): name each one, so this check can read it`);
      continue;
    }
    if (stepsMaking(entity, name).length === 0) problems.push(`${where}:${line} makes ${entity}.${name}, which no step of the booking process declares`);
  }
  return problems;
}

describe('the booking process', () => {
  it('declares every transition the server makes on a booking’s rows', () => {
    const files = sourceFiles(serverRoot).filter((file) => !file.endsWith(join('db', 'transition.ts')));
    const problems = files.flatMap((file) => undeclaredTransitions(readFileSync(file, 'utf8'), relative(serverRoot, file)));
    expect(problems).toEqual([]);
    // It did read them: the server makes dozens of them (47 call sites when this was written).
    const calls = files.reduce((sum, file) => sum + [...readFileSync(file, 'utf8').matchAll(/\btransition\s*\(\s*\w+\s*,\s*'/g)].length, 0);
    expect(calls).toBeGreaterThan(40);
  });

  it('fails a call for a change no step makes, and one it cannot read', () => {
    expect(undeclaredTransitions("await transition(tx, 'payment', 'cancel', payment.id);")).toEqual([
      'source:1 makes payment.cancel, which no step of the booking process declares',
    ]);
    expect(undeclaredTransitions("await transition(tx, 'appointment', name, id, options);")[0]).toMatch(/name that is not written out/);
    expect(undeclaredTransitions("await transition(tx, 'payment', 'refund', payment.id, {});")).toEqual([]);
    expect(undeclaredTransitions("await transition(db, 'jobRun', 'finish', id, {});")).toEqual([]);
  });

  it('names only transitions its lifecycles have', () => {
    for (const [name, step] of Object.entries(bookingProcess)) {
      for (const made of step.transitions) {
        const [entity, transition] = made.split('.') as [keyof typeof lifecycles, string];
        expect((lifecycles[entity] as Lifecycle).transitions[transition], `${name}: ${made}`).toBeDefined();
      }
    }
  });
});
