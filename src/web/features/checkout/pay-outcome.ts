/** What a payment attempt came to, from either provider. */
export type PayOutcome =
  | { kind: 'succeeded'; appointmentId: number }
  /** The provider refused the card: its message is shown as SPEC's 'Payment Failed'. */
  | { kind: 'failed'; message: string }
  /** Anything else: SPEC's 'Payment Error'. */
  | { kind: 'error' };
