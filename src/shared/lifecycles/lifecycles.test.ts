import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import committed from '../../../docs/lifecycles.md?raw';
import { lifecyclesDocument } from './diagram';
import {
  availableTransitions,
  conflictMessage,
  defineLifecycle,
  isQuoteBookable,
  isQuoteExpired,
  lifecycles,
  nextStatus,
  quoteLifecycle,
  type Lifecycle,
} from './index';

const all = Object.values(lifecycles) as Lifecycle[];

describe('every lifecycle', () => {
  it.each(all.map((l) => [l.entity, l] as const))('%s: random transition sequences never reach an undeclared state', (_entity, lifecycle) => {
    const names = Object.keys(lifecycle.transitions);
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...names), { maxLength: 40 }), (sequence) => {
        let status = lifecycle.initial;
        for (const name of sequence) {
          const next = nextStatus(lifecycle, status, name);
          if (next === null) {
            // A refused transition leaves the status as it was and has a sentence to say why.
            expect(lifecycle.transitions[name]!.from).not.toContain(status);
            expect(conflictMessage(lifecycle, name, status)).toMatch(/^This .+\.$/);
            continue;
          }
          expect(lifecycle.statuses).toContain(next);
          status = next;
        }
      }),
      { numRuns: 300 },
    );
  });

  it.each(all.map((l) => [l.entity, l] as const))('%s: every declared state is reachable from the initial one', (_entity, lifecycle) => {
    const reached = new Set<string>([lifecycle.initial]);
    const queue = [lifecycle.initial];
    while (queue.length > 0) {
      const status = queue.shift()!;
      for (const name of availableTransitions(lifecycle, status)) {
        const next = nextStatus(lifecycle, status, name)!;
        if (!reached.has(next)) {
          reached.add(next);
          queue.push(next);
        }
      }
    }
    expect([...reached].sort()).toEqual([...lifecycle.statuses].sort());
  });

  it.each(all.map((l) => [l.entity, l] as const))('%s: describes every status', (_entity, lifecycle) => {
    for (const status of lifecycle.statuses) expect(lifecycle.describe[status as never]).toBeTruthy();
  });
});

describe('defineLifecycle', () => {
  it('refuses a transition that ends on an undeclared status', () => {
    expect(() =>
      defineLifecycle({
        entity: 'broken',
        noun: 'thing',
        table: 'things',
        statuses: ['open', 'closed'],
        initial: 'open',
        describe: { open: 'is open', closed: 'is closed' },
        transitions: { finish: { from: ['open'], to: 'completed' as 'closed', done: 'finished' } },
      }),
    ).toThrow(/finish ends on undeclared "completed"/);
  });
});

describe('conflict sentences', () => {
  it('says plainly when the change has already happened', () => {
    expect(conflictMessage(quoteLifecycle, 'approve', 'approved')).toBe('This quote has already been approved.');
  });

  it('says why a change cannot happen from another state', () => {
    expect(conflictMessage(quoteLifecycle, 'revise', 'booked')).toBe('This quote has already been booked, so it cannot be changed now.');
    expect(conflictMessage(lifecycles.jobNotification, 'accept', 'expired')).toBe(
      'This job is no longer available: it has expired or has already been taken, so it cannot be accepted now.',
    );
  });
});

describe('quote expiry (one rule for server and browser)', () => {
  it('is valid through the whole valid-until day in London, and expired the next', () => {
    // 23:30 UTC on 31 May is 00:30 on 1 June in London (BST).
    expect(isQuoteExpired('2026-05-31', new Date('2026-05-31T22:59:00Z'))).toBe(false);
    expect(isQuoteExpired('2026-05-31', new Date('2026-05-31T23:30:00Z'))).toBe(true);
  });

  it('lets a customer book only an approved, unexpired quote', () => {
    const now = new Date('2026-03-10T12:00:00Z');
    expect(isQuoteBookable({ status: 'approved', validUntil: '2026-03-10' }, now)).toBe(true);
    expect(isQuoteBookable({ status: 'approved', validUntil: '2026-03-09' }, now)).toBe(false);
    expect(isQuoteBookable({ status: 'pending', validUntil: '2026-04-10' }, now)).toBe(false);
    expect(isQuoteBookable({ status: 'booked', validUntil: '2026-04-10' }, now)).toBe(false);
  });
});

describe('docs/lifecycles.md', () => {
  it('is what the code draws (run `npx tsx scripts/lifecycle-docs.ts` after changing a lifecycle)', () => {
    expect(committed).toBe(lifecyclesDocument());
  });

  it('draws every status and every transition of every lifecycle', () => {
    const doc = lifecyclesDocument();
    for (const lifecycle of all) {
      for (const [name, spec] of Object.entries(lifecycle.transitions)) {
        for (const from of spec.from) expect(doc).toContain(`    ${from} --> ${spec.to ?? from}: ${name}\n`);
      }
    }
  });
});
