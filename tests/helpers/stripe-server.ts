// A local stand-in for Stripe's HTTP API (STYLE habit 9: fakes speak the real protocol to the
// real SDK). It answers the calls the payments module makes: create, retrieve and update a
// payment intent, and refunds; Connect accounts; and transfers, created, reversed (in whole or
// part: listed with `reversed` and `amount_reversed`, as Stripe lists them) and listed (newest
// first, by transfer_group or destination, a page at a time as Stripe pages them). It replays a
// request whose Idempotency-Key it has seen (and refuses the key with different parameters, as
// Stripe does) until told to forget its keys, as Stripe does after 24 hours; it can be told to
// answer the next call with a 402 card error, or to keep requests waiting unanswered. Point the
// app at it with STRIPE_API_BASE.
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

export interface StripeRequest {
  method: string;
  path: string;
  params: Record<string, unknown>;
  idempotencyKey: string | undefined;
  /** True when the answer was a replay of an earlier request with the same key. */
  replayed: boolean;
}

export interface StandInIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_received: number;
  currency: string;
  client_secret: string;
  status: 'requires_payment_method' | 'succeeded' | 'canceled';
  metadata: Record<string, string>;
  description: string | null;
  created: number;
  last_payment_error: { code: string; decline_code?: string; message: string; type: string } | null;
}

export interface StandInTransfer {
  id: string;
  object: 'transfer';
  amount: number;
  amount_reversed: number;
  currency: string;
  created: number;
  description: string | null;
  destination: string;
  livemode: false;
  metadata: Record<string, string>;
  reversed: boolean;
  source_transaction: string | null;
  transfer_group: string | null;
}

export interface CardErrorAnswer {
  code: string;
  decline_code?: string;
  message: string;
}

export interface StripeStandIn {
  url: string;
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  /** The env settings that point the app at this stand-in. */
  env: Record<string, string>;
  requests: StripeRequest[];
  intents: Map<string, StandInIntent>;
  refunds: { id: string; payment_intent: string; amount: number }[];
  /** Connect accounts (repairers' payout accounts); a test finishes onboarding by setting details_submitted and payouts_enabled. */
  accounts: Map<string, { id: string; details_submitted: boolean; payouts_enabled: boolean } & Record<string, unknown>>;
  /** Connect transfers created (issue 12: the repairer's share, D14), oldest first. */
  transfers: StandInTransfer[];
  /** Stripe keeps an idempotency key's answer for 24 hours: this is the day passing. */
  forgetIdempotencyKeys(): void;
  /**
   * Requests to a path starting with `pathPrefix` (method and path, e.g. 'POST /v1/transfers')
   * wait, unanswered and not yet acted on, until `release()`, then are answered in the order they
   * came; `reached` resolves when the first one arrives, `arrived()` counts them.
   */
  stall(methodAndPathPrefix: string): { reached: Promise<void>; arrived(): number; release(): void };
  /** The next request to a path starting with `pathPrefix` gets a 402 card error. */
  failNext(pathPrefix: string, error: CardErrorAnswer): void;
  /**
   * Stripe itself refusing: every request to a path starting with `pathPrefix` gets `status` with
   * an error of Stripe's `type` (401 authentication_error, 429 rate_limit_error) until `restore()`.
   */
  outage(pathPrefix: string, status: number, type: string): void;
  restore(): void;
  /** As the customer's browser would through Stripe.js: the intent succeeds or fails. */
  settle(intentId: string, outcome: 'succeeded' | CardErrorAnswer): StandInIntent;
  /**
   * A webhook delivery for this intent (payment_intent.*) or transfer (transfer.*), carrying the
   * object as it stands now, signed as Stripe signs it (or with the given overrides).
   */
  webhook(
    type: 'payment_intent.succeeded' | 'payment_intent.payment_failed' | 'transfer.reversed',
    objectId: string,
    options?: { eventId?: string; timestamp?: number; secret?: string; created?: number },
  ): { payload: string; headers: Record<string, string> };
  close(): Promise<void>;
}

/** `metadata[appointment_id]=42&amount=100` → { metadata: { appointment_id: '42' }, amount: '100' } */
export function decodeStripeForm(body: string): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const parts = key.split(/\[|\]\[|\]/).filter((part) => part !== '');
    let target = result;
    for (const part of parts.slice(0, -1)) target = (target[part] ??= {}) as Record<string, unknown>;
    target[parts[parts.length - 1]!] = value;
  }
  return result;
}

const id = (prefix: string) => `${prefix}_${randomBytes(10).toString('hex')}`;

export async function startStripeStandIn(): Promise<StripeStandIn> {
  const requests: StripeRequest[] = [];
  const intents = new Map<string, StandInIntent>();
  const refunds: StripeStandIn['refunds'] = [];
  const transfers: StripeStandIn['transfers'] = [];
  const accounts: StripeStandIn['accounts'] = new Map();
  const seenKeys = new Map<string, { body: string; status: number; answer: unknown }>();
  const stalls: { prefix: string; arrive: () => void; gate: Promise<void> }[] = [];
  const failures: { pathPrefix: string; error: CardErrorAnswer }[] = [];
  let outage: { pathPrefix: string; status: number; type: string } | undefined;
  const sdk = new Stripe('sk_test_standin');

  function answer(method: string, path: string, params: Record<string, unknown>): { status: number; body: unknown } {
    const failure = failures.findIndex((f) => path.startsWith(f.pathPrefix));
    if (failure >= 0) {
      const { error } = failures.splice(failure, 1)[0]!;
      return { status: 402, body: { error: { type: 'card_error', ...error } } };
    }
    if (method === 'POST' && path === '/v1/payment_intents') {
      const intentId = id('pi');
      const intent: StandInIntent = {
        id: intentId,
        object: 'payment_intent',
        amount: Number(params.amount),
        amount_received: 0,
        currency: String(params.currency),
        client_secret: `${intentId}_secret_${randomBytes(12).toString('hex')}`,
        status: 'requires_payment_method',
        metadata: (params.metadata ?? {}) as Record<string, string>,
        description: (params.description as string | undefined) ?? null,
        created: Math.floor(Date.now() / 1000),
        last_payment_error: null,
      };
      intents.set(intentId, intent);
      return { status: 200, body: intent };
    }
    const intentMatch = /^\/v1\/payment_intents\/([\w]+)$/.exec(path);
    if (intentMatch) {
      const intent = intents.get(intentMatch[1]!);
      if (!intent) return { status: 404, body: { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such payment_intent: '${intentMatch[1]}'` } } };
      if (method === 'POST' && params.amount !== undefined) intent.amount = Number(params.amount);
      return { status: 200, body: intent };
    }
    if (method === 'POST' && path === '/v1/refunds') {
      const intent = intents.get(String(params.payment_intent));
      if (!intent || intent.status !== 'succeeded') {
        return { status: 400, body: { error: { type: 'invalid_request_error', code: 'charge_not_refundable', message: 'This PaymentIntent has no successful charge to refund.' } } };
      }
      const refund = { id: id('re'), object: 'refund', payment_intent: intent.id, amount: Number(params.amount ?? intent.amount), status: 'succeeded', currency: intent.currency };
      refunds.push(refund);
      return { status: 200, body: refund };
    }
    if (method === 'POST' && path === '/v1/accounts') {
      const account = { id: id('acct'), object: 'account', type: String(params.type ?? 'express'), country: String(params.country ?? 'GB'), email: (params.email as string | undefined) ?? null, details_submitted: false, payouts_enabled: false, charges_enabled: false };
      accounts.set(account.id, account);
      return { status: 200, body: account };
    }
    const accountMatch = /^\/v1\/accounts\/(acct_\w+)$/.exec(path);
    if (method === 'GET' && accountMatch) {
      const account = accounts.get(accountMatch[1]!);
      return account ? { status: 200, body: account } : { status: 404, body: { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such account: '${accountMatch[1]}'` } } };
    }
    if (method === 'POST' && path === '/v1/account_links') {
      if (!accounts.has(String(params.account))) return { status: 400, body: { error: { type: 'invalid_request_error', message: 'No such account' } } };
      return { status: 200, body: { object: 'account_link', url: `https://connect.stripe.com/setup/e/${String(params.account)}/${randomBytes(6).toString('hex')}`, expires_at: Math.floor(Date.now() / 1000) + 300 } };
    }
    if (method === 'POST' && path === '/v1/transfers') {
      if (!String(params.destination ?? '').startsWith('acct_')) {
        return { status: 400, body: { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such destination: '${String(params.destination)}'` } } };
      }
      const transfer: StandInTransfer = {
        id: id('tr'),
        object: 'transfer',
        amount: Number(params.amount),
        amount_reversed: 0,
        currency: String(params.currency),
        created: Math.floor(Date.now() / 1000),
        description: (params.description as string | undefined) ?? null,
        destination: String(params.destination),
        livemode: false,
        metadata: (params.metadata ?? {}) as Record<string, string>,
        reversed: false,
        source_transaction: null,
        transfer_group: (params.transfer_group as string | undefined) ?? null,
      };
      transfers.push(transfer);
      return { status: 200, body: transfer };
    }
    if (method === 'GET' && path === '/v1/transfers') {
      // Newest first; `starting_after` pages on from a transfer of the previous page.
      let matching = [...transfers]
        .reverse()
        .filter((tr) => params.transfer_group === undefined || tr.transfer_group === params.transfer_group)
        .filter((tr) => params.destination === undefined || tr.destination === params.destination);
      if (params.starting_after !== undefined) {
        const at = matching.findIndex((tr) => tr.id === params.starting_after);
        if (at < 0) return { status: 400, body: { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such transfer: '${String(params.starting_after)}'` } } };
        matching = matching.slice(at + 1);
      }
      const limit = Math.min(100, Math.max(1, Number(params.limit ?? 10)));
      return { status: 200, body: { object: 'list', url: '/v1/transfers', has_more: matching.length > limit, data: matching.slice(0, limit) } };
    }
    const reversalMatch = /^\/v1\/transfers\/(tr_\w+)\/reversals$/.exec(path);
    if (method === 'POST' && reversalMatch) {
      // An operator taking a transfer back in Stripe's dashboard (or the API): all of it unless
      // an amount is given; the transfer then lists with `amount_reversed`, and `reversed` once whole.
      const transfer = transfers.find((tr) => tr.id === reversalMatch[1]);
      if (!transfer) return { status: 404, body: { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such transfer: '${reversalMatch[1]}'` } } };
      const amount = params.amount === undefined ? transfer.amount - transfer.amount_reversed : Number(params.amount);
      if (amount <= 0 || transfer.amount_reversed + amount > transfer.amount) {
        return { status: 400, body: { error: { type: 'invalid_request_error', message: 'The reversal amount exceeds what is left of the transfer.' } } };
      }
      transfer.amount_reversed += amount;
      transfer.reversed = transfer.amount_reversed === transfer.amount;
      return { status: 200, body: { id: id('trr'), object: 'transfer_reversal', amount, currency: transfer.currency, transfer: transfer.id, created: Math.floor(Date.now() / 1000), metadata: {} } };
    }
    const transferMatch = /^\/v1\/transfers\/(tr_\w+)$/.exec(path);
    if (method === 'GET' && transferMatch) {
      const transfer = transfers.find((tr) => tr.id === transferMatch[1]);
      return transfer ? { status: 200, body: transfer } : { status: 404, body: { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such transfer: '${transferMatch[1]}'` } } };
    }
    return { status: 404, body: { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path}).` } } };
  }

  const server = http.createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', async () => {
      const method = request.method ?? 'GET';
      const url = new URL(request.url ?? '/', 'http://stand-in');
      const path = url.pathname;
      // A GET's parameters come in the query string, a POST's in the form body.
      const params = method === 'GET' ? decodeStripeForm(url.search.slice(1)) : decodeStripeForm(body);
      const stalled = stalls.find((s) => `${method} ${path}`.startsWith(s.prefix));
      if (stalled) {
        stalled.arrive();
        await stalled.gate;
      }
      const key = request.headers['idempotency-key'] as string | undefined;
      const send = (status: number, answerBody: unknown, replayed: boolean) => {
        requests.push({ method, path, params, idempotencyKey: key, replayed });
        response.writeHead(status, {
          'content-type': 'application/json',
          'request-id': id('req'),
          ...(replayed ? { 'idempotent-replayed': 'true' } : {}),
        });
        response.end(JSON.stringify(answerBody));
      };
      if (request.headers.authorization !== `Bearer ${standIn.secretKey}`) {
        send(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided.' } }, false);
        return;
      }
      if (outage && path.startsWith(outage.pathPrefix)) {
        // Refused before the request runs (a key, a rate limit): Stripe keeps no answer for its key.
        send(outage.status, { error: { type: outage.type, message: `Stand-in outage (${outage.status}).` } }, false);
        return;
      }
      const scopedKey = key ? `${method} ${path} ${key}` : undefined;
      const seen = scopedKey ? seenKeys.get(scopedKey) : undefined;
      if (seen) {
        if (seen.body !== body) {
          send(
            400,
            { error: { type: 'idempotency_error', message: `Keys for idempotent requests can only be used with the same parameters they were first used with.` } },
            false,
          );
        } else send(seen.status, seen.answer, true);
        return;
      }
      const { status, body: answerBody } = answer(method, path, params);
      // Stripe keeps the first answer for a key, errors included.
      if (scopedKey) seenKeys.set(scopedKey, { body, status, answer: answerBody });
      send(status, answerBody, false);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;

  const standIn: StripeStandIn = {
    url,
    secretKey: 'sk_test_standin',
    publishableKey: 'pk_test_standin',
    webhookSecret: 'whsec_standin',
    env: {},
    requests,
    intents,
    refunds,
    transfers,
    accounts,
    forgetIdempotencyKeys() {
      seenKeys.clear();
    },
    stall(prefix) {
      let first!: () => void;
      const reached = new Promise<void>((resolve) => (first = resolve));
      let count = 0;
      let open!: () => void;
      const gate = new Promise<void>((resolve) => (open = resolve));
      const entry = {
        prefix,
        arrive: () => {
          count++;
          first();
        },
        gate,
      };
      stalls.push(entry);
      return {
        reached,
        arrived: () => count,
        release() {
          if (stalls.includes(entry)) stalls.splice(stalls.indexOf(entry), 1);
          open();
        },
      };
    },
    failNext(pathPrefix, error) {
      failures.push({ pathPrefix, error });
    },
    outage(pathPrefix, status, type) {
      outage = { pathPrefix, status, type };
    },
    restore() {
      outage = undefined;
    },
    settle(intentId, outcome) {
      const intent = intents.get(intentId);
      if (!intent) throw new Error(`The stand-in has no intent ${intentId}`);
      if (outcome === 'succeeded') {
        intent.status = 'succeeded';
        intent.amount_received = intent.amount;
        intent.last_payment_error = null;
      } else {
        intent.status = 'requires_payment_method';
        intent.last_payment_error = { type: 'card_error', ...outcome };
      }
      return intent;
    },
    webhook(type, objectId, options = {}) {
      const object = type.startsWith('transfer.') ? transfers.find((tr) => tr.id === objectId) : intents.get(objectId);
      if (!object) throw new Error(`The stand-in has no ${type.split('.')[0]} ${objectId}`);
      const payload = JSON.stringify({
        id: options.eventId ?? id('evt'),
        object: 'event',
        api_version: '2026-10-28.endive',
        created: options.created ?? Math.floor(Date.now() / 1000),
        livemode: false,
        type,
        data: { object: { ...object } },
      });
      const header = sdk.webhooks.generateTestHeaderString({
        payload,
        secret: options.secret ?? standIn.webhookSecret,
        ...(options.timestamp !== undefined ? { timestamp: options.timestamp } : {}),
      });
      return { payload, headers: { 'content-type': 'application/json', 'stripe-signature': header } };
    },
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
  standIn.env = {
    STRIPE_SECRET_KEY: standIn.secretKey,
    STRIPE_PUBLISHABLE_KEY: standIn.publishableKey,
    STRIPE_WEBHOOK_SECRET: standIn.webhookSecret,
    STRIPE_API_BASE: url,
  };
  return standIn;
}
