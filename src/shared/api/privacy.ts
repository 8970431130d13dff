// Privacy operations (issue 14, UK GDPR): a customer downloads their data or asks for it to be
// erased; admins read the audit log.
import { z } from 'zod';
import { AUDIT_ACTIONS, AUDIT_ACTOR_ROLES } from '../audit';

export const AuditQuerySchema = z.object({
  page: z.coerce.number({ message: 'The page must be a whole number.' }).int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number({ message: 'The page size must be a whole number.' }).int().min(1).max(100).default(50),
});

export const AuditEntrySchema = z.object({
  id: z.number().int(),
  at: z.string(),
  actorRole: z.enum(AUDIT_ACTOR_ROLES),
  actorEmail: z.string().nullable(),
  action: z.enum(AUDIT_ACTIONS),
  entity: z.string(),
  entityId: z.number().int(),
  detail: z.record(z.string(), z.unknown()),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;

export const AuditPageSchema = z.object({
  items: z.array(AuditEntrySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AuditPage = z.infer<typeof AuditPageSchema>;

/** The customer types their reference to confirm, as a guard against a stray click. */
export const ErasureBodySchema = z.object({
  confirmReference: z.string({ message: 'Type your reference to confirm.' }).trim().min(1, { message: 'Type your reference to confirm.' }).max(40),
});
export type ErasureBody = z.infer<typeof ErasureBodySchema>;

export const ErasureResultSchema = z.object({
  reference: z.string(),
  erasedAt: z.string(),
  photosDeleted: z.number().int(),
});
export type ErasureResult = z.infer<typeof ErasureResultSchema>;

export const privacyMessages = {
  wrongReference: 'That is not this enquiry’s reference. Type the reference shown on this page (for example AR-7K3Q-9XPM).',
  activeBooking: 'You have a booking that has not happened yet. Cancel it first (from your booking page), or contact us, and then ask again.',
  heldPayment: 'A payment for this repair is still being settled after a reported problem. Contact us and we will erase your data once it is settled.',
  alreadyErased: 'Your personal details and photos have already been erased.',
} as const;
