import { describe, expect, it } from 'vitest';
import { cities } from '../../../shared/cities';
import { site } from '../../../shared/site';
import { defaultCompanyDetails as company } from '../../../shared/company';
import { headFor, jsonForScript, publicOrigin, robotsTxt, sitemapXml, structuredData } from './seo';
import { services } from './services';

const origin = 'https://www.autorevive.co.uk';

type Node = Record<string, unknown>;
const graph = (path: string) => (structuredData(origin, path)['@graph'] as Node[]);
const business = (path = '/') => graph(path).find((node) => node['@type'] === 'AutoRepair')!;

describe('structured data', () => {
  it('describes the business from site.ts (D1, D3)', () => {
    const node = business();
    expect(node).toMatchObject({
      '@id': `${origin}/#business`,
      name: site.brand,
      telephone: company.supportPhoneE164,
      email: company.supportEmail,
      url: `${origin}/`,
      address: { '@type': 'PostalAddress', streetAddress: '12 Harbour Yard', addressLocality: 'Bristol', postalCode: 'BS1 5TY', addressCountry: 'GB' },
    });
    expect(node.openingHoursSpecification).toEqual([
      {
        '@type': 'OpeningHoursSpecification',
        dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'].map((day) => `https://schema.org/${day}`),
        opens: '08:00',
        closes: '18:00',
      },
      { '@type': 'OpeningHoursSpecification', dayOfWeek: ['https://schema.org/Saturday'], opens: '09:00', closes: '16:00' },
    ]);
  });

  it('serves the 16 cities and offers the five services', () => {
    const node = business();
    expect((node.areaServed as Node[]).map((city) => city.name)).toEqual(cities.map((city) => city.name));
    const catalog = node.hasOfferCatalog as { '@type': string; itemListElement: { itemOffered: Node }[] };
    expect(catalog['@type']).toBe('OfferCatalog');
    expect(catalog.itemListElement.map((offer) => offer.itemOffered.name)).toEqual(services.map((service) => service.name));
    expect(catalog.itemListElement.every((offer) => offer.itemOffered['@type'] === 'Service')).toBe(true);
  });

  it('names the page it is on', () => {
    const page = graph('/areas/leeds').find((node) => node['@type'] === 'WebPage')!;
    expect(page.url).toBe(`${origin}/areas/leeds`);
    expect(String(page.name)).toContain('Leeds');
  });

  it('cannot be closed early by text inside it', () => {
    expect(jsonForScript({ text: '</script><script>alert(1)</script>' })).not.toContain('</script>');
  });
});

describe('head tags', () => {
  it('gives each public page its title, description, canonical URL and Open Graph tags', () => {
    const { title, tags } = headFor(origin, '/services');
    expect(title).toContain(site.brand);
    expect(tags).toContain(`<link rel="canonical" href="${origin}/services" />`);
    expect(tags).toContain(`<meta property="og:url" content="${origin}/services" />`);
    expect(tags).toMatch(/<meta name="description" content="[^"]+Paintless Dent Removal/);
    expect(tags).toContain('<meta property="og:title"');
    expect(tags).toContain('<script type="application/ld+json">');
    expect(headFor(origin, '/').tags).toContain(`<link rel="canonical" href="${origin}/" />`);
  });

  it('refuses a path that is not a public page', () => {
    expect(() => headFor(origin, '/admin')).toThrow(/not a public page/);
  });
});

describe('robots.txt and sitemap.xml', () => {
  it('points crawlers at the sitemap and keeps them out of private pages', () => {
    const robots = robotsTxt(origin);
    expect(robots).toContain(`Sitemap: ${origin}/sitemap.xml`);
    for (const path of ['/admin', '/repairer', '/quote/', '/access/', '/api/']) expect(robots).toContain(`Disallow: ${path}`);
    expect(robots).not.toMatch(/Disallow: \/\n/);
  });

  it('lists every page it is given', () => {
    const xml = sitemapXml(origin, ['/', '/areas/leeds']);
    expect(xml.match(/<loc>/g)).toHaveLength(2);
    expect(xml).toContain(`<loc>${origin}/areas/leeds</loc>`);
  });
});

describe('publicOrigin', () => {
  it('defaults to the live site and drops a trailing slash', () => {
    expect(publicOrigin(undefined)).toBe('https://www.autorevive.co.uk');
    expect(publicOrigin('https://staging.autorevive.co.uk/')).toBe('https://staging.autorevive.co.uk');
    expect(() => publicOrigin('ftp://example.com')).toThrow(/http/);
  });
});
