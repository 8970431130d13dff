import type { QuoteNotification } from '../../../../shared/api/dispatch';

type Response = Pick<QuoteNotification, 'status' | 'expiresAt'> & Partial<Pick<QuoteNotification, 'repairerId'>>;

/** A response as it stands at `now`: an open offer past its deadline has expired (D16), even before the expiry job marks it so. */
export function responseStatus(response: Response, now: Date): QuoteNotification['status'] {
  const open = response.status === 'sent' || response.status === 'viewed';
  return open && new Date(response.expiresAt).getTime() <= now.getTime() ? 'expired' : response.status;
}

/**
 * The job's badge, counted from the very responses listed under it, so the two always agree:
 * 'Offered to 3 · 1 declined · 2 waiting', or 'Unassigned' (SPEC) once none is waiting.
 */
export function offerSummary(all: readonly Response[], now: Date): { text: string; unassigned: boolean } {
  // One per repairer, their newest (the list comes newest first): one offered again after an
  // earlier offer ended, or after the job was taken back from them, counts once (an operator's review).
  const seen = new Set<number>();
  const responses = all.filter((response) => response.repairerId === undefined || (!seen.has(response.repairerId) && seen.add(response.repairerId)));
  const count = { accepted: 0, declined: 0, expired: 0, waiting: 0 };
  for (const response of responses) {
    const status = responseStatus(response, now);
    count[status === 'sent' || status === 'viewed' ? 'waiting' : status] += 1;
  }
  const parts = [
    `Offered to ${responses.length}`,
    ...(['accepted', 'declined', 'expired', 'waiting'] as const).filter((key) => count[key] > 0).map((key) => `${count[key]} ${key}`),
  ];
  if (count.waiting > 0 || count.accepted > 0) return { text: parts.join(' · '), unassigned: false };
  return { text: responses.length === 0 ? 'Unassigned' : ['Unassigned', ...parts].join(' · '), unassigned: true };
}

