// Issue 37 item 7: when the team answers a modification request. The dialog has always promised
// "within 24 hours" (SPEC, D21); the customer's quote page and the team's card show the same
// instant, so the promise and the team's deadline cannot differ. No zod here: the quote page
// imports it.

export const MODIFICATION_REPLY_HOURS = 24;

/** When the team's answer to a request made at `createdAt` (an ISO instant) is due, as an ISO instant. */
export function modificationReplyBy(createdAt: string): string {
  return new Date(Date.parse(createdAt) + MODIFICATION_REPLY_HOURS * 3_600_000).toISOString();
}
