// Issue 14: an OpenAPI 3.1 description of the JSON API, generated from the routes as registered
// and the shared zod schemas they declare (src/shared/api), so it cannot drift from what the
// server checks and sends. A route that parses its body after the access check (bookings,
// payments, aftercare) names that body's schema in its route config as `openapiBody`.
import type { FastifySchema } from 'fastify';
import { z } from 'zod';
import { ErrorBodySchema } from '../../../shared/api/errors';

export interface DescribedRoute {
  method: string;
  url: string;
  schema?: FastifySchema | undefined;
  /** A body the handler parses itself, after the access check. */
  openapiBody?: z.ZodType | undefined;
}

type JsonSchema = Record<string, unknown>;

/** The routes a partner calls: the JSON API and the health checks (pages and static files are not an API). */
export const isApiRoute = (url: string) => url.startsWith('/api/') || url === '/healthz' || url === '/readyz';

function jsonSchema(schema: unknown, io: 'input' | 'output'): JsonSchema | undefined {
  if (!(schema instanceof z.ZodType)) return undefined;
  const json = z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' }) as JsonSchema;
  delete json.$schema;
  return json;
}

const openApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');
const tagOf = (url: string) => (url.startsWith('/api/') ? (url.split('/')[2] ?? 'api') : 'health');

function parameters(schema: FastifySchema | undefined) {
  const list: JsonSchema[] = [];
  for (const [location, source] of [
    ['path', schema?.params],
    ['query', schema?.querystring],
  ] as const) {
    const json = jsonSchema(source, 'input');
    const properties = (json?.properties ?? {}) as Record<string, JsonSchema>;
    const required = new Set((json?.required as string[] | undefined) ?? []);
    for (const [name, property] of Object.entries(properties)) {
      list.push({ name, in: location, required: location === 'path' || required.has(name), schema: property });
    }
  }
  return list;
}

function responses(schema: FastifySchema | undefined) {
  const out: Record<string, JsonSchema> = {};
  const declared = (schema?.response ?? {}) as Record<string, unknown>;
  for (const [status, body] of Object.entries(declared)) {
    const json = jsonSchema(body, 'output');
    out[status] = json ? { description: status.startsWith('2') ? 'Success' : 'The answer', content: { 'application/json': { schema: json } } } : { description: 'Success' };
  }
  if (Object.keys(out).length === 0) out['200'] = { description: 'Success (not JSON: a file, a page or a redirect)' };
  out.default = { description: 'A refusal or an error: 4xx with a sentence (and field errors for 400), 5xx with the request id', content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorBody' } } } };
  return out;
}

export function openApiDocument(routes: DescribedRoute[], info: { version: string; serverUrl: string }) {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const route of routes) {
    if (!isApiRoute(route.url) || route.method === 'HEAD' || route.method === 'OPTIONS') continue;
    const path = openApiPath(route.url);
    const method = route.method.toLowerCase();
    const operation: JsonSchema = {
      operationId: `${method}${path.replace(/[^\w]+(\w)?/g, (_m, c: string | undefined) => (c ?? '').toUpperCase())}`,
      tags: [tagOf(route.url)],
      summary: (route.schema as { summary?: string } | undefined)?.summary ?? `${route.method} ${path}`,
      parameters: parameters(route.schema),
      responses: responses(route.schema),
    };
    const body = jsonSchema(route.schema?.body ?? route.openapiBody, 'input');
    if (body) operation.requestBody = { required: true, content: { 'application/json': { schema: body } } };
    (paths[path] ??= {})[method] = operation;
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'AutoRevive API',
      version: info.version,
      description:
        'The JSON API of AutoRevive, a UK marketplace for mobile cosmetic car repair. Money is pounds sterling as decimal strings ("480.00"); dates are en-GB calendar days (YYYY-MM-DD) in Europe/London; instants are ISO 8601. Customers are identified by the access grant cookie their e-mailed link sets; admins and repairers by their session cookie. A record that is not yours answers 404.',
    },
    servers: [{ url: info.serverUrl }],
    paths: Object.fromEntries(Object.entries(paths).sort(([a], [b]) => a.localeCompare(b))),
    components: { schemas: { ErrorBody: jsonSchema(ErrorBodySchema, 'output') } },
  };
}
