import { describe, expect, it } from 'vitest';
import { specialisations } from './damage';
import { findService, services } from './services';

describe('services', () => {
  it('lists the five services of SPEC, one per specialisation', () => {
    expect(services.map((service) => service.specialisation)).toEqual(['scratch', 'pdr', 'alloy', 'scuff', 'paint']);
    expect(new Set(services.map((service) => service.specialisation))).toEqual(new Set(specialisations));
    expect(new Set(services.map((service) => service.slug)).size).toBe(services.length);
  });

  it('keeps SPEC section 2 features in UK English', () => {
    expect(findService('scratch-repair')?.features).toEqual(['light surface', 'deep', 'key damage', 'car park scrapes']);
    expect(findService('paintless-dent-removal')?.features).toContain('car park dents');
    expect(findService('alloy-wheel-repair')?.features).toContain('kerb damage');
    expect(findService('paint-touch-up')?.features).toContain('standard colours');
    const text = JSON.stringify(services).toLowerCase();
    for (const americanism of ['parking lot', 'curb', 'color', 'hood', 'trunk', 'fender']) {
      expect(text).not.toContain(americanism);
    }
  });

  it('describes each service in one sentence', () => {
    for (const service of services) {
      expect(service.description).toMatch(/^[A-Z].*\.$/);
      expect(service.description.split('. ')).toHaveLength(1);
    }
  });

  it('finds nothing for an unknown slug', () => {
    expect(findService('respray')).toBeUndefined();
  });
});
