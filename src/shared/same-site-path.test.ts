import { describe, expect, it } from 'vitest';
import { sameSitePath } from './same-site-path';

describe('sameSitePath', () => {
  it('keeps same-site paths with their query and fragment', () => {
    expect(sameSitePath('/quote/3?x=1')).toBe('/quote/3?x=1');
    expect(sameSitePath('/services#alloy-wheel-repair')).toBe('/services#alloy-wheel-repair');
  });

  it('refuses anything that could leave the site', () => {
    for (const next of [null, undefined, '', 'admin', 'https://evil.example/', '//evil.example', '/\\evil.example', '/a\\b', '/\tevil', '/\t/evil.example']) {
      expect(sameSitePath(next), String(next)).toBeNull();
    }
  });
});
