// The Stripe client (stripe 23.1.0): buildApp builds the app's one from STRIPE_SECRET_KEY and
// STRIPE_API_BASE (a local stand-in in tests) and passes it in (ModuleDeps.stripe, the jobs'
// context); no module builds or caches another.
import Stripe from 'stripe';
import type { StripeConfig } from '../config/config';

export type StripeClient = Stripe;

/** The Stripe SDK for these settings: buildApp makes the app's one (ModuleDeps.stripe). */
export function createStripeClient(config: StripeConfig): StripeClient {
  return new Stripe(config.secretKey, {
    ...(config.apiBase ? { host: config.apiBase.host, port: config.apiBase.port, protocol: config.apiBase.protocol } : {}),
    // Safe to retry: every call has an idempotency key.
    maxNetworkRetries: 2,
    timeout: 20_000,
    appInfo: { name: 'AutoRevive' },
  });
}
