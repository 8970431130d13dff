// How every route's body, query string, parameters and headers are validated: by the route's own
// Zod schema (STYLE habit 1: the schemas in src/shared), with two rules for every route.
// - A POST without a body is read as an empty object (SPEC §7: the client sends a JSON body only
//   when it has one, and Fastify hands it over as null), so optional fields take their defaults
//   and a required one gets its own sentence, not 'expected object, received null'.
// - No text may hold a control character but a tab or a line break, whatever the schema says: a
//   NUL cannot be stored in PostgreSQL and surfaced as a 500 wherever a schema had forgotten it.
//   Fields that show on one line (names, towns, line items) refuse line breaks too, in their own
//   schemas, with their own words. The refusal is a 400 naming the field, as any schema's is.
// Where a schema gives no words of its own, Zod's defaults ('Invalid input: expected string,
// received undefined') are replaced by SPEC §5's generic ones: 'Required' and 'Invalid input',
// or a short sentence for a length, a range or a choice.
import type { FastifyInstance } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { anyTextControlMessage, controlCharacterPaths } from '../../shared/text-rules';
import { badRequest } from '../kernel/errors';

type RouteSchema = Parameters<typeof validatorCompiler>[0];
type Issue = Parameters<NonNullable<z.core.$ZodConfig['customError']>>[0];

/** A sentence for an issue its schema gave no words to; undefined keeps Zod's own. */
function plainMessage(issue: Issue): string | undefined {
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined ? 'Required' : 'Invalid input';
    case 'invalid_value':
      return issue.values.length > 0 && issue.values.length <= 12 ? `Please choose one of: ${issue.values.map(String).join(', ')}` : 'Invalid input';
    case 'too_small':
    case 'too_big': {
      const bound = Number(issue.code === 'too_small' ? issue.minimum : issue.maximum);
      const least = issue.code === 'too_small';
      if (issue.origin === 'string') return least ? `Must be at least ${bound} characters` : `Must be ${bound} characters or fewer`;
      if (issue.origin === 'array' || issue.origin === 'set') return least ? `Please give at least ${bound}` : `Please give ${bound} or fewer`;
      if (issue.origin === 'number' || issue.origin === 'int' || issue.origin === 'bigint') {
        if (issue.inclusive === false) return least ? `Must be more than ${bound}` : `Must be less than ${bound}`;
        return least ? `Must be at least ${bound}` : `Must be ${bound} or less`;
      }
      return 'Invalid input';
    }
    case 'invalid_format':
    case 'invalid_union':
    case 'invalid_key':
    case 'invalid_element':
    case 'not_multiple_of':
      return 'Invalid input';
    default:
      // unrecognized_keys ('Unrecognized key: "x"') and custom checks keep Zod's words.
      return undefined;
  }
}

const withTextRule = new WeakMap<z.ZodType, z.ZodType>();

/** The schema with the control-character rule added, made once per schema. */
function refusingControlCharacters<S extends z.ZodType>(schema: S): S {
  let refusing = withTextRule.get(schema);
  if (!refusing) {
    refusing = schema.superRefine((value, ctx) => {
      for (const path of controlCharacterPaths(value)) ctx.addIssue({ code: 'custom', path, message: anyTextControlMessage, input: value });
    });
    withTextRule.set(schema, refusing);
  }
  return refusing as S;
}

/**
 * A body a handler parses itself, after deciding access (so a stranger learns nothing of the
 * rules): the same rules as a route's schema, and a 400 with the first mistake, named by its
 * field, as the booking and payment pages show it.
 */
export function parseBody<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const parsed = refusingControlCharacters(schema).safeParse(body ?? {});
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  throw badRequest(issue.message, { [String(issue.path[0] ?? 'body')]: issue.message });
}

export function registerValidation(app: FastifyInstance): void {
  z.config({ customError: plainMessage });
  app.setValidatorCompiler<RouteSchema['schema']>((route) => {
    const schema = route.schema instanceof z.ZodType ? refusingControlCharacters(route.schema) : route.schema;
    const validate = validatorCompiler({ ...route, schema });
    return route.httpPart === 'body' ? (body: unknown) => validate(body ?? {}) : validate;
  });
}
