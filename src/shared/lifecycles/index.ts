// Every lifecycle, by entity. docs/lifecycles.md and the CHECK constraints come from these.
import { appointmentLifecycle } from './appointment';
import { assessmentLifecycle } from './assessment';
import { jobNotificationLifecycle } from './job-notification';
import { jobRunLifecycle } from './job-run';
import { outboxEmailLifecycle } from './outbox-email';
import { paymentLifecycle } from './payment';
import { payoutLifecycle } from './payout';
import { quoteLifecycle } from './quote';
import { quoteAssignmentLifecycle } from './quote-assignment';

export * from './appointment';
export * from './assessment';
export * from './job-notification';
export * from './job-run';
export * from './lifecycle';
export * from './outbox-email';
export * from './payment';
export * from './payout';
export * from './quote';
export * from './quote-assignment';

export const lifecycles = {
  assessment: assessmentLifecycle,
  quote: quoteLifecycle,
  quoteAssignment: quoteAssignmentLifecycle,
  appointment: appointmentLifecycle,
  payment: paymentLifecycle,
  payout: payoutLifecycle,
  jobNotification: jobNotificationLifecycle,
  outboxEmail: outboxEmailLifecycle,
  jobRun: jobRunLifecycle,
} as const;

export type LifecycleEntity = keyof typeof lifecycles;
