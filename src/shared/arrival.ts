// Issue 38 item 3: "On my way" on the job's day, with an arrival estimate in 15-minute steps
// inside the slot (morning 8:00–12:00, afternoon 13:00–17:00, SPEC), said once and updated once.
import { slotTimes, type TimeSlot } from './calendar';

export const ARRIVAL_STEP_MINUTES = 15;
/** The first announcement and one update for a late arrival. */
export const ARRIVAL_ANNOUNCEMENTS_ALLOWED = 2;

/** How many more times a technician who has announced `announcements` times may update it. */
export const arrivalUpdatesLeft = (announcements: number): number => Math.max(0, ARRIVAL_ANNOUNCEMENTS_ALLOWED - announcements);

const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
const timeOf = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** The estimates a technician may give for a slot: '08:00', '08:15', … '12:00'. */
export function arrivalChoices(slot: TimeSlot): string[] {
  const choices: string[] = [];
  for (let at = minutesOf(slotTimes[slot].start); at <= minutesOf(slotTimes[slot].end); at += ARRIVAL_STEP_MINUTES) choices.push(timeOf(at));
  return choices;
}

export const arrivalMessages = {
  notToday: 'You can say you are on the way only on the day of the job.',
  notAssigned: 'This job is not waiting for a visit, so the customer cannot be told you are on the way.',
  noMoreUpdates: 'You have already updated the arrival time once. Please call the customer if you are later still.',
  notAChoice: 'Please choose an arrival time within the appointment’s window.',
} as const;
