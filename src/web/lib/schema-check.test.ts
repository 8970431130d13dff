import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { checkWith, schemaResolver } from './schema-check';

const Schema = z.object({
  reason: z.string().trim().min(1, 'Please give a reason').max(5, 'Please keep it short').refine((value) => !value.includes('!'), 'No shouting'),
  items: z.array(z.object({ cost: z.number({ error: 'Please enter a cost' }) })),
});

describe('checkWith', () => {
  it('gives the parsed data to send', () => {
    expect(checkWith(Schema, { reason: ' ok ', items: [] })).toEqual({ ok: true, data: { reason: 'ok', items: [] } });
  });

  it("gives each field's first message by its path, as the server's fieldErrors, and the first of all", () => {
    const checked = checkWith(Schema, { reason: 'far too long!', items: [{ cost: 1 }, { cost: Number.NaN }] });
    expect(checked).toEqual({ ok: false, problems: { reason: 'Please keep it short', 'items.1.cost': 'Please enter a cost' }, first: 'Please keep it short' });
  });
});

describe('schemaResolver', () => {
  const options = { fields: {}, shouldUseNativeValidation: false } as never;

  it('hands react-hook-form the parsed values', async () => {
    expect(await schemaResolver(Schema)({ reason: 'ok', items: [] }, undefined, options)).toEqual({ values: { reason: 'ok', items: [] }, errors: {} });
  });

  it('hands it the same first message per field, nested by path', async () => {
    const result = await schemaResolver(Schema)({ reason: '', items: [{ cost: Number.NaN }] }, undefined, options);
    expect(result.values).toEqual({});
    expect(result.errors).toMatchObject({ reason: { message: 'Please give a reason', type: 'too_small' }, items: [{ cost: { message: 'Please enter a cost' } }] });
  });
});
