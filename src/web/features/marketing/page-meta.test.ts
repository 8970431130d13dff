import { describe, expect, it } from 'vitest';
import { cities } from '../../../shared/cities';
import { site } from '../../../shared/site';
import { networkSizePhrase } from './network-size';
import { areaMeta, metaForPath, pageMeta } from './page-meta';

describe('page meta', () => {
  it('gives every area page a unique title and description', () => {
    const metas = cities.map(areaMeta);
    expect(new Set(metas.map((m) => m.title)).size).toBe(cities.length);
    expect(new Set(metas.map((m) => m.description)).size).toBe(cities.length);
    for (const meta of [...metas, ...Object.values(pageMeta)]) {
      expect(meta.description.length).toBeLessThanOrEqual(160);
      expect(meta.title.length).toBeLessThanOrEqual(70);
    }
  });

  it('resolves public paths, including area pages, and nothing else', () => {
    expect(metaForPath('/services/')?.path).toBe('/services');
    expect(metaForPath('/areas/leeds')?.title).toContain('Leeds');
    expect(metaForPath('/areas/atlantis')).toBeUndefined();
    expect(metaForPath('/admin')).toBeUndefined();
  });
});

describe('networkSizePhrase (D2)', () => {
  it('avoids a number below the threshold', () => {
    expect(networkSizePhrase(null)).toBe('a growing network of vetted local technicians');
    expect(networkSizePhrase(site.networkFigureThreshold - 1)).not.toMatch(/\d/);
  });

  it('quotes the count at or above the threshold', () => {
    expect(networkSizePhrase(1234)).toBe('1,234 vetted technicians');
  });
});
