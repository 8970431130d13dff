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

/**
 * The provider itself failed or refused the request (unreachable, timed out, 5xx, rate limit, a
 * refused key, a request it would not take): not the card, and nothing was taken. Carries no
 * HTTP status of its own, so the provider's status never reaches the browser; callers turn it into
 * a sentence, and the operator reads `detail` in the log.
 */
export class PaymentProviderError extends Error {
  constructor(
    message: string,
    readonly detail: { type: string; statusCode?: number; code?: string; requestId?: string },
  ) {
    super(message);
    this.name = 'PaymentProviderError';
  }
}

/**
 * A failure of Stripe itself as this app's own error, or null for anything else. Stripe's SDK
 * errors carry Stripe's HTTP status (401 for a refused key, 429, 400): passed on as they are, the
 * error handler would answer the browser with that status and log nothing.
 */
export function stripeFailure(error: unknown): PaymentProviderError | null {
  if (!(error instanceof Stripe.errors.StripeError)) return null;
  const detail = {
    type: error.rawType ?? error.type,
    ...(error.statusCode ? { statusCode: error.statusCode } : {}),
    ...(error.code ? { code: error.code } : {}),
    ...(error.requestId ? { requestId: error.requestId } : {}),
  };
  return new PaymentProviderError(`Stripe failed (${detail.type}${error.statusCode ? ` ${error.statusCode}` : ''}): ${error.message}`, detail);
}
