/** What a payment attempt came to, from either provider. */
export type PayOutcome =
  | { kind: 'succeeded'; appointmentId: number }
  /** The provider refused the card: its message is shown as SPEC's 'Payment Failed'. */
  | { kind: 'failed'; message: string }
  /** The server would not take this payment as it stands (409: the hold ran out, the price changed, it is paid already): its sentence says what to do. */
  | { kind: 'refused'; message: string }
  /** Anything else: SPEC's 'Payment Error'. */
  | { kind: 'error' };
