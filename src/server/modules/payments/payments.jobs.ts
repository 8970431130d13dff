// The reminder 24 hours before the slot (issue 11): a sweep on a timetable (and at start-up),
// so it survives restarts; sent once because the row is claimed (reminder_sent_at) in the same
// transaction that queues the e-mail, whichever run or instance gets there first.
import { z } from 'zod';
import { slotStartsAt, type TimeSlot } from '../../../shared/calendar';
import { addDays } from '../../../shared/calendar-date';
import { londonDateOf } from '../../../shared/london-time';
import { defineJob, type JobContext } from '../../jobs/registry';
import { dispatchEmails, queueEmail } from '../email/email.service';
import { reminderEmail } from './booking-emails';
import { bookingFacts } from './booking-email-facts';
import { claimReminder, reminderCandidates } from './payments.repo';

export const REMINDER_HOURS = 24;
export const SEND_REMINDERS_JOB = 'send-appointment-reminders' as const;

/** Queues the reminder of every confirmed booking starting within 24 hours; answers how many. */
export async function sendDueReminders(context: Pick<JobContext, 'db' | 'config' | 'jobs'>, now: Date): Promise<number> {
  const today = londonDateOf(now);
  const candidates = await reminderCandidates(context.db, today, addDays(today, 2));
  let sent = 0;
  for (const candidate of candidates) {
    const startsAt = slotStartsAt(candidate.date, candidate.slot as TimeSlot).getTime();
    if (startsAt <= now.getTime() || startsAt - now.getTime() > REMINDER_HOURS * 60 * 60 * 1000) continue;
    const email = await context.db.transaction(async (tx) => {
      if (!(await claimReminder(tx, candidate.id, now))) return null;
      const facts = await bookingFacts(tx, context.config, candidate.id, context.config.stripe === undefined);
      return queueEmail(tx, reminderEmail(facts));
    });
    if (email) {
      await dispatchEmails(context.jobs, [email]);
      sent++;
    }
  }
  return sent;
}

export const sendRemindersJob = defineJob({
  name: SEND_REMINDERS_JOB,
  payload: z.object({}),
  handler: async (_payload, context) => {
    const sent = await sendDueReminders(context, new Date());
    if (sent > 0) context.log.info({ sent }, 'queued appointment reminders');
  },
  schedule: '*/10 * * * *',
  runOnStart: true,
  retry: { limit: 2, delaySeconds: 60, backoff: false },
});
