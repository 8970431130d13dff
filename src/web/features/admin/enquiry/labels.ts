// The enquiry page's words for the records' states (issue 33), as the team says them.
import type { EnquiryBooking, EnquiryEmail } from '../../../../shared/api/admin-enquiry';
import type { QuoteNotification } from '../../../../shared/api/dispatch';

export const appointmentLabels: Record<EnquiryBooking['appointment']['status'], string> = {
  held: 'Held for 30 minutes while the customer pays',
  confirmed: 'Confirmed',
  assigned: 'Confirmed, technician assigned',
  completed: 'Marked done by the technician',
  lapsed: 'Hold ran out unpaid',
  cancelled: 'Cancelled',
};

export const paymentLabels: Record<NonNullable<EnquiryBooking['payment']>['status'], string> = {
  requires_payment: 'Not paid yet',
  succeeded: 'Paid',
  failed: 'Card refused',
  cancelled: 'Not taken (hold ended)',
  refunded: 'Refunded',
};

export const payoutLabels: Record<NonNullable<EnquiryBooking['payout']>['status'], string> = {
  owed: 'Owed, released once the repair is confirmed',
  held: 'On hold',
  sending: 'Being sent through Stripe',
  released: 'Paid to the technician',
  void: 'Cancelled (customer refunded)',
};

export const offerLabels: Record<QuoteNotification['status'], string> = {
  sent: 'Sent, not opened',
  viewed: 'Opened',
  accepted: 'Accepted',
  declined: 'Declined',
  expired: 'Expired or withdrawn',
};

export const emailStatusLabels: Record<EnquiryEmail['status'], string> = {
  pending: 'Waiting to be sent',
  sent: 'Sent',
  logged: 'Kept in the outbox (no SMTP)',
  failed: 'Failed',
};
