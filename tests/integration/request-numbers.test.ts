// Issue 33 (an attack review): an id of 2,147,483,648 or more reached PostgreSQL's int4 columns
// and answered 500 with an internal "Failed query" log line, and a JSON body's `true` or `[1]`
// was read as the number 1 (z.coerce.number). This walks the zod schema of every registered
// route's body, querystring and params, down to each number it reads, and proves that every
// number has an upper bound PostgreSQL's integer can hold, that every id (a field named id, …Id or …Ids) is a whole number from
// 1 to 2,147,483,647 (RecordIdSchema in a path or query, recordId() in a body: src/shared/api/ids.ts),
// and that no JSON body coerces: only form fields and query strings arrive as text.
import { readdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { MAX_RECORD_ID } from '../../src/shared/api/ids';
import { createTestApp, type TestApp } from '../helpers/app';

type Part = 'body' | 'querystring' | 'params';
interface NumberLeaf {
  path: string;
  key: string;
  schema: z.ZodType;
}

/** Every number a zod schema reads, with the path and the name of the field it sits in. */
function numbersIn(schema: z.ZodType, path = '', key = ''): NumberLeaf[] {
  const def = (schema as unknown as { _zod: { def: Record<string, unknown> & { type: string } } })._zod.def;
  const inner = (next: unknown, nextPath = path, nextKey = key) => numbersIn(next as z.ZodType, nextPath, nextKey);
  switch (def.type) {
    case 'number':
    case 'bigint':
      return [{ path, key, schema }];
    case 'object':
      return Object.entries(def.shape as Record<string, z.ZodType>).flatMap(([name, field]) => inner(field, `${path}.${name}`, name));
    case 'array':
      return inner(def.element, `${path}[]`);
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'nonoptional':
    case 'readonly':
    case 'catch':
      return inner(def.innerType);
    case 'pipe':
      return [...inner(def.in), ...inner(def.out)];
    case 'union':
      return (def.options as z.ZodType[]).flatMap((option) => inner(option));
    case 'intersection':
      return [...inner(def.left), ...inner(def.right)];
    case 'record':
      return inner(def.valueType, `${path}.*`);
    case 'tuple':
      return (def.items as z.ZodType[]).flatMap((item, i) => inner(item, `${path}[${i}]`));
    case 'lazy':
      return inner((def.getter as () => z.ZodType)());
    default:
      return [];
  }
}

/**
 * Amounts a form may send as text or a number, each read by the quote's own rules afterwards
 * (QuoteAdjustmentSchema, src/shared/quote-adjustment.ts: pounds to whole pence, each within its
 * bounds, or a 400 naming the field), and the client's `amount`, which is ignored (D13).
 */
const parsedLater = new Set(['laborCost', 'partsCost', 'totalCost', 'estimatedDays', 'warrantyMonths', 'cost', 'autoReviveFee', 'repairerPayment', 'vatAmount', 'adjustedAmount', 'amount']);

const isIdName = (key: string) => /^(id|ids)$|[a-z](Id|Ids)$/.test(key);

function boundsOf(schema: z.ZodType): { maximum?: number; minimum?: number; exclusiveMinimum?: number; type?: string } {
  return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as { maximum?: number; minimum?: number; exclusiveMinimum?: number; type?: string };
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

/**
 * The request schemas of src/shared/api by their names (…BodySchema, …QuerySchema, …ParamsSchema):
 * some routes parse their body in the handler, after deciding access (parseBody), so their schema
 * is not on the route.
 */
async function sharedRequestSchemas(): Promise<{ where: string; part: Part; schema: z.ZodType }[]> {
  const folder = new URL('../../src/shared/api/', import.meta.url);
  const found: { where: string; part: Part; schema: z.ZodType }[] = [];
  for (const file of readdirSync(folder).filter((name) => name.endsWith('.ts') && !name.includes('.test.'))) {
    const exports = (await import(new URL(file, folder).href)) as Record<string, unknown>;
    for (const [name, value] of Object.entries(exports)) {
      const part = /BodySchema$/.test(name) ? 'body' : /QuerySchema$/.test(name) ? 'querystring' : /ParamsSchema$/.test(name) ? 'params' : null;
      if (part && value instanceof z.ZodType) found.push({ where: `${file} ${name}`, part, schema: value });
    }
  }
  return found;
}

describe("every route's request schema", () => {
  it('reads only bounded numbers, ids from 1 to 2,147,483,647, and no coerced number in a JSON body', async () => {
    const problems: string[] = [];
    let ids = 0;
    const schemas = t.app.registeredRoutes.flatMap((route) =>
      (['body', 'querystring', 'params'] as Part[]).map((part) => ({ where: `${route.method} ${route.url}`, part, schema: (route.schema as Partial<Record<Part, unknown>> | undefined)?.[part] })),
    );
    const shared = await sharedRequestSchemas();
    expect(shared.map((s) => s.where)).toEqual(expect.arrayContaining(['appointments.ts CreateAppointmentBodySchema', 'payments.ts CreatePaymentIntentBodySchema']));
    {
      for (const { where: named, part, schema } of [...schemas, ...shared]) {
        if (!schema || !(schema instanceof z.ZodType)) continue;
        for (const leaf of numbersIn(schema)) {
          const where = `${named} ${part}${leaf.path}`;
          const bounds = boundsOf(leaf.schema);
          const coerced = (leaf.schema as unknown as { _zod: { def: { coerce?: boolean } } })._zod.def.coerce === true;
          if (!parsedLater.has(leaf.key) && (bounds.maximum ?? Infinity) > MAX_RECORD_ID) problems.push(`${where}: a number with no upper bound PostgreSQL can hold`);
          if (part === 'body' && coerced) problems.push(`${where}: coerces a JSON body's value to a number`);
          if (isIdName(leaf.key)) {
            ids++;
            const lowest = bounds.minimum ?? (bounds.exclusiveMinimum !== undefined ? bounds.exclusiveMinimum + 1 : undefined);
            if (bounds.type !== 'integer' || (bounds.maximum ?? Infinity) > MAX_RECORD_ID || lowest === undefined || lowest < 1) problems.push(`${where}: an id that is not a whole number from 1 to ${MAX_RECORD_ID}`);
          }
        }
      }
    }
    expect(problems).toEqual([]);
    expect(ids).toBeGreaterThan(20);
  });
});
