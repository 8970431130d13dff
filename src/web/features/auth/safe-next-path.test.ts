import { describe, expect, it } from 'vitest';
import { safeNextPath } from './safe-next-path';

describe('safeNextPath', () => {
  it('keeps same-site paths with their query', () => {
    expect(safeNextPath('/admin')).toBe('/admin');
    expect(safeNextPath('/repairer?tab=jobs')).toBe('/repairer?tab=jobs');
  });

  it('refuses anything that could leave the site', () => {
    for (const next of [null, '', 'admin', 'https://evil.example/', '//evil.example', '/\\evil.example', '/\tevil', '/\t/evil.example']) {
      expect(safeNextPath(next)).toBeNull();
    }
  });

  it('refuses a loop back to sign-in', () => {
    expect(safeNextPath('/sign-in?next=/admin')).toBeNull();
  });
});
