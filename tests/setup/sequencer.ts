// The order Vitest runs test files in (vitest.config.ts, sequence.sequencer).
//
// With `isolate: false` a worker is kept for the next file only when the next file in the queue
// is of the same project and the same environment; otherwise Vitest stops the worker and starts
// a new one, which imports React, jsdom, the server and the shared rules all over again. Its own
// order (longest first, or largest first in a fresh clone) mixed the unit project's jsdom files
// with its node files, so the workers were replaced about 26 times a run (docs/decisions/0006,
// thirteenth round). Here files are grouped by project and environment, and within a group keep
// Vitest's order (failed first, then longest first, unknown first): at most one change of worker
// per group.
import { readFileSync } from 'node:fs';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const DOCBLOCK_ENVIRONMENT = /@vitest-environment\s+([\w-]+)/;

function environmentOf(spec: TestSpecification): string {
  let head = '';
  try {
    head = readFileSync(spec.moduleId, 'utf8').slice(0, 2000);
  } catch {
    // a file Vitest can read and we cannot: its project's environment
  }
  return DOCBLOCK_ENVIRONMENT.exec(head)?.[1] ?? spec.project.config.environment;
}

export default class GroupedSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    // Groups in the order their first file comes in Vitest's own order (projects by group order
    // and name, as before), each group's files in that order.
    const groups = new Map<string, TestSpecification[]>();
    for (const spec of sorted) {
      const key = `${spec.project.name}\0${environmentOf(spec)}`;
      const group = groups.get(key) ?? [];
      group.push(spec);
      groups.set(key, group);
    }
    return [...groups.values()].flat();
  }
}
