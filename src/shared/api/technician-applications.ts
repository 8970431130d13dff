// Issue 35 item 5: POST /api/technician-applications (public: a technician applies from
// /technicians) and the team's vetting checklist, GET/POST /api/admin/repairers/{id}/vetting.
// An application is a Pending Verification repairer without an account; only a repairer with
// every check recorded can be verified and invited (docs/decisions/0025-vetting-and-insurance.md).
import { z } from 'zod';
import { isCalendarDate } from '../calendar-date';
import { EmailSchema, UkPhoneSchema, UkPostcodeSchema } from '../customer-details';
import { specialisations } from '../damage';
import { controlCharacterCheck, controlCharactersMessage } from '../text-rules';
import { applicationMessages as m, vettingChecks, vettingMessages, YEARS_EXPERIENCE_MAX } from '../technician-rules';

export { applicationMessages, vettingChecks, vettingMessages, type VettingCheck } from '../technician-rules';

const text = (label: string, message: string, min: number, max: number) =>
  z.string({ error: message }).refine(...controlCharacterCheck(controlCharactersMessage(label))).trim().min(min, message).max(max, message);

const day = (message: string) => z.string({ error: message }).refine(isCalendarDate, { error: message });

const isWebsite = (value: string) => {
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname.includes('.');
  } catch {
    return false;
  }
};

// Optional: left out or left empty. (No z.preprocess, nor z.discriminatedUnion below: the zod chunk
// every screen shares would grow by what they bring, and /assessment is held at its ceiling.)
const WebsiteSchema = z
  .string({ error: m.website })
  .trim()
  .max(300, m.website)
  .refine((value) => value === '' || isWebsite(value), m.website)
  .transform((value) => (value === '' ? undefined : value));

export const TechnicianApplicationBodySchema = z.object({
  businessName: text('Business name', m.businessName, 2, 120),
  contactName: text('Name', m.contactName, 2, 120),
  email: EmailSchema,
  phone: UkPhoneSchema,
  postcode: UkPostcodeSchema,
  city: text('Town or city', m.city, 2, 100),
  // JSON numbers (issue 33); the form reads its text with numberFromField.
  serviceRadius: z.number({ error: m.radius }).int(m.radius).min(1, m.radius).max(100, m.radius),
  specializations: z.array(z.enum(specialisations), { error: m.services }).min(1, m.services),
  yearsExperience: z.number({ error: m.years }).int(m.years).min(0, m.years).max(YEARS_EXPERIENCE_MAX, m.years),
  insurer: text('Insurer', m.insurer, 2, 120),
  policyNumber: text('Policy number', m.policyNumber, 3, 60),
  insuranceExpiryDate: day(m.expiryDate),
  website: WebsiteSchema.optional(),
  /** The honeypot: hidden from people (and from screen readers); a program that fills every field fills it. */
  fax: z.string().max(200).optional(),
});
export type TechnicianApplicationBody = z.infer<typeof TechnicianApplicationBodySchema>;

/** 201: the same answer whether the application was kept or quietly dropped (the honeypot). */
export const ApplicationReceivedSchema = z.object({ businessName: z.string(), email: z.string(), message: z.string() });
export type ApplicationReceived = z.infer<typeof ApplicationReceivedSchema>;

const Recorded = z.object({ at: z.string(), by: z.string(), note: z.string().nullable() }).nullable();

/** GET /api/admin/repairers/{id}/vetting: the application as given, and each check as recorded. */
export const VettingViewSchema = z.object({
  id: z.number(),
  businessName: z.string(),
  isVerified: z.boolean(),
  /** ISO instant of the technician's own application, or null (added by the team, or imported). */
  appliedAt: z.string().nullable(),
  yearsExperience: z.number().nullable(),
  website: z.string().nullable(),
  insurance: z.object({ insurer: z.string().nullable(), policyNumber: z.string().nullable(), expiryDate: z.string().nullable() }),
  checks: z.object({ insurance: Recorded, identity: Recorded, skills: Recorded }),
  /** Every check recorded: verify and invite are open. */
  complete: z.boolean(),
  /** Issue 37: the photo the technician uploaded (its thumbnail's public address and size), or null; the team can take it down. */
  photo: z.object({ url: z.string(), width: z.number().int(), height: z.number().int() }).nullable(),
});
export type VettingView = z.infer<typeof VettingViewSchema>;

export const photoRemovalMessages = {
  reason: 'Please say why the photo is being taken down (3 to 300 characters): the technician is told, and the audit log keeps it.',
  noPhoto: 'This technician has no photo to take down.',
} as const;

/** DELETE /api/admin/repairers/{id}/photo: the team takes down an unsuitable photo, for a stated reason (issue 37). */
export const RemovePhotoBodySchema = z.object({
  reason: z.string({ error: photoRemovalMessages.reason }).trim().min(3, photoRemovalMessages.reason).max(300, photoRemovalMessages.reason),
});
export type RemovePhotoBody = z.infer<typeof RemovePhotoBodySchema>;

const note = z.string({ error: vettingMessages.note }).trim().max(1000, vettingMessages.note);

/** POST /api/admin/repairers/{id}/vetting: one check recorded (again, it replaces the last); each check's fields required for it. */
export const VettingCheckBodySchema = z
  .object({
    check: z.enum(vettingChecks, { error: `Please say which check: ${vettingChecks.join(', ')}` }),
    insurer: text('Insurer', vettingMessages.insurer, 2, 120).optional(),
    policyNumber: text('Policy number', vettingMessages.policyNumber, 3, 60).optional(),
    expiryDate: day(vettingMessages.expiryDate).optional(),
    note: note.optional(),
  })
  .superRefine((body, ctx) => {
    const need = (field: 'insurer' | 'policyNumber' | 'expiryDate', message: string) => {
      if (body[field] === undefined) ctx.addIssue({ code: 'custom', path: [field], message, input: body });
    };
    if (body.check === 'insurance') {
      need('insurer', vettingMessages.insurer);
      need('policyNumber', vettingMessages.policyNumber);
      need('expiryDate', vettingMessages.expiryDate);
    }
    if (body.check === 'skills' && (body.note ?? '').length < 3) ctx.addIssue({ code: 'custom', path: ['note'], message: vettingMessages.skillsNote, input: body });
  });
export type VettingCheckBody = z.infer<typeof VettingCheckBodySchema>;
