import { toNestErrors } from '@hookform/resolvers';
import type { FieldError, FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';

// STYLE habit 1: a form checks what it sends with the shared schema its route parses, so the
// browser and the server give the same message for the same mistake. Every form reads a schema's
// answer here, in one way: each field's first problem, by its path ('reason', 'items.0.cost'), as
// the server's 400 gives its fieldErrors (src/server/plugins/errors.ts). This module imports no
// zod: the schema brings it, so a form that loads its schema on demand loads zod with it.

/** Each field's first message, by its path; '' for a problem of the whole form. */
export type FieldProblems = Record<string, string>;

export type Checked<Output> = { ok: true; data: Output } | { ok: false; problems: FieldProblems; first: string };

function firstIssues(issues: readonly z.core.$ZodIssue[]): Map<string, z.core.$ZodIssue> {
  const first = new Map<string, z.core.$ZodIssue>();
  for (const issue of issues) {
    const path = issue.path.join('.');
    if (!first.has(path)) first.set(path, issue);
  }
  return first;
}

/**
 * What the schema makes of the form's values (as typed: a blank number field may be undefined or
 * NaN, for the schema to refuse with its sentence): the data to send, or each field's first
 * problem and the first problem of all.
 */
export function checkWith<S extends z.ZodType>(schema: S, values: unknown): Checked<z.output<S>> {
  const parsed = schema.safeParse(values);
  if (parsed.success) return { ok: true, data: parsed.data };
  const problems = Object.fromEntries([...firstIssues(parsed.error.issues)].map(([path, issue]) => [path, issue.message]));
  return { ok: false, problems, first: parsed.error.issues[0]?.message ?? '' };
}

/** The same check for a react-hook-form form: its resolver, giving each field its first message. */
export function schemaResolver<S extends z.ZodType<FieldValues, FieldValues>>(schema: S): Resolver<z.input<S>, unknown, z.output<S>> {
  return (values, _context, options) => {
    const parsed = schema.safeParse(values);
    if (parsed.success) return { values: parsed.data, errors: {} };
    const errors = Object.fromEntries([...firstIssues(parsed.error.issues)].map(([path, issue]): [string, FieldError] => [path, { type: issue.code, message: issue.message }]));
    return { values: {}, errors: toNestErrors(errors, options) };
  };
}
