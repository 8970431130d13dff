import { describe, expect, it } from 'vitest';
import { matchRoute } from './routes';

describe('matchRoute', () => {
  it('matches fixed and parameterised routes', () => {
    expect(matchRoute('/')?.pattern).toBe('/');
    expect(matchRoute('/services/')?.pattern).toBe('/services');
    expect(matchRoute('/quote/42')).toEqual({ pattern: '/quote/:id', params: { id: '42' } });
  });

  it('refuses paths that are no route (D23)', () => {
    expect(matchRoute('/no-such-page')).toBeNull();
    expect(matchRoute('/quote')).toBeNull();
    expect(matchRoute('/quote/1/extra')).toBeNull();
  });
});

describe('city pages', () => {
  it('exist only for the covered cities', () => {
    expect(matchRoute('/areas/leeds')).toEqual({ pattern: '/areas/:city', params: { city: 'leeds' } });
    expect(matchRoute('/areas/atlantis')).toBeNull();
  });
});
