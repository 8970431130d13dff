import { cities } from '../../../shared/cities';
import { site } from '../../../shared/site';
import { company } from '../../lib/company';
import { metaForPath } from './page-meta';
import { services } from './services';

// What search engines read on the prerendered public pages (issue 3): the head tags, the
// structured data about the business, robots.txt and the sitemap. Pure functions of the
// site's public origin, which the build reads from PUBLIC_URL.

export const defaultPublicOrigin = 'https://www.autorevive.co.uk';

/** The origin of a PUBLIC_URL-style setting, without a trailing slash. */
export function publicOrigin(value: string | undefined): string {
  const url = new URL(value?.trim() || defaultPublicOrigin);
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error(`PUBLIC_URL must be an http(s) URL, not ${value}`);
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}

export function canonicalUrl(origin: string, path: string): string {
  return `${origin}${path}`;
}

export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** The support hours (D3, from the settings) as schema.org OpeningHoursSpecification; closed days are left out. */
export function openingHoursSpecification() {
  return company()
    .supportHours.filter((row) => row.opens !== null && row.closes !== null)
    .map((row) => ({
      '@type': 'OpeningHoursSpecification',
      dayOfWeek: row.dayOfWeek.map((day) => `https://schema.org/${day}`),
      opens: row.opens,
      closes: row.closes,
    }));
}

/** The registered office (from the settings), which is also the address customers write to. */
export function postalAddress() {
  const office = company().registeredOffice;
  return {
    '@type': 'PostalAddress',
    streetAddress: office.street.join(', '),
    addressLocality: office.town,
    postalCode: office.postcode,
    addressCountry: 'GB',
  };
}

/** JSON-LD for the business (AutoRepair, a LocalBusiness), its services, the site and this page. */
export function structuredData(origin: string, path: string) {
  const meta = metaForPath(path);
  if (!meta) throw new Error(`${path} is not a public page`);
  const business = `${origin}/#business`;
  const website = `${origin}/#website`;
  const pageUrl = canonicalUrl(origin, meta.path);
  return {
    '@context': 'https://schema.org',
    '@graph': [
      {
        '@type': 'AutoRepair',
        '@id': business,
        name: site.brand,
        legalName: company().name,
        slogan: site.tagline,
        description: 'Mobile cosmetic car repair across the UK: scratches, dents, scuffs, alloy wheels and paintwork, repaired at your home or workplace by vetted technicians.',
        url: `${origin}/`,
        telephone: company().supportPhoneE164,
        email: company().supportEmail,
        address: postalAddress(),
        // Issue 14: the Companies House number and, when registered, the VAT number.
        identifier: { '@type': 'PropertyValue', propertyID: 'Companies House company number', value: company().number },
        ...(company().vatNumber ? { vatID: company().vatNumber } : {}),
        openingHoursSpecification: openingHoursSpecification(),
        areaServed: cities.map((city) => ({ '@type': 'City', name: city.name, url: `${origin}/areas/${city.slug}` })),
        hasOfferCatalog: {
          '@type': 'OfferCatalog',
          name: 'Mobile car repair services',
          url: `${origin}/services`,
          itemListElement: services.map((service) => ({
            '@type': 'Offer',
            itemOffered: {
              '@type': 'Service',
              '@id': `${origin}/services#${service.slug}`,
              name: service.name,
              description: service.description,
              url: `${origin}/services#${service.slug}`,
              provider: { '@id': business },
            },
          })),
        },
      },
      {
        '@type': 'WebSite',
        '@id': website,
        url: `${origin}/`,
        name: site.brand,
        inLanguage: 'en-GB',
        publisher: { '@id': business },
      },
      {
        '@type': 'WebPage',
        '@id': `${pageUrl}#webpage`,
        url: pageUrl,
        name: meta.title,
        description: meta.description,
        inLanguage: 'en-GB',
        isPartOf: { '@id': website },
        about: { '@id': business },
      },
    ],
  };
}

/** JSON for a <script> element: "<" is escaped so no text can close the element early. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

/** The page's <title> text and the tags that follow it in <head>. */
export function headFor(origin: string, path: string): { title: string; tags: string } {
  const meta = metaForPath(path);
  if (!meta) throw new Error(`${path} is not a public page`);
  const url = canonicalUrl(origin, meta.path);
  const attribute = (text: string) => escapeHtml(text);
  const tags = [
    `<meta name="description" content="${attribute(meta.description)}" />`,
    `<link rel="canonical" href="${attribute(url)}" />`,
    `<meta property="og:type" content="website" />`,
    `<meta property="og:site_name" content="${attribute(site.brand)}" />`,
    `<meta property="og:locale" content="en_GB" />`,
    `<meta property="og:title" content="${attribute(meta.title)}" />`,
    `<meta property="og:description" content="${attribute(meta.description)}" />`,
    `<meta property="og:url" content="${attribute(url)}" />`,
    `<meta name="twitter:card" content="summary" />`,
    `<script type="application/ld+json">${jsonForScript(structuredData(origin, path))}</script>`,
  ];
  return { title: meta.title, tags: tags.join('\n    ') };
}

/** Paths kept out of search results: private links, signed-in areas and the API. */
const disallowed = ['/api/', '/access/', '/admin', '/repairer', '/sign-in', '/quote/', '/checkout', '/booking/', '/confirmation/', '/thank-you'];

export function robotsTxt(origin: string): string {
  return ['User-agent: *', 'Allow: /', ...disallowed.map((path) => `Disallow: ${path}`), '', `Sitemap: ${origin}/sitemap.xml`, ''].join('\n');
}

export function sitemapXml(origin: string, paths: readonly string[]): string {
  const urls = paths.map((path) => `  <url><loc>${escapeHtml(canonicalUrl(origin, path))}</loc></url>`);
  return ['<?xml version="1.0" encoding="UTF-8"?>', '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">', ...urls, '</urlset>', ''].join('\n');
}
