// The repairer's own profile (issue 12 item 7): business, contact, phone, base postcode (placed on
// the map when saved, so nearby search finds them), service radius and specialisations; and,
// with Stripe configured, their Connect payout account (D14), which they must finish before
// accepting paid jobs (repairer-jobs checks stripe_onboarded_at).
import { eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import { profileMessages, type ProfileBody, type ProfileView } from '../../../shared/api/repairer-accounts';
import { isSpecialisation } from '../../../shared/damage';
import type { AppConfig } from '../../config/config';
import type { Db } from '../../db/database';
import { repairers } from '../../db/schema';
import { badRequest, conflict, forbidden, notFound } from '../../plugins/errors';
import type { SessionUser } from '../auth/auth.service';
import { POSTCODE_NOT_LOCATED, type Geocoder } from '../geo/geocoder';
import { createStripeClient } from '../payments/stripe-provider';
import { findRepairer, type RepairerRow } from '../dispatch/dispatch.repo';

export interface ProfileContext {
  db: Db;
  config: AppConfig;
  geocoder: Geocoder;
  /** Tests pass the SDK pointed at their stand-in; otherwise one is made from the config. */
  stripe?: Stripe;
}

let sharedStripe: Stripe | undefined;
const stripeOf = (ctx: ProfileContext) => ctx.stripe ?? (ctx.config.stripe ? (sharedStripe ??= createStripeClient(ctx.config.stripe)) : undefined);

async function ownRepairer(ctx: ProfileContext, user: SessionUser): Promise<RepairerRow> {
  if (user.role !== 'repairer' || user.repairerId === null) throw forbidden('Only repairers have a profile.');
  const row = await findRepairer(ctx.db, user.repairerId);
  if (!row) throw notFound('We could not find your business.');
  return row;
}

function payoutState(ctx: ProfileContext, row: RepairerRow): ProfileView['payouts'] {
  if (!ctx.config.stripe) return 'test-mode';
  if (!row.stripeAccountId) return 'not-started';
  return row.stripeOnboardedAt ? 'ready' : 'incomplete';
}

function view(ctx: ProfileContext, row: RepairerRow): ProfileView {
  return {
    businessName: row.businessName,
    contactName: row.contactName,
    email: row.email,
    phone: row.phone,
    city: row.city,
    postcode: row.postcode,
    serviceRadius: row.serviceRadiusMiles,
    specializations: row.specialisations.filter(isSpecialisation),
    isVerified: row.isVerified,
    rating: row.ratingTenths === null ? null : row.ratingTenths / 10,
    payouts: payoutState(ctx, row),
  };
}

/** GET: with an unfinished Stripe account, Stripe is asked whether it is finished now (the repairer just came back from it). */
export async function readProfile(ctx: ProfileContext, user: SessionUser, now: Date): Promise<ProfileView> {
  let row = await ownRepairer(ctx, user);
  const stripe = stripeOf(ctx);
  if (stripe && row.stripeAccountId && !row.stripeOnboardedAt) {
    const account = await stripe.accounts.retrieve(row.stripeAccountId);
    if (account.details_submitted && account.payouts_enabled) {
      [row] = (await ctx.db.update(repairers).set({ stripeOnboardedAt: now, updatedAt: now }).where(eq(repairers.id, row.id)).returning()) as [RepairerRow];
    }
  }
  return view(ctx, row);
}

export async function saveProfile(ctx: ProfileContext, user: SessionUser, body: ProfileBody, now: Date): Promise<ProfileView> {
  const row = await ownRepairer(ctx, user);
  const location = await ctx.geocoder.locate(body.postcode);
  if (!location) throw badRequest(POSTCODE_NOT_LOCATED, { postcode: POSTCODE_NOT_LOCATED });
  const [saved] = await ctx.db
    .update(repairers)
    .set({
      businessName: body.businessName,
      contactName: body.contactName,
      phone: body.phone,
      city: body.city,
      postcode: body.postcode,
      latitude: location.latitude,
      longitude: location.longitude,
      serviceRadiusMiles: body.serviceRadius,
      specialisations: [...new Set(body.specializations)],
      updatedAt: now,
    })
    .where(eq(repairers.id, row.id))
    .returning();
  return view(ctx, saved!);
}

/** Stripe Connect onboarding: the Express account is made once (idempotency key), then a fresh account link each time. */
export async function startStripeOnboarding(ctx: ProfileContext, user: SessionUser): Promise<{ url: string }> {
  const stripe = stripeOf(ctx);
  if (!stripe) throw conflict(profileMessages.testMode);
  let row = await ownRepairer(ctx, user);
  if (!row.stripeAccountId) {
    const account = await stripe.accounts.create(
      { type: 'express', country: 'GB', ...(row.email ? { email: row.email } : {}), business_profile: { name: row.businessName }, capabilities: { transfers: { requested: true } }, metadata: { repairer_id: String(row.id) } },
      { idempotencyKey: `repairer-${row.id}-account` },
    );
    [row] = (await ctx.db.update(repairers).set({ stripeAccountId: account.id, updatedAt: new Date() }).where(eq(repairers.id, row.id)).returning()) as [RepairerRow];
  }
  const back = `${ctx.config.publicUrl}/repairer/profile`;
  const link = await stripe.accountLinks.create({ account: row.stripeAccountId!, refresh_url: back, return_url: back, type: 'account_onboarding' });
  return { url: link.url };
}
