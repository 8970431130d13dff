// Issue 9: response bodies are written by a serializer compiled once per route. The zod schema
// a route answers with (src/shared/api) becomes JSON Schema (z.toJSONSchema) and then a
// fast-json-stringify function, which writes the schema's fields in the schema's order, as the
// zod serializer did (it parsed every answer into a new object, then JSON.stringify), without
// a parse per request. A schema JSON Schema cannot state falls back to the zod serializer.
import fastJson from 'fast-json-stringify';
import type { FastifyReply } from 'fastify';
import type { FastifySerializerCompiler } from 'fastify/types/schema';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

type JsonSchema = Record<string, unknown>;

/** zod's nullable (anyOf [X, {type: 'null'}]) as fast-json-stringify's `nullable: true`, which it writes without trying each branch. */
export function forStringify(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(forStringify);
  if (schema === null || typeof schema !== 'object') return schema;
  const node = schema as JsonSchema;
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === '$schema') continue;
    out[key] = key === 'properties' || key === '$defs' || key === 'definitions' ? mapValues(value as JsonSchema) : forStringify(value);
  }
  const anyOf = out.anyOf;
  if (Array.isArray(anyOf) && anyOf.length === 2) {
    const nullIndex = anyOf.findIndex((branch) => (branch as JsonSchema).type === 'null' && Object.keys(branch as JsonSchema).length === 1);
    const other = anyOf[1 - nullIndex] as JsonSchema | undefined;
    if (nullIndex >= 0 && other && typeof other.type === 'string') {
      delete out.anyOf;
      return { ...out, ...other, nullable: true };
    }
  }
  return out;
}

function mapValues(record: JsonSchema): JsonSchema {
  return Object.fromEntries(Object.entries(record).map(([key, value]) => [key, forStringify(value)]));
}

/**
 * Compiled once per schema object and process: a function of the schema alone, so routes that
 * answer with the same schema, and every app a process builds (each test file builds several;
 * issue 36 item 6), share it. The zod fallback is per route, as Fastify asks for it.
 */
const compiled = new WeakMap<object, (data: unknown) => string>();

export const serializerCompiler: FastifySerializerCompiler<z.ZodType> = (route) => {
  const known = compiled.get(route.schema);
  if (known) return known;
  let json: unknown;
  try {
    json = forStringify(z.toJSONSchema(route.schema, { io: 'output', unrepresentable: 'throw', target: 'draft-7' }));
  } catch {
    return zodSerializerCompiler(route as Parameters<typeof zodSerializerCompiler>[0]);
  }
  const serialize = fastJson(json as Parameters<typeof fastJson>[0]) as (data: unknown) => string;
  compiled.set(route.schema, serialize);
  return serialize;
};

/** The content type Fastify gives a serialised JSON answer. */
export const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

/** The route's own serialiser for its 200 answer: what Fastify would write for `view`. */
export function serializerOf<View>(reply: FastifyReply): (view: View) => string {
  return (view) => {
    const body = reply.serialize(view);
    if (typeof body !== 'string') throw new TypeError('A JSON route serialised its answer to bytes.');
    return body;
  };
}

/**
 * Sends an answer the route's serialiser already wrote (a kept answer, src/server/db/kept-answers.ts):
 * as Fastify sends a serialised one, the same type, without serialising it again. The route's
 * typed send expects the view, so the string goes through untyped here, once.
 */
export function sendSerialized(reply: FastifyReply, body: string): FastifyReply {
  return reply.type(JSON_CONTENT_TYPE).send(body as never);
}

const sharedBodies = new WeakMap<object, string>();

/**
 * An answer several requests share (coalescedRead's: every admin asking for the same page at
 * once gets the same object), serialised by the route's serialiser for the first of them only.
 * Shared answers are never changed, and each route shares its own, so one string serves all.
 */
export function sendShared(reply: FastifyReply, view: object): FastifyReply {
  let body = sharedBodies.get(view);
  if (body === undefined) {
    body = serializerOf<object>(reply)(view);
    sharedBodies.set(view, body);
  }
  return sendSerialized(reply, body);
}
