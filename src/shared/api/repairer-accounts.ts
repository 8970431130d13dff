// Repairer accounts (issue 12 item 7; SPEC section 3 Repairer, section 4 Verified / Pending
// Verification; D11): an admin invites a repairer to create their sign-in (a single-use link,
// valid 7 days), verifies or unverifies them, and lists the network (GET /api/repairers).
import { z } from 'zod';
import { RepairerViewSchema } from './dispatch';
import { EmailSchema, UkPhoneSchema, UkPostcodeSchema } from '../customer-details';
import { specialisations } from '../damage';
import { controlCharacterCheck, controlCharactersMessage } from '../text-rules';
import { emailSources } from './outreach';

export const INVITATION_DAYS = 7;
export const PASSWORD_MIN = 12;
export const NETWORK_PAGE_SIZE = 50;

export const repairerAccountMessages = {
  notFound: 'We could not find that repairer.',
  noEmail: 'This repairer has no e-mail address to send an invitation to. Add one first.',
  hasAccount: 'This repairer already has an account.',
  badLink: 'This invitation link has expired or has already been used. Ask our team for a new one.',
  password: `Please choose a password of at least ${PASSWORD_MIN} characters`,
  passwordLong: 'Please choose a password of at most 200 characters',
  emailTaken: 'An account with this e-mail address already exists. Sign in instead, or ask our team.',
  alreadyHeld: (name: string, postcode: string) => `${name} in ${postcode} is already in the network.`,
  emailHeld: (name: string) => `${name} in the network already has this e-mail address.`,
} as const;

/** POST /api/repairer-invitations/{token}: the new account's password (the same rule as admin:create). */
export const AcceptInvitationBodySchema = z.object({
  password: z.string({ error: repairerAccountMessages.password }).min(PASSWORD_MIN, repairerAccountMessages.password).max(200, repairerAccountMessages.passwordLong),
});

export const InvitationTokenParamsSchema = z.object({ token: z.string().min(16).max(200) });
export const InvitationViewSchema = z.object({ businessName: z.string(), email: z.string() });
export type InvitationView = z.infer<typeof InvitationViewSchema>;
export const InvitationSentSchema = z.object({ email: z.string(), expiresAt: z.string() });

/** POST /api/admin/repairers/{id}/verification. */
export const VerificationBodySchema = z.object({ isVerified: z.boolean({ error: 'Please say whether the repairer is verified (true or false)' }) });

/** GET /api/repairers (admin): SPEC's Repairer, and where their account stands. */
export const NetworkRepairerSchema = RepairerViewSchema.extend({
  hasAccount: z.boolean(),
  invitationPending: z.boolean(),
  /** Imported from Google Places (has a place id; issue 13). */
  imported: z.boolean(),
  /** When an introduction e-mail was sent (ISO), if ever (D19). */
  introSentAt: z.string().nullable(),
  unsubscribed: z.boolean(),
  /** Issue 35 item 5: they applied from /technicians themselves. */
  applied: z.boolean(),
  /** How many of the three vetting checks are recorded (GET /api/admin/repairers/{id}/vetting has them); all three to be verified or invited. */
  checksDone: z.number().int().min(0).max(3),
});
export type NetworkRepairer = z.infer<typeof NetworkRepairerSchema>;
export const NetworkRepairersSchema = z.array(NetworkRepairerSchema);
const flag = z.enum(['true', 'false']).transform((value) => value === 'true');
/** GET /api/repairers: a page of 50, optionally searched (name, town or postcode) and filtered. */
export const NetworkQuerySchema = z.object({
  /** Absent: every repairer (SPEC's client shows the first 50 and notes when more exist); else 50 a page. */
  page: z.coerce.number().int().min(1).max(10_000).optional(),
  search: z.string().trim().max(100).optional(),
  verified: flag.optional(),
  hasEmail: flag.optional(),
  hasAccount: flag.optional(),
  // Issue 13: where the address came from, imported from Google Places or not, introduced or not.
  emailSource: z.enum(emailSources, { error: `Please choose an e-mail source: ${emailSources.join(', ')}` }).optional(),
  imported: flag.optional(),
  introduced: flag.optional(),
});
export type NetworkQuery = z.infer<typeof NetworkQuerySchema>;

// --- The repairer's own profile ---------------------------------------------------------------------
export const profileMessages = {
  businessName: 'Please enter your business name',
  contactName: 'Please enter the name customers will see',
  radius: 'Please choose a service radius from 1 to 100 miles',
  specialisations: 'Please choose at least one kind of repair you do',
  saved: 'Your profile was saved.',
  testMode: 'Card payments are in test mode: no payout account is needed.',
  stripeUnavailable: 'Stripe, which pays you, is not answering just now. Please try again in a few minutes.',
} as const;

/**
 * A number field's text as the number a JSON body carries: '' (left empty) is undefined, and text
 * that is not a number is NaN, which the body's schema refuses with the field's own sentence.
 */
export const numberFromField = (text: string): number | undefined => (text.trim() === '' ? undefined : Number(text.trim()));

/** PUT /api/repairer/profile: what a repairer keeps up to date (issue 12 item 7). The postcode is geocoded on save. */
export const ProfileBodySchema = z.object({
  businessName: z.string({ error: profileMessages.businessName }).refine(...controlCharacterCheck(controlCharactersMessage('Business name'))).trim().min(2, profileMessages.businessName).max(120, profileMessages.businessName),
  contactName: z.string({ error: profileMessages.contactName }).refine(...controlCharacterCheck(controlCharactersMessage('Name'))).trim().min(2, profileMessages.contactName).max(120, profileMessages.contactName),
  phone: UkPhoneSchema,
  city: z.string({ error: 'Please enter your town or city' }).refine(...controlCharacterCheck(controlCharactersMessage('Town or city'))).trim().min(2, 'Please enter your town or city').max(100, 'Please enter your town or city'),
  postcode: UkPostcodeSchema,
  // A JSON number (issue 33: z.coerce.number read `true` and `[1]` as 1); the forms read their text with numberFromField.
  serviceRadius: z.number({ error: profileMessages.radius }).int(profileMessages.radius).min(1, profileMessages.radius).max(100, profileMessages.radius),
  specializations: z.array(z.enum(specialisations), { error: profileMessages.specialisations }).min(1, profileMessages.specialisations),
});
export type ProfileBody = z.infer<typeof ProfileBodySchema>;

/**
 * POST /api/admin/repairers: the team adds a business it knows (a phone call, a trade show) to the
 * network, where Google Places is not set up or does not list it. As a repairer's own profile,
 * with the contact's name, phone and e-mail optional. It starts Pending Verification, with no account:
 * verify it, then invite it from its row.
 */
export const newRepairerMessages = {
  businessName: 'Please enter the business name',
  city: 'Please enter the town or city',
  specialisations: 'Please choose at least one kind of repair they do',
} as const;
export const NewRepairerBodySchema = ProfileBodySchema.omit({ contactName: true, phone: true }).extend({
  // The team's words, not the repairer's own ("your business name"): a browser review.
  businessName: z.string({ error: newRepairerMessages.businessName }).refine(...controlCharacterCheck(controlCharactersMessage('Business name'))).trim().min(2, newRepairerMessages.businessName).max(120, newRepairerMessages.businessName),
  city: z.string({ error: newRepairerMessages.city }).refine(...controlCharacterCheck(controlCharactersMessage('Town or city'))).trim().min(2, newRepairerMessages.city).max(100, newRepairerMessages.city),
  specializations: z.array(z.enum(specialisations), { error: newRepairerMessages.specialisations }).min(1, newRepairerMessages.specialisations),
  contactName: ProfileBodySchema.shape.contactName.optional(),
  phone: UkPhoneSchema.optional(),
  email: EmailSchema.optional(),
});
export type NewRepairerBody = z.infer<typeof NewRepairerBodySchema>;

export const ProfileViewSchema = z.object({
  businessName: z.string(),
  contactName: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  city: z.string(),
  postcode: z.string(),
  serviceRadius: z.number(),
  specializations: z.array(z.enum(specialisations)),
  isVerified: z.boolean(),
  rating: z.number().nullable(),
  /** Card payments are in test mode (no Stripe): no payout account is needed. */
  payouts: z.enum(['test-mode', 'not-started', 'incomplete', 'ready']),
  /**
   * Their shares of the jobs they accepted, in pounds as the quote's amounts (D14): paid to them,
   * to be paid (owed or being sent) and on hold after a reported problem. A cancelled booking's
   * share counts in none.
   */
  earnings: z.object({ paid: z.string(), toBePaid: z.string(), onHold: z.string() }),
  /** Issue 37 item 3: the photo customers who book them see (its thumbnail's public address and size), or null. */
  photo: z.object({ url: z.string(), width: z.number().int(), height: z.number().int() }).nullable(),
});
export type ProfileView = z.infer<typeof ProfileViewSchema>;

/**
 * Issue 37 item 3: a technician's photo is public (docs/decisions/0035-who-is-coming.md), at an
 * address made of a random token that changes with every photo: nobody can list them by id, and
 * each address may be cached for ever. `size`: the 400-pixel thumbnail the pages show, or the
 * display size (2048 pixels on the longer edge at most).
 */
export const technicianPhotoUrl = (token: string, size: 'thumb' | 'display' = 'thumb') => `/api/technician-photos/${token}${size === 'thumb' ? '?size=thumb' : ''}`;
export const TechnicianPhotoParamsSchema = z.object({ token: z.string().regex(/^[0-9a-f]{32}$/, 'We could not find that photo.') });
export const technicianPhotoMessages = {
  notFound: 'We could not find that photo.',
  tooMany: 'Please choose one photo: your profile shows one.',
  required: 'Please choose a photo to upload.',
  notMultipart: 'Please send the photo as a multipart form, the file as "photo".',
} as const;

/** POST /api/repairer/stripe-onboarding: where to send the repairer to set up their payouts. */
export const StripeOnboardingSchema = z.object({ url: z.string() });
