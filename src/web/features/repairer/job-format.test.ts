// What a repairer reads about a finished job's pay (D14), for every state of its payout.
import { describe, expect, it } from 'vitest';
import type { RepairerJob } from '../../../shared/api/repairer-jobs';
import { earningsOf, offerEnded, payStanding } from './job-format';

type Appointment = NonNullable<RepairerJob['appointment']>;
const completed: Appointment = {
  id: 1,
  appointmentDate: '2026-11-17',
  timeSlot: 'morning',
  status: 'completed',
  hasNotes: false,
  completedAt: '2026-11-17T16:00:00.000Z',
  confirmedAt: null,
  problemReportedAt: null,
  payout: { status: 'owed', amount: '76.00', releaseAfterAt: '2026-11-20T16:00:00.000Z', releasedAt: null },
};
const withPayout = (payout: Partial<NonNullable<Appointment['payout']>>, appointment: Partial<Appointment> = {}): Appointment => ({ ...completed, ...appointment, payout: { ...completed.payout!, ...payout } });

describe('payStanding', () => {
  it('says nothing before the job is done', () => {
    expect(payStanding(null)).toBeNull();
    expect(payStanding({ ...completed, status: 'assigned', completedAt: null })).toBeNull();
  });

  it('says when an unconfirmed share is paid without a confirmation', () => {
    expect(payStanding(completed)).toEqual({
      badge: 'Done',
      tone: 'done',
      sentence: 'Marked as done on Tuesday 17 November 2026 at 16:00. You are paid £76.00 once the customer confirms, or on Friday 20 November 2026 at 16:00 if they report no problem.',
    });
  });

  it('follows the share through confirmation, sending, payment, a problem and a cancellation', () => {
    const confirmed = { confirmedAt: '2026-11-18T09:15:00.000Z' };
    expect(payStanding(withPayout({}, confirmed))?.sentence).toBe('The customer confirmed the repair on Wednesday 18 November 2026 at 9:15. Your £76.00 will be paid shortly.');
    expect(payStanding(withPayout({ status: 'sending' }, confirmed))?.sentence).toBe('The customer confirmed the repair on Wednesday 18 November 2026 at 9:15. Your £76.00 is on its way.');
    expect(payStanding(withPayout({ status: 'released', releasedAt: '2026-11-18T09:16:00.000Z' }, confirmed))).toEqual({
      badge: 'Paid',
      tone: 'paid',
      sentence: 'The customer confirmed the repair on Wednesday 18 November 2026 at 9:15. Your £76.00 was paid on Wednesday 18 November 2026 at 9:16.',
    });
    // Paid 72 hours on, without a confirmation.
    expect(payStanding(withPayout({ status: 'released', releasedAt: '2026-11-20T16:05:00.000Z' }))?.sentence).toBe(
      'Marked as done on Tuesday 17 November 2026 at 16:00. Your £76.00 was paid on Friday 20 November 2026 at 16:05.',
    );
    expect(payStanding(withPayout({ status: 'held' }, { problemReportedAt: '2026-11-18T10:00:00.000Z' }))).toEqual({
      badge: 'On hold',
      tone: 'held',
      sentence: 'The customer reported a problem on Wednesday 18 November 2026 at 10:00. Your £76.00 is on hold while our team looks into it; we will be in touch.',
    });
    expect(payStanding(withPayout({ status: 'void' }))).toMatchObject({ badge: 'Cancelled', tone: 'void' });
    // Voided after a reported problem: the team refunded the customer.
    expect(payStanding(withPayout({ status: 'void' }, { problemReportedAt: '2026-11-18T10:00:00.000Z' }))).toEqual({
      badge: 'Refunded',
      tone: 'void',
      sentence: 'The customer reported a problem on Wednesday 18 November 2026 at 10:00 and our team refunded them, so there is no payment for this job.',
    });
  });

  it('keeps the earlier words where the job has no payout to show', () => {
    expect(payStanding({ ...completed, payout: null })?.sentence).toBe('Marked as done on Tuesday 17 November 2026 at 16:00. You are paid once the customer confirms, or 72 hours later if they report no problem.');
  });
});

describe('earningsOf', () => {
  const accepted = { quote: { repairerPayment: '76.00' } as RepairerJob['quote'], status: 'accepted', respondedAt: '2026-11-17T09:00:00.000Z', declineReason: null } as const;
  it("is the quote's share until the share is voided, then nothing, saying why", () => {
    expect(earningsOf({ ...accepted, appointment: null })).toEqual({ amount: '£76.00', note: null });
    expect(earningsOf({ ...accepted, appointment: withPayout({ status: 'released' }) })).toEqual({ amount: '£76.00', note: null });
    expect(earningsOf({ ...accepted, appointment: withPayout({ status: 'held' }, { problemReportedAt: '2026-11-18T10:00:00.000Z' }) })).toEqual({ amount: '£76.00', note: null });
    expect(earningsOf({ ...accepted, appointment: withPayout({ status: 'void' }, { problemReportedAt: '2026-11-18T10:00:00.000Z' }) })).toEqual({
      amount: '£0.00',
      note: 'not £76.00: the customer was refunded',
    });
    expect(earningsOf({ ...accepted, appointment: withPayout({ status: 'void' }) })).toEqual({ amount: '£0.00', note: 'not £76.00: the booking was cancelled' });
    // Accepted, then lost before the work (no payout of theirs is sent): nothing either (a browser review).
    const lost = { ...accepted, status: 'expired' } as const;
    expect(earningsOf({ ...lost, appointment: { ...completed, status: 'confirmed', payout: null } })).toEqual({ amount: '£0.00', note: 'not £76.00: the job was taken back' });
    expect(earningsOf({ ...lost, appointment: { ...completed, status: 'cancelled', payout: null } })).toEqual({ amount: '£0.00', note: 'not £76.00: the booking was cancelled' });
    // An offer they never answered still says what it pays.
    expect(earningsOf({ ...lost, respondedAt: null, appointment: { ...completed, status: 'confirmed', payout: null } })).toEqual({ amount: '£76.00', note: null });
  });
});

describe('offerEnded', () => {
  const accepted = { status: 'expired', respondedAt: '2026-11-17T09:00:00.000Z', declineReason: null, appointment: { ...completed, status: 'confirmed' } } as const;
  it('tells a taken-back job from a cancelled one, and says nothing of offers that simply ended', () => {
    expect(offerEnded(accepted)?.badge).toBe('Taken back');
    expect(offerEnded({ ...accepted, appointment: { ...completed, status: 'cancelled' } })?.badge).toBe('Cancelled');
    // Withdrawn because the customer cancelled before anyone accepted.
    expect(offerEnded({ ...accepted, respondedAt: null, appointment: { ...completed, status: 'cancelled' } })).toMatchObject({ badge: 'Cancelled', sentence: 'This booking was cancelled, so the offer was withdrawn.' });
    // Ran out unanswered, declined, or still theirs.
    expect(offerEnded({ ...accepted, respondedAt: null })).toBeNull();
    expect(offerEnded({ ...accepted, status: 'declined', declineReason: 'Too far' })).toBeNull();
    expect(offerEnded({ ...accepted, status: 'accepted' })).toBeNull();
  });
});
