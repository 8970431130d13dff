import { cities } from '../../../shared/cities';
import { site } from '../../../shared/site';
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

const weekdays = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;

function dayRange(days: string): string[] {
  const [from, to = from] = days.split(/\s*[–-]\s*/);
  const start = weekdays.indexOf(from as (typeof weekdays)[number]);
  const end = weekdays.indexOf(to as (typeof weekdays)[number]);
  if (start < 0 || end < start) throw new Error(`Cannot read the days "${days}" in site.supportHours`);
  return weekdays.slice(start, end + 1).map((day) => `https://schema.org/${day}`);
}

function clockTime(text: string): string {
  const match = /^(\d{1,2}):(\d{2})$/.exec(text.trim());
  if (!match) throw new Error(`Cannot read the time "${text}" in site.supportHours`);
  return `${match[1]!.padStart(2, '0')}:${match[2]}`;
}

/** site.supportHours (D3) as schema.org OpeningHoursSpecification; closed days are left out. */
export function openingHoursSpecification() {
  return site.supportHours
    .filter((row) => !/closed/i.test(row.hours))
    .map((row) => {
      const [opens = '', closes = ''] = row.hours.split(/\s*[–-]\s*/);
      return {
        '@type': 'OpeningHoursSpecification',
        dayOfWeek: dayRange(row.days),
        opens: clockTime(opens),
        closes: clockTime(closes),
      };
    });
}

/** site.postalAddress is [company, ...street lines, town, postcode]. */
export function postalAddress() {
  const company: readonly string[] = [site.legalName, site.brand];
  const lines = site.postalAddress.filter((line) => !company.includes(line));
  const postcode = lines.at(-1) ?? '';
  const town = lines.at(-2) ?? '';
  if (!/^[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2}$/.test(postcode) || !town) {
    throw new Error('site.postalAddress must end with the town and a UK postcode');
  }
  return {
    '@type': 'PostalAddress',
    streetAddress: lines.slice(0, -2).join(', '),
    addressLocality: town,
    postalCode: postcode,
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
        legalName: site.legalName,
        slogan: site.tagline,
        description: 'Mobile cosmetic car repair across the UK: scratches, dents, scuffs, alloy wheels and paintwork, repaired at your home or workplace by vetted technicians.',
        url: `${origin}/`,
        telephone: site.supportPhoneE164,
        email: site.supportEmail,
        address: postalAddress(),
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
