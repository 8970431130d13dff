import type { City } from '../../../shared/cities';
import { findCity } from '../../../shared/cities';
import { site } from '../../../shared/site';
import { company } from '../../lib/company';

export interface PageMeta {
  title: string;
  description: string;
}

export interface PathMeta extends PageMeta {
  /** Canonical path, without origin or trailing slash. */
  path: string;
}

const brand = site.brand;
const warranty = `${site.warrantyMonths}-month warranty`;

/** Title and meta description of each fixed public page, keyed by its canonical path. */
export const pageMeta: Record<string, PageMeta> = {
  '/': {
    title: `${brand}: Mobile Car Scratch and Dent Repair Across the UK`,
    description: `Free quotes for mobile car scratch, dent, scuff, alloy wheel and paint repair. Upload photos, get pricing and book a vetted technician. ${warranty}.`,
  },
  '/services': {
    title: `Scratch, Dent, Alloy, Scuff and Paint Repair Services | ${brand}`,
    description:
      'Mobile scratch repair, Paintless Dent Removal (PDR), alloy wheel repair, scuff repair and paint touch-up at your home or work. No hidden fees.',
  },
  '/about': {
    title: `About ${brand}: ${site.tagline}`,
    description: `How ${brand} connects UK drivers with vetted mobile repair technicians: free photo quotes, payment held until the repair is done, ${warranty}.`,
  },
  '/contact': {
    title: `Contact ${brand}: Phone, E-mail and Support Hours`,
    // A getter: the contacts come from the settings the build reads (lib/company.ts), not at import.
    get description() {
      return `Call ${company().supportPhone} or e-mail ${company().supportEmail}. Our support hours, service area and answers to common questions about quotes and bookings.`;
    },
  },
  '/privacy-policy': {
    title: `Privacy Policy | ${brand}`,
    description:
      `What personal data ${brand} collects, how it is used and shared, the cookies we set and your rights under UK GDPR.`,
  },
  '/technicians': {
    title: `Work with ${brand}: Jobs for Mobile Repair Technicians`,
    description: `Mobile scratch, dent, alloy and paint technicians: apply to join ${brand}. Paid repair jobs near you, with the customer's payment held before you set off.`,
  },
  '/terms': {
    title: `Terms of Service | ${brand}`,
    description:
      `The terms for using ${brand}: how we connect you with independent repairers, payment, cancellation, warranty, complaints and governing law.`,
  },
};

/** The city's region as it reads after "across": "the West Midlands", "Greater London". */
export function regionName(city: City): string {
  if (city.region === city.name) return 'the surrounding area';
  const needsThe = /^(City of|West Midlands|East Midlands)/.test(city.region);
  return `${needsThe ? 'the ' : ''}${city.region}`;
}

export function areaPath(city: City): string {
  return `/areas/${city.slug}`;
}

/** Title, description and canonical path for /areas/{slug}; unique per city. */
export function areaMeta(city: City): PathMeta {
  return {
    path: areaPath(city),
    title: `Mobile Car Scratch and Dent Repair in ${city.name} | ${brand}`,
    description: `Mobile scratch, dent, scuff, alloy wheel and paint repair in ${city.name} (${city.outcode}) and across ${regionName(city)}. Free photo quote, ${warranty}.`,
  };
}

/** Meta for any public path, or undefined for paths that are not public pages. */
export function metaForPath(pathname: string): PathMeta | undefined {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const fixed = pageMeta[path];
  if (fixed) return { path, ...fixed };
  const area = /^\/areas\/([^/]+)$/.exec(path);
  const city = area?.[1] ? findCity(area[1]) : undefined;
  return city ? areaMeta(city) : undefined;
}
