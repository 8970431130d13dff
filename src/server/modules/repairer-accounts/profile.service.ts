// The repairer's own profile (issue 12 item 7): business, contact, phone, base postcode (placed on
// the map when saved, so nearby search finds them), service radius and specialisations; and,
// with Stripe configured, their Connect payout account (D14), which they must finish before
// accepting paid jobs (repairer-jobs checks stripe_onboarded_at).
import type { FastifyBaseLogger } from 'fastify';
import type Stripe from 'stripe';
import { profileMessages, technicianPhotoUrl, type ProfileBody, type ProfileView } from '../../../shared/api/repairer-accounts';
import { isSpecialisation } from '../../../shared/damage';
import { penceToDecimalString } from '../../../shared/money';
import type { AppConfig } from '../../config/config';
import type { Database, Db } from '../../db/database';
import { conflict, DomainError, forbidden, notFound } from '../../kernel/errors';
import type { SessionUser } from '../auth';
import type { Geocoder } from '../geo';
import { placedProfileColumns } from './profile-columns';
import { stripeFailure } from '../../kernel/stripe';
import { findRepairer, markStripeOnboarded, readOwnProfile, saveRepairerDetails, setStripeAccount, type OwnProfileRow, type RepairerRow } from '../repairers';

export interface ProfileContext {
  db: Db;
  database: Database;
  config: AppConfig;
  geocoder: Geocoder;
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
  /** The app's Stripe client (ModuleDeps.stripe): undefined in test mode. */
  stripe: Stripe | undefined;
}

async function ownRepairer(ctx: ProfileContext, user: SessionUser): Promise<RepairerRow> {
  if (user.role !== 'repairer' || user.repairerId === null) throw forbidden('Only repairers have a profile.');
  const row = await findRepairer(ctx.db, user.repairerId);
  if (!row) throw notFound('We could not find your business.');
  return row;
}

async function ownProfileRow(ctx: ProfileContext, user: SessionUser): Promise<OwnProfileRow> {
  if (user.role !== 'repairer' || user.repairerId === null) throw forbidden('Only repairers have a profile.');
  const row = await readOwnProfile(ctx.database, user.repairerId);
  if (!row) throw notFound('We could not find your business.');
  return row;
}

function payoutState(ctx: ProfileContext, row: OwnProfileRow): ProfileView['payouts'] {
  if (!ctx.config.stripe) return 'test-mode';
  if (!row.stripeAccountId) return 'not-started';
  return row.stripeOnboardedAt ? 'ready' : 'incomplete';
}

function view(ctx: ProfileContext, row: OwnProfileRow): ProfileView {
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
    earnings: { paid: penceToDecimalString(row.earnings.paidPence), toBePaid: penceToDecimalString(row.earnings.toComePence), onHold: penceToDecimalString(row.earnings.heldPence) },
    photo: row.photo && { url: technicianPhotoUrl(row.photo.token), width: row.photo.width, height: row.photo.height },
  };
}

/** GET: with an unfinished Stripe account, Stripe is asked whether it is finished now (the repairer just came back from it). */
export async function readProfile(ctx: ProfileContext, user: SessionUser, now: Date): Promise<ProfileView> {
  let row: OwnProfileRow = await ownProfileRow(ctx, user);
  const stripe = ctx.stripe;
  if (stripe && row.stripeAccountId && !row.stripeOnboardedAt) {
    // Stripe down or refusing: the profile still opens, showing the account as unfinished.
    const account = await stripe.accounts.retrieve(row.stripeAccountId).catch((error: unknown) => {
      const failure = stripeFailure(error);
      if (!failure) throw error;
      ctx.log.warn({ repairerId: row.id, detail: failure.detail, err: failure }, 'Stripe could not say whether a payout account is finished: the profile shows it unfinished');
      return null;
    });
    if (account?.details_submitted && account.payouts_enabled) {
      await markStripeOnboarded(ctx.db, row.id, now);
      row = { ...row, stripeOnboardedAt: now };
    }
  }
  return view(ctx, row);
}

/** The profile as it now is, Stripe not asked (after a photo is changed). */
export async function currentProfile(ctx: ProfileContext, user: SessionUser): Promise<ProfileView> {
  return view(ctx, await ownProfileRow(ctx, user));
}

export async function saveProfile(ctx: ProfileContext, user: SessionUser, body: ProfileBody, now: Date): Promise<ProfileView> {
  const row = await ownRepairer(ctx, user);
  await saveRepairerDetails(ctx.db, row.id, await placedProfileColumns(ctx.geocoder, body), now);
  return view(ctx, await ownProfileRow(ctx, user));
}

/** Stripe Connect onboarding: the Express account is made once (idempotency key), then a fresh account link each time. */
export async function startStripeOnboarding(ctx: ProfileContext, user: SessionUser): Promise<{ url: string }> {
  const stripe = ctx.stripe;
  if (!stripe) throw conflict(profileMessages.testMode);
  const row = await ownRepairer(ctx, user);
  try {
    return await onboardingLink(ctx, stripe, row);
  } catch (error) {
    const failure = stripeFailure(error);
    if (!failure) throw error;
    ctx.log.error({ repairerId: row.id, detail: failure.detail, err: failure }, 'Stripe failed to start payout onboarding');
    throw new DomainError(503, 'payouts_unavailable', profileMessages.stripeUnavailable);
  }
}

async function onboardingLink(ctx: ProfileContext, stripe: Stripe, row: RepairerRow): Promise<{ url: string }> {
  if (!row.stripeAccountId) {
    const account = await stripe.accounts.create(
      { type: 'express', country: 'GB', ...(row.email ? { email: row.email } : {}), business_profile: { name: row.businessName }, capabilities: { transfers: { requested: true } }, metadata: { repairer_id: String(row.id) } },
      { idempotencyKey: `repairer-${row.id}-account` },
    );
    row = await setStripeAccount(ctx.db, row.id, account.id);
  }
  const back = `${ctx.config.publicUrl}/repairer/profile`;
  const link = await stripe.accountLinks.create({ account: row.stripeAccountId!, refresh_url: back, return_url: back, type: 'account_onboarding' });
  return { url: link.url };
}
