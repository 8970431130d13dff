import type { QueryFunction } from '@tanstack/react-query';
import type { z } from 'zod';

// SPEC section 7 and 8: every call carries cookies, JSON only when a body is supplied, and a
// non-OK response becomes an error reading "<status>: <body text or status text>".

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  /** The server's `message` field, when it sent one: safe to show in a toast or form. */
  readonly userMessage: string | undefined;
  /** The server's `fieldErrors` (a 400's message for each field it names), or none. */
  readonly fieldErrors: Record<string, string>;
  readonly body: string;

  constructor(status: number, statusText: string, body: string) {
    super(`${status}: ${body || statusText}`);
    this.status = status;
    this.body = body;
    const parsed = parseBody(body);
    this.userMessage = readMessage(parsed);
    this.fieldErrors = readFieldErrors(parsed);
  }
}

/**
 * An OK answer whose body does not match the schema in src/shared/api that the route declares:
 * the server and this build disagree, so nothing is shown from it.
 */
export class UnexpectedResponseError extends Error {
  override readonly name = 'UnexpectedResponseError';
  readonly url: string;
  readonly issues: readonly { path: readonly PropertyKey[]; message: string }[];

  constructor(url: string, issues: readonly { path: readonly PropertyKey[]; message: string }[]) {
    const first = issues[0];
    super(`Unexpected answer from ${url}${first ? ` at ${first.path.map(String).join('.') || '(root)'}: ${first.message}` : ''}`);
    this.url = url;
    this.issues = issues;
  }
}

/** Parses a response body with the route's shared schema (src/shared/api/<domain>.ts). */
export function parseResponse<S extends z.ZodType>(schema: S, url: string, body: unknown): z.output<S> {
  const result = schema.safeParse(body);
  if (!result.success) throw new UnexpectedResponseError(url, result.error.issues);
  return result.data;
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** The answer's body as JSON, or undefined when it is not JSON. */
function parseBody(body: string): unknown {
  if (!body) return undefined;
  try {
    return JSON.parse(body);
  } catch {
    return undefined; // not JSON: the raw text is still in `message`
  }
}

function readMessage(parsed: unknown): string | undefined {
  if (parsed && typeof parsed === 'object' && 'message' in parsed) {
    const { message } = parsed as { message: unknown };
    if (typeof message === 'string' && message.trim() !== '') return message;
  }
  return undefined;
}

function readFieldErrors(parsed: unknown): Record<string, string> {
  if (!parsed || typeof parsed !== 'object' || !('fieldErrors' in parsed)) return {};
  const { fieldErrors } = parsed as { fieldErrors: unknown };
  if (!fieldErrors || typeof fieldErrors !== 'object') return {};
  return Object.fromEntries(Object.entries(fieldErrors).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
}

async function throwIfNotOk(response: Response): Promise<void> {
  if (response.ok) return;
  let text = '';
  try {
    text = await response.text();
  } catch {
    text = '';
  }
  throw new ApiError(response.status, response.statusText, text);
}

/**
 * Sends a request and returns the OK response. A FormData body (photo uploads) is sent as
 * multipart, letting the browser set its boundary; any other body is sent as JSON.
 */
export async function apiRequest(method: HttpMethod, url: string, body?: unknown): Promise<Response> {
  const init: RequestInit = { method, credentials: 'include' };
  if (body !== undefined) {
    if (body instanceof FormData) {
      init.body = body;
    } else {
      init.headers = { 'Content-Type': 'application/json' };
      init.body = JSON.stringify(body);
    }
  }
  const response = await fetch(url, init);
  await throwIfNotOk(response);
  return response;
}

/**
 * apiRequest, then the JSON body (undefined for 204 No Content or an empty body). With the
 * route's response schema the body is parsed with it, so a drift between server and web
 * fails loudly instead of rendering half a record; without one it is `unknown`.
 */
export async function apiJson(method: HttpMethod, url: string, body?: unknown): Promise<unknown>;
export async function apiJson<S extends z.ZodType>(method: HttpMethod, url: string, body: unknown, schema: S): Promise<z.output<S>>;
export async function apiJson(method: HttpMethod, url: string, body?: unknown, schema?: z.ZodType): Promise<unknown> {
  const response = await apiRequest(method, url, body);
  const text = response.status === 204 ? '' : await response.text();
  const parsed: unknown = text ? JSON.parse(text) : undefined;
  return schema ? parseResponse(schema, url, parsed) : parsed;
}

/**
 * Issue 36: the customer's screens read the answer as its route's schema types it, without
 * parsing it in the browser, so they load neither zod nor the schemas (their share of a
 * phone's script budget; docs/decisions/0022-small-customer-screens.md). The server writes
 * every answer through the route's declared schema (STYLE habit 5); the staff screens still
 * parse theirs with the schema (getQueryFn's `schema`, apiJson's fourth argument).
 */
export function apiJsonAs<T>(method: HttpMethod, url: string, body?: unknown): Promise<T> {
  return apiJson(method, url, body) as Promise<T>;
}

/** getQueryFn for a customer's screen: the answer typed as `T` (its route's schema's output), not parsed (see apiJsonAs). */
export function typedQueryFn<T>(): QueryFunction<T> {
  return getQueryFn({ on401: 'throw' }) as QueryFunction<T>;
}

type QueryKeyPart = string | number | Record<string, string | number | boolean | undefined>;

/**
 * The URL a query key stands for: the first element, then any further strings or numbers
 * joined with '/'. A plain object becomes the query string, so
 * ['/api/appointments/available', { date: '2025-06-02' }] reads ...available?date=2025-06-02.
 */
export function urlFromQueryKey(queryKey: readonly unknown[]): string {
  const [first, ...rest] = queryKey as readonly QueryKeyPart[];
  if (typeof first !== 'string') throw new Error('The first element of a query key must be a URL');
  const segments = [first];
  const search = new URLSearchParams();
  for (const part of rest) {
    if (typeof part === 'string' || typeof part === 'number') {
      segments.push(encodeURIComponent(String(part)));
    } else if (part && typeof part === 'object') {
      for (const [key, value] of Object.entries(part)) {
        if (value !== undefined) search.append(key, String(value));
      }
    }
  }
  const query = search.toString();
  return segments.join('/') + (query ? `?${query}` : '');
}

export type UnauthorizedBehavior = 'returnNull' | 'throw';

/**
 * The query function for a GET whose URL is the query key. Given the route's response
 * schema (src/shared/api), the answer is parsed with it; without one it is `unknown`.
 */
export function getQueryFn<S extends z.ZodType>(options: { on401: 'returnNull'; schema: S }): QueryFunction<z.output<S> | null>;
export function getQueryFn<S extends z.ZodType>(options: { on401: 'throw'; schema: S }): QueryFunction<z.output<S>>;
export function getQueryFn(options: { on401: 'returnNull' }): QueryFunction<unknown>;
export function getQueryFn(options: { on401: 'throw' }): QueryFunction<unknown>;
export function getQueryFn({ on401, schema }: { on401: UnauthorizedBehavior; schema?: z.ZodType }): QueryFunction<unknown> {
  return async ({ queryKey, signal }) => {
    const url = urlFromQueryKey(queryKey);
    const response = await fetch(url, { credentials: 'include', signal });
    if (on401 === 'returnNull' && response.status === 401) return null;
    await throwIfNotOk(response);
    const body: unknown = await response.json();
    return schema ? parseResponse(schema, url, body) : body;
  };
}

/** The text to show a person for a failed call: the server's message, else a safe fallback. */
export function userMessageOf(error: unknown, fallback = 'Something went wrong. Please try again.'): string {
  return isApiError(error) && error.userMessage ? error.userMessage : fallback;
}
