// A technician's first name, derived once for the public profile, who is coming and "on my way".
import { describe, expect, it } from 'vitest';
import { firstNameOf } from './first-name';

describe('firstNameOf', () => {
  it('is the first word of the name, at most 30 characters', () => {
    expect(firstNameOf('Sam Taylor')).toBe('Sam');
    expect(firstNameOf('  Robin   Hale ')).toBe('Robin');
    expect(firstNameOf('A'.repeat(40))).toBe('A'.repeat(30));
  });

  it('is null without a name, so each caller says what stands in for it', () => {
    for (const none of [null, undefined, '', '   ']) expect(firstNameOf(none)).toBeNull();
  });
});
