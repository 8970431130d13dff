import fc from 'fast-check';
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

  it('refuses paths that only become protocol-relative once normalised', () => {
    for (const next of ['/.//evil.example', '/%2e//evil.example', '/%2E%2E//evil.example', '/a/..//evil.example', '/a/b/../..//evil.example', '/%2f%2fevil.example', '/%5Cevil.example']) {
      expect(sameSitePath(next), next).toBeNull();
    }
  });

  it('resolves harmless dot segments to the path they mean', () => {
    expect(sameSitePath('/quote/./3')).toBe('/quote/3');
    expect(sameSitePath('/a/../quote/3')).toBe('/quote/3');
  });

  it('never returns anything but a single-slash path on this site, whatever it is given', () => {
    const pieces = ['/', '//', '///', '.', '..', '%2e', '%2E', '%2e%2e', '%2f', '%2F', '%5c', '\\', '\t', '\n', '\r', '\0', ' ', '\u007f', '\u00a0', 'evil.example', '@', ':', '?', '#', 'a', 'quote', '%', '%00', '%09', 'https:', 'javascript:'];
    const candidate = fc.array(fc.constantFrom(...pieces), { minLength: 1, maxLength: 10 }).map((parts) => `/${parts.join('')}`);
    fc.assert(
      fc.property(fc.oneof(candidate, fc.string(), fc.string({ unit: 'binary' })), (next) => {
        const result = sameSitePath(next);
        if (result === null) return;
        expect(result.startsWith('/')).toBe(true);
        expect(result[1]).not.toBe('/');
        expect([...result].some((c) => c === '\\' || c.charCodeAt(0) <= 0x20 || c.charCodeAt(0) === 0x7f)).toBe(false);
        expect(new URL(result, 'https://autorevive.invalid').origin).toBe('https://autorevive.invalid');
        // Browsers resolve the Location header once more: it must stay put.
        expect(sameSitePath(result)).toBe(result);
      }),
      { numRuns: 1000 },
    );
  });
});
