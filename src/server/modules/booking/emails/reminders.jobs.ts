// The reminder 24 hours before the slot (issue 11): a sweep on a timetable (and at start-up),
// so it survives restarts; sent once because the row is claimed (reminder_sent_at) in the same
// transaction that queues the e-mail, whichever run or instance gets there first.
import { z } from 'zod';
import { slotStartsAt, type TimeSlot } from '../../../../shared/calendar';
import { addDays } from '../../../../shared/calendar-date';
import { londonDateOf } from '../../../../shared/london-time';
import { defineJob, type JobContext } from '../../../kernel/jobs';
import { RowFailures, type RowLog } from '../../../jobs/row-failures';
import { runStep } from '../process/run-step';
import { reminderEmail, reminderText } from './booking-emails';
import { bookingFacts } from './booking-email-facts';
import { claimReminder, reminderCandidates } from '../pay/payments.repo';
import { findAppointmentRecord } from '../appointments.repo';
import { technicianOf } from '../appointment/technician-profile';

export const REMINDER_HOURS = 24;
import { SEND_REMINDERS_JOB } from '../../../kernel/jobs';
export { SEND_REMINDERS_JOB };

/**
 * Queues the reminder of every confirmed booking starting within 24 hours; answers how many. One
 * booking whose reminder cannot be written (its record, or its e-mail, fails) is logged and the
 * others are still reminded; the run then fails, so the queue retries it. Each reminder's claim
 * commits with its e-mail, so a retry writes only the ones that failed, never a second reminder.
 */
export async function sendDueReminders(context: Pick<JobContext, 'db' | 'config' | 'jobs'> & { log?: RowLog }, now: Date): Promise<number> {
  const today = londonDateOf(now);
  const candidates = await reminderCandidates(context.db, today, addDays(today, 2));
  const failures = new RowFailures({ what: 'appointment reminders', log: context.log });
  let sent = 0;
  for (const candidate of candidates) {
    const queued = await failures.attempt({ appointmentId: candidate.id }, async () => {
      const startsAt = slotStartsAt(candidate.date, candidate.slot as TimeSlot).getTime();
      if (startsAt <= now.getTime() || startsAt - now.getTime() > REMINDER_HOURS * 60 * 60 * 1000) return false;
      // A step of the booking process: its e-mail is sent once it commits (should that fail, the outbox sweep queues it instead).
      return runStep(context, 'send-reminders', async (step) => {
        if (!(await claimReminder(step.tx, candidate.id, now))) return false;
        const facts = await bookingFacts(step.tx, context.config, candidate.id, context.config.stripe === undefined);
        const record = await findAppointmentRecord(step.tx, candidate.id);
        await step.queue(reminderEmail(facts, record ? technicianOf(record, now) : null));
        const text = reminderText(facts);
        if (text) await step.queue(text);
        return true;
      });
    });
    if (queued) sent++;
  }
  failures.throwIfAny();
  return sent;
}

export const sendRemindersJob = defineJob({
  name: SEND_REMINDERS_JOB,
  payload: z.object({}),
  handler: async (_payload, context) => {
    const log = context.log.child({ job: SEND_REMINDERS_JOB });
    const sent = await sendDueReminders({ ...context, log }, new Date());
    if (sent > 0) log.info({ sent }, 'queued appointment reminders');
  },
  schedule: '*/10 * * * *',
  runOnStart: true,
  retry: { limit: 2, delaySeconds: 60, backoff: false },
});
