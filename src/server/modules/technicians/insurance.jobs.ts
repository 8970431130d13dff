// Issue 35 item 5: every morning, technicians' public liability insurance is watched
// (docs/decisions/0025-vetting-and-insurance.md). INSURANCE_WARNING_DAYS before its end date the
// team is warned and the technician e-mailed, once for that date; on the day after it ends, the
// technician is unverified (the insurance check cleared, their unanswered offers withdrawn) and
// both are e-mailed that day. Nobody is unverified silently.
import { z } from 'zod';
import { addDays } from '../../../shared/calendar-date';
import { londonDateOf } from '../../../shared/london-time';
import { INSURANCE_WARNING_DAYS } from '../../../shared/technician-rules';
import { defineJob, INSURANCE_NOTICES_JOB, type JobContext } from '../../kernel/jobs';
import { RowFailures } from '../../jobs/row-failures';
import { withdrawOpenOffersOfRepairer } from '../booking';
import { withOutbox } from '../email';
import { recordAudit, systemActor } from '../privacy';
import { claimInsuranceWarning, insuranceEndingSoon, insuranceLapsed, lapseInsurance, networkFigureOf } from '../repairers';
import { insuranceEndingEmail, insuranceEndingTeamEmail, insuranceLapsedEmail, insuranceLapsedTeamEmail } from './technicians-emails';

export { INSURANCE_NOTICES_JOB };

type Context = Pick<JobContext, 'db' | 'database' | 'config' | 'jobs' | 'log'>;

/** One run at `now` (the job passes the clock; tests pass a fixed one). Answers how many were warned and lapsed. */
export async function sendInsuranceNotices(context: Context, now: Date): Promise<{ warned: number; lapsed: number }> {
  const { config, db } = context;
  const today = londonDateOf(now);
  const failures = new RowFailures({ what: 'insurance notices', log: context.log });
  let warned = 0;
  let lapsed = 0;
  for (const row of await insuranceEndingSoon(db, today, addDays(today, INSURANCE_WARNING_DAYS))) {
    await failures.attempt({ repairerId: row.id }, async () => {
      const expiryDate = row.insuranceExpiryDate!;
      // The e-mails commit with the claim and are sent after it (email's withOutbox).
      const claimed = await withOutbox({ db, jobs: context.jobs }, async ({ tx, queue }) => {
        if (!(await claimInsuranceWarning(tx, row.id, expiryDate))) return false;
        await queue(insuranceEndingTeamEmail(row, expiryDate, config.teamEmail, config.publicUrl));
        if (row.email) await queue(insuranceEndingEmail({ ...row, email: row.email }, expiryDate, config.company));
        return true;
      });
      if (claimed) warned++;
    });
  }
  for (const row of await insuranceLapsed(db, today)) {
    await failures.attempt({ repairerId: row.id }, async () => {
      const expiryDate = row.insuranceExpiryDate!;
      // The e-mails commit with the lapse; their sending jobs are queued once it has (email's withOutbox).
      const done = await withOutbox({ db, jobs: context.jobs }, async ({ tx, queue }) => {
        const result = await lapseInsurance(tx, row.id, expiryDate, now);
        if (!result) return undefined;
        if (result.wasVerified) await recordAudit(tx, systemActor, 'repairer_insurance_lapsed', { kind: 'repairer', id: row.id }, { expiryDate });
        await queue(insuranceLapsedTeamEmail(row, expiryDate, result.wasVerified, config.teamEmail, config.publicUrl));
        if (row.email && result.wasVerified) await queue(insuranceLapsedEmail({ ...row, email: row.email }, expiryDate, config.company));
        return result;
      });
      if (!done) return;
      lapsed++;
      // As the team's unverify does (repairer-accounts.service.ts), after the commit, holding no lock on the repairer.
      if (done.wasVerified) await withdrawOpenOffersOfRepairer(db, row.id);
    });
  }
  if (lapsed > 0) networkFigureOf(context.database).invalidate();
  failures.throwIfAny();
  return { warned, lapsed };
}

export const insuranceNoticesJob = defineJob({
  name: INSURANCE_NOTICES_JOB,
  payload: z.object({}),
  handler: async (_payload, context) => {
    const log = context.log.child({ job: INSURANCE_NOTICES_JOB });
    const { warned, lapsed } = await sendInsuranceNotices({ ...context, log }, new Date());
    if (warned + lapsed > 0) log.info({ warned, lapsed }, 'insurance notices sent');
  },
  // 7:15 in London: before the working day, after the night's jobs.
  schedule: '15 7 * * *',
  retry: { limit: 3, delaySeconds: 300, backoff: true },
});
