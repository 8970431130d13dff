import { describe, expect, it } from 'vitest';
import { encodeWeeklyPattern } from '../../repairer-availability';
import { DEFAULT_WEEKLY_PATTERN } from '../../../../shared/offer-deadline';
import { jobsOutside } from './outside-availability';

// Monday 8 March 2027, 10:00 in London (GMT). Wednesday 10 March and Thursday 11 March follow.
const NOW = new Date('2027-03-08T10:00:00Z');
const job = (appointmentId: number, appointmentDate: string, timeSlot: string) => ({ appointmentId, quoteId: appointmentId, appointmentDate, timeSlot, postcode: 'NR2 4SQ' });
const everyWeekday = encodeWeeklyPattern(DEFAULT_WEEKLY_PATTERN);

describe('jobsOutside', () => {
  it('keeps every job the availability still covers', () => {
    expect(jobsOutside({ weeklyHalves: everyWeekday, jobsPerSlot: 1, timeOff: [] }, [job(1, '2027-03-10', 'morning'), job(2, '2027-03-10', 'afternoon')], NOW)).toEqual([]);
  });

  it('gives back a day off, a half no longer worked and the places past jobs per slot, the first taken keeping theirs', () => {
    const wednesdayMorningsOff = encodeWeeklyPattern({ ...DEFAULT_WEEKLY_PATTERN, wednesday: { morning: false, afternoon: true } });
    const jobs = [job(1, '2027-03-10', 'morning'), job(2, '2027-03-10', 'afternoon'), job(3, '2027-03-10', 'afternoon'), job(4, '2027-03-11', 'morning'), job(5, '2027-03-12', 'morning')];
    const outside = jobsOutside({ weeklyHalves: wednesdayMorningsOff, jobsPerSlot: 1, timeOff: [{ from: '2027-03-11', to: '2027-03-11' }] }, jobs, NOW);
    expect(outside.map((j) => j.appointmentId)).toEqual([1, 3, 4]);
  });

  it('leaves a job whose slot has begun: nobody else could come now', () => {
    expect(jobsOutside({ weeklyHalves: 0, jobsPerSlot: 1, timeOff: [] }, [job(1, '2027-03-08', 'morning'), job(2, '2027-03-08', 'afternoon')], NOW).map((j) => j.appointmentId)).toEqual([2]);
  });
});
