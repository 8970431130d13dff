// docs/lifecycles.md, drawn from the lifecycles themselves (scripts/lifecycle-docs.ts writes
// it; a unit test fails when the committed file and this disagree).
import { terminalStatuses, type Lifecycle, type TransitionSpec } from './lifecycle';
import { lifecycles } from './index';
import { bookingProcess, TIMERS, type StepName, type Timer } from './booking-process';
import { unassignedPathSection } from './unassigned-path';

export function stateDiagram(lifecycle: Lifecycle): string {
  const lines = ['stateDiagram-v2', `    [*] --> ${lifecycle.initial}`];
  for (const [name, spec] of Object.entries<TransitionSpec<string>>(lifecycle.transitions)) {
    for (const from of spec.from) lines.push(`    ${from} --> ${spec.to ?? from}: ${name}`);
  }
  for (const status of terminalStatuses(lifecycle)) lines.push(`    ${status} --> [*]`);
  return lines.join('\n');
}

function transitionTable(lifecycle: Lifecycle): string {
  const rows = Object.entries<TransitionSpec<string>>(lifecycle.transitions).map(
    ([name, spec]) => `| \`${name}\` | ${spec.from.map((s) => `\`${s}\``).join(', ')} | ${spec.to ? `\`${spec.to}\`` : '(unchanged)'} |`,
  );
  return ['| Transition | From | To |', '| --- | --- | --- |', ...rows].join('\n');
}

/**
 * The booking's spine: the appointment's statuses, each arrow one step of the booking process
 * that moves it (with who takes it). The steps that move only other rows are in the table below.
 */
export function processDiagram(): string {
  const appointment = lifecycles.appointment as Lifecycle;
  const lines = ['stateDiagram-v2', `    [*] --> ${appointment.initial}: hold-slot (customer)`];
  for (const [name, step] of Object.entries(bookingProcess)) {
    for (const made of step.transitions) {
      const [entity, transition] = made.split('.') as [string, string];
      if (entity !== 'appointment') continue;
      const spec = appointment.transitions[transition]!;
      for (const from of spec.from) lines.push(`    ${from} --> ${spec.to ?? from}: ${name} (${step.actors.join(', ')})`);
    }
  }
  for (const status of terminalStatuses(appointment)) lines.push(`    ${status} --> [*]`);
  return [...new Set(lines)].join('\n');
}

const list = (items: readonly string[] | undefined) => (items && items.length > 0 ? items.map((i) => `\`${i}\``).join(', ') : '—');

function stepsTable(): string {
  const rows = (Object.entries(bookingProcess) as [StepName, (typeof bookingProcess)[StepName]][]).map(([name, step]) =>
    [
      `\`${name}\``,
      step.actors.join(', '),
      list(step.transitions),
      step.locks.length > 0 || step.thenLocks ? [...step.locks, ...(step.thenLocks ?? [])].join(' → ') : '—',
      list(step.emails),
      list(step.jobs),
      step.timers ? step.timers.join(', ') : '—',
      step.summary,
    ].join(' | '),
  );
  return ['| Step | Who | Transitions | Locks | E-mails | Jobs | Timers | What happens |', '| --- | --- | --- | --- | --- | --- | --- | --- |', ...rows.map((r) => `| ${r} |`)].join('\n');
}

function timersTable(): string {
  const rows = (Object.entries(TIMERS) as [Timer, (typeof TIMERS)[Timer]][]).map(([name, timer]) => {
    const steps = Object.entries(bookingProcess)
      .filter(([, step]) => (step.timers as readonly string[] | undefined)?.includes(name))
      .map(([step]) => `\`${step}\``);
    return `| \`${name}\` | ${timer.after} | ${timer.what} | ${steps.join(', ')} |`;
  });
  return ['| Timer | After | What happens | Steps |', '| --- | --- | --- | --- |', ...rows].join('\n');
}

function processSection(): string {
  return [
    '## The booking process (`src/shared/lifecycles/booking-process.ts`)',
    '',
    'Each step of a booking, from the quote to the repairer\'s payout, declared once (docs/decisions/0023): who may take it,',
    'the transitions it makes together, the rows it locks (the booking\'s always in the one order quote → appointment → payment),',
    'the e-mails it writes to the outbox in its transaction, the jobs it starts after commit and its timers. The server runs a',
    'step through `runStep` (src/server/modules/booking/process/run-step.ts), which refuses a transition the step does not',
    'declare; a test fails when code calls `transition()` for a change no step makes.',
    '',
    'The appointment, moved by the steps:',
    '',
    '```mermaid',
    processDiagram(),
    '```',
    '',
    '### Steps',
    '',
    stepsTable(),
    '',
    '### Timers',
    '',
    timersTable(),
    '',
  ].join('\n');
}

export function lifecyclesDocument(): string {
  const sections = Object.values(lifecycles).map((lifecycle: Lifecycle) =>
    [
      `## ${lifecycle.entity} (\`${lifecycle.table}.${lifecycle.column ?? 'status'}\`)`,
      '',
      `Statuses: ${lifecycle.statuses.map((s) => `\`${s}\``).join(', ')}. A new row starts as \`${lifecycle.initial}\`.`,
      '',
      '```mermaid',
      stateDiagram(lifecycle),
      '```',
      '',
      transitionTable(lifecycle),
      '',
    ].join('\n'),
  );
  return [
    '# Lifecycles',
    '',
    '<!-- Generated by `npx tsx scripts/lifecycle-docs.ts` from src/shared/lifecycles. Do not edit by hand: a test compares this file with the code. -->',
    '',
    'Every status change on the server goes through `transition()` (src/server/db/transition.ts), which updates a row only',
    'when its current status is one of the transition\'s from-states, and otherwise answers 409 with a sentence. The',
    'database CHECKs each status column against the same lists. Why it is shaped this way: docs/decisions/0004-lifecycles.md.',
    '',
    processSection(),
    ...sections,
    unassignedPathSection,
  ]
    .join('\n')
    .replace(/\n*$/, '\n');
}
