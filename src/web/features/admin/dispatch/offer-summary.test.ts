import { describe, expect, it } from 'vitest';
import type { QuoteNotification } from '../../../../shared/api/dispatch';
import { cancelledAfterAccepting } from '../../../../shared/lifecycles/job-notification';
import { offerSummary, responseStatus } from './offer-summary';

const NOW = new Date('2026-03-02T12:00:00Z');
const LATER = '2026-03-02T14:00:00.000Z';
const EARLIER = '2026-03-02T11:00:00.000Z';
const response = (status: QuoteNotification['status'], expiresAt = LATER) => ({ status, expiresAt });

describe('offerSummary', () => {
  it('counts every response listed: three offered, one declined, two waiting', () => {
    expect(offerSummary([response('sent'), response('viewed'), response('declined')], NOW)).toEqual({
      text: 'Offered to 3 · 1 declined · 2 waiting',
      unassigned: false,
    });
  });

  it('says Unassigned once none is waiting, with what became of the offers', () => {
    expect(offerSummary([response('declined'), response('expired'), response('sent', EARLIER)], NOW)).toEqual({
      text: 'Unassigned · Offered to 3 · 1 declined · 2 expired',
      unassigned: true,
    });
    expect(offerSummary([], NOW)).toEqual({ text: 'Unassigned', unassigned: true });
  });

  it('counts a repairer once, by their newest offer, when they were offered the job again', () => {
    // Newest first: London offered again (waiting) after the job was taken back from them (expired).
    const again = [{ ...response('sent'), repairerId: 1 }, { ...response('sent'), repairerId: 2 }, { ...response('expired'), repairerId: 1 }];
    expect(offerSummary(again, NOW)).toEqual({ text: 'Offered to 2 · 2 waiting', unassigned: false });
  });

  it('names an offer accepted and then lost, not as one that ran out', () => {
    expect(cancelledAfterAccepting({ status: 'expired', respondedAt: EARLIER, declineReason: null })).toBe(true);
    expect(cancelledAfterAccepting({ status: 'expired', respondedAt: null, declineReason: null })).toBe(false);
    expect(cancelledAfterAccepting({ status: 'declined', respondedAt: EARLIER, declineReason: 'Too far' })).toBe(false);
  });

  it('takes an open offer past its expiry as expired, as the server counts it', () => {
    expect(responseStatus(response('viewed', EARLIER), NOW)).toBe('expired');
    expect(responseStatus(response('viewed', LATER), NOW)).toBe('viewed');
    expect(responseStatus(response('declined', EARLIER), NOW)).toBe('declined');
  });
});
