// The audit log's vocabulary (issue 14): what an admin (or a customer, or a job: retention, the
// payout release) did that a company must be able to account for later.
export const AUDIT_ACTIONS = [
  'quote_approved',
  'quote_changed',
  'quote_deleted',
  'payment_refunded',
  'payout_withheld',
  'job_taken_back',
  'repairer_verified',
  'repairer_unverified',
  'repairer_added',
  'availability_changed',
  'repairer_applied',
  'repairer_check_recorded',
  'repairer_insurance_lapsed',
  'data_exported',
  'data_erased',
  'review_hidden',
  'review_shown_again',
  'repairer_photo_removed',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const AUDIT_ACTOR_ROLES = ['admin', 'repairer', 'customer', 'system'] as const;
export type AuditActorRole = (typeof AUDIT_ACTOR_ROLES)[number];

export const auditActionLabels: Record<AuditAction, string> = {
  quote_approved: 'Approved a quote',
  quote_changed: 'Changed a quote',
  quote_deleted: 'Deleted an enquiry and its quote',
  payment_refunded: 'Refunded a payment',
  payout_withheld: 'Held a payout whose transfer was reversed at Stripe',
  job_taken_back: 'Took a job back from its technician',
  repairer_verified: 'Verified a repairer',
  repairer_unverified: 'Withdrew a repairer’s verification',
  repairer_added: 'Added a repairer to the network',
  availability_changed: 'Changed a technician’s availability',
  repairer_applied: 'A technician applied to join the network',
  repairer_check_recorded: 'Recorded a vetting check of a technician',
  repairer_insurance_lapsed: 'Withdrew a technician’s verification: their insurance had expired',
  data_exported: 'Downloaded a customer’s data',
  data_erased: 'Erased a customer’s personal data',
  review_hidden: 'Hid a review from the public pages',
  review_shown_again: 'Showed a hidden review again',
  repairer_photo_removed: 'Took down a technician’s photo',
};
