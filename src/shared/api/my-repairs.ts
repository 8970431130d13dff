// Issue 38 item 1: My repairs (docs/decisions/0036). A customer asks for a sign-in link by e-mail,
// follows it, and sees every enquiry made with that e-mail; the page's calls, SPEC section 7's style.
import { z } from 'zod';
import { EmailSchema } from '../customer-details';
import { myRepairsMessages } from '../my-repairs-messages';

export { myRepairsMessages };

export const SignInLinkBodySchema = z.object({ email: EmailSchema });
export type SignInLinkBody = z.infer<typeof SignInLinkBodySchema>;

/** The same answer whether or not the e-mail is known. */
export const SignInLinkSentSchema = z.object({ message: z.string() });

export const MyRepairsSignInBodySchema = z.object({ token: z.string({ message: myRepairsMessages.linkBad }).max(200, { message: myRepairsMessages.linkBad }) });

export const MyRepairSchema = z.object({
  assessmentId: z.number().int(),
  reference: z.string(),
  submittedAt: z.string(),
  vehicle: z.string(),
  damageType: z.string(),
  /** Null until an admin approves it (D12). `expired`: approved, past its valid-until date, not booked. */
  quote: z
    .object({
      id: z.number().int(),
      status: z.enum(['waiting', 'ready', 'expired', 'booked']),
      totalCost: z.string().nullable(),
      validUntil: z.string().nullable(),
    })
    .nullable(),
  /** The latest booking that was paid for (not a hold, not a lapsed one). */
  booking: z
    .object({
      appointmentId: z.number().int(),
      status: z.enum(['confirmed', 'assigned', 'completed', 'cancelled']),
      appointmentDate: z.string(),
      timeSlot: z.string(),
      invoiceUrl: z.string().nullable(),
      /** Issue 37: the document at invoiceUrl is a plain receipt, not a VAT invoice. */
      receipt: z.boolean(),
    })
    .nullable(),
  warranty: z.object({ endsDate: z.string() }).nullable(),
  review: z.object({ rating: z.number().int() }).nullable(),
});
export type MyRepair = z.infer<typeof MyRepairSchema>;

export const MyRepairsSchema = z.object({
  email: z.string(),
  repairs: z.array(MyRepairSchema),
});
export type MyRepairs = z.infer<typeof MyRepairsSchema>;

export const SignedOutSchema = z.object({ message: z.string() });
export const SignedOutElsewhereSchema = z.object({ message: z.string(), endedSessions: z.number().int(), endedGrants: z.number().int() });
