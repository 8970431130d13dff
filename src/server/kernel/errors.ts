// STYLE habit 6: one error path. Domain errors become 4xx with a message a person can act
// on; anything else is a 500 that says nothing specific and is logged with the request id.
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorBody } from '../../shared/api/errors';

export class DomainError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly fieldErrors?: Record<string, string>,
    /** Sent as Retry-After: when a refusal for load (429, 503) will likely pass. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

/** Refused for load, not for anything the visitor did wrong: 429 or 503 with Retry-After. */
export const busy = (statusCode: 429 | 503, message: string, retryAfterSeconds: number) =>
  new DomainError(statusCode, statusCode === 429 ? 'too_many_requests' : 'busy', message, undefined, retryAfterSeconds);

export const badRequest = (message: string, fieldErrors?: Record<string, string>) =>
  new DomainError(400, 'bad_request', message, fieldErrors);
export const unauthorised = (message = 'Please sign in to continue.') => new DomainError(401, 'unauthorised', message);
export const forbidden = (message = 'You do not have access to this.') => new DomainError(403, 'forbidden', message);
export const notFound = (message = 'We could not find that.') => new DomainError(404, 'not_found', message);
export const conflict = (message: string) => new DomainError(409, 'conflict', message);
/** A link that was good once: used, or past its time. */
export const gone = (message: string) => new DomainError(410, 'gone', message);
export const payloadTooLarge = (message: string) => new DomainError(413, 'payload_too_large', message);
export const tooManyRequests = (message: string) => new DomainError(429, 'too_many_requests', message);
export const notConfigured = (message: string) => new DomainError(503, 'not_configured', message);

export type { ErrorBody } from '../../shared/api/errors';

// Fastify's own refusals (a body that is not JSON, too large, of a type no route takes) keep
// their status but answer with the product's codes and words: its FST_ERR_* codes name its
// internals, and a client needs only the status and a sentence.
const safeClientErrors: Record<number, { code: string; message: string }> = {
  400: { code: 'bad_request', message: 'The request could not be understood.' },
  404: { code: 'not_found', message: 'We could not find that.' },
  405: { code: 'method_not_allowed', message: 'That method is not allowed here.' },
  406: { code: 'not_acceptable', message: 'That format is not available.' },
  408: { code: 'request_timeout', message: 'The request took too long to arrive. Please try again.' },
  413: { code: 'payload_too_large', message: 'The request is too large.' },
  415: { code: 'unsupported_media_type', message: 'That content type is not supported here: please send JSON (Content-Type: application/json).' },
  429: { code: 'too_many_requests', message: 'Too many requests. Please wait a moment and try again.' },
};

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | DomainError, request, reply) => {
    if (error instanceof DomainError) {
      const body: ErrorBody = { error: error.code, message: error.message };
      if (error.fieldErrors) body.fieldErrors = error.fieldErrors;
      if (error.retryAfterSeconds !== undefined) reply.header('Retry-After', String(error.retryAfterSeconds));
      if (error.statusCode >= 500) request.log.warn({ err: error }, 'service unavailable');
      return reply.status(error.statusCode).send(body);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fieldErrors: Record<string, string> = {};
      for (const issue of error.validation) {
        const path = issue.instancePath.replace(/^\//, '').replace(/\//g, '.') || 'body';
        fieldErrors[path] ??= issue.message ?? 'Invalid input';
      }
      return reply.status(400).send({
        error: 'invalid_input',
        message: 'Please check the details you entered.',
        fieldErrors,
      } satisfies ErrorBody);
    }
    const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 400 && status < 500) {
      const { code, message } = safeClientErrors[status] ?? { code: 'client_error', message: 'The request could not be completed.' };
      return reply.status(status).send({ error: code, message } satisfies ErrorBody);
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({
      error: 'internal_error',
      message: 'Something went wrong on our side. Please try again, or contact support if it keeps happening.',
      requestId: request.id,
    } satisfies ErrorBody);
  });
}
