// An e-mail in the outbox (ARCHITECTURE): written with the change it reports, then sent by
// a job with retries, kept and logged when no SMTP server is configured, or given up on.
import { defineLifecycle } from './lifecycle';

export const outboxEmailLifecycle = defineLifecycle({
  entity: 'outboxEmail',
  noun: 'e-mail',
  table: 'outbox_emails',
  statuses: ['pending', 'sent', 'logged', 'failed'],
  initial: 'pending',
  describe: {
    pending: 'is waiting to be sent',
    sent: 'has already been sent',
    logged: 'was kept in the outbox because no mail server is configured',
    failed: 'could not be sent after several attempts',
  },
  transitions: {
    send: { from: ['pending'], to: 'sent', done: 'sent' },
    log: { from: ['pending'], to: 'logged', done: 'logged' },
    fail: { from: ['pending'], to: 'failed', done: 'given up on' },
  },
});

export type OutboxEmailStatus = (typeof outboxEmailLifecycle.statuses)[number];
