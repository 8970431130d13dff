// Issue 7: logs never hold a customer's personal data. A failed query's error carries its
// parameters (drizzle puts them in the message, the stack and a `params` field; PostgreSQL's
// `detail` may quote a value), so errors are rewritten before they are written, and any
// personal field that reaches a log object by another path is censored by name.
import type { LoggerOptions } from 'pino';

/** Field names that hold personal data wherever they appear (one or two levels deep). */
export const PERSONAL_FIELDS = ['name', 'email', 'phone', 'address', 'postcode', 'city', 'county', 'password', 'passwordHash', 'token'];

const REDACT_PATHS = [
  'req.headers.cookie',
  'req.headers.authorization',
  'req.headers["idempotency-key"]',
  'res.headers["set-cookie"]',
  ...PERSONAL_FIELDS.flatMap((field) => [field, `*.${field}`]),
];

const PARAMS_TAIL = /\nparams: [\s\S]*$/;
/**
 * An e-mail address inside an error's text: a mail server's refusal names its recipient
 * ('450 <jane@example.com>: Recipient address rejected'), and nodemailer puts the reply in the
 * message. A module path ('node_modules/@fastify/…') or a version ('pkg@1.2.3') does not match.
 */
const EMAIL_ADDRESS = /[\w.%+-]+@(?:[a-z\d-]+\.)+[a-z]{2,}/gi;

interface SerializedError {
  type: string;
  message: string;
  stack?: string | undefined;
  code?: string | undefined;
  query?: string | undefined;
  cause?: SerializedError | undefined;
}

/** An error as the log may show it: type, message, stack, code and SQL text; never values, nor an e-mail address. */
export function serializeError(error: unknown, depth = 0): SerializedError | undefined {
  if (!(error instanceof Error)) return error === undefined ? undefined : { type: typeof error, message: '[not an Error]' };
  const scrub = (text: string | undefined) => text?.replace(PARAMS_TAIL, '\nparams: [redacted]').replace(EMAIL_ADDRESS, '[e-mail address]');
  const firstLine = (error.stack ?? '').indexOf('\n    at ');
  const stack = error.stack === undefined ? undefined : `${error.name}: ${scrub(error.message)}${firstLine >= 0 ? error.stack.slice(firstLine) : ''}`;
  const code = (error as { code?: unknown }).code;
  const query = (error as { query?: unknown }).query;
  return {
    type: error.name,
    message: scrub(error.message) ?? '',
    stack: scrub(stack),
    code: typeof code === 'string' ? code : undefined,
    query: typeof query === 'string' ? query : undefined,
    cause: depth < 3 && error.cause !== undefined ? serializeError(error.cause, depth + 1) : undefined,
  };
}

export function loggerOptions(level: string): LoggerOptions {
  return {
    level,
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    serializers: { err: (error: unknown) => serializeError(error) },
  };
}
