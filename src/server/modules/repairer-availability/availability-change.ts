// What the team changed in a technician's availability, in words, for the audit log's line
// (issue 35: "audit log the team's changes"): only what differs, so the line reads as the call
// it came from ("Tuesday: not working; time off added: 9 March 2027 to 12 March 2027").
import { weekdayLabels, weekdays, type AvailabilityView, type TimeOffPeriod } from '../../../shared/api/repairer-availability';
import { formatLondonDate } from '../../../shared/london-time';
import type { WorkingDay } from '../../../shared/offer-deadline';

function dayWords(day: WorkingDay): string {
  if (day.morning && day.afternoon) return 'mornings and afternoons';
  if (day.morning) return 'mornings only';
  if (day.afternoon) return 'afternoons only';
  return 'not working';
}

const periodWords = (period: TimeOffPeriod) => (period.from === period.to ? formatLondonDate(period.from) : `${formatLondonDate(period.from)} to ${formatLondonDate(period.to)}`);
const periodKey = (period: TimeOffPeriod) => `${period.from}/${period.to}`;

/** The changes from `before` to `after`, one phrase each, in the screen's order; empty when nothing changed. */
export function availabilityChanges(before: AvailabilityView, after: AvailabilityView): string[] {
  const changes: string[] = [];
  for (const day of weekdays) {
    const [was, now] = [before.weekly[day], after.weekly[day]];
    if (was.morning !== now.morning || was.afternoon !== now.afternoon) changes.push(`${weekdayLabels[day]}: ${dayWords(now)} (was ${dayWords(was)})`);
  }
  if (before.jobsPerSlot !== after.jobsPerSlot) changes.push(`${after.jobsPerSlot} ${after.jobsPerSlot === 1 ? 'job' : 'jobs'} a slot (was ${before.jobsPerSlot})`);
  const had = new Set(before.timeOff.map(periodKey));
  const has = new Set(after.timeOff.map(periodKey));
  const added = after.timeOff.filter((period) => !had.has(periodKey(period)));
  const removed = before.timeOff.filter((period) => !has.has(periodKey(period)));
  if (added.length > 0) changes.push(`time off added: ${added.map(periodWords).join('; ')}`);
  if (removed.length > 0) changes.push(`time off removed: ${removed.map(periodWords).join('; ')}`);
  return changes;
}
