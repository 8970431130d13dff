// What a page offers: e-mail addresses (mailto links and text, including "name [at] domain
// [dot] co.uk" and "name(at)domain.com") and the one contact or about page it links to.
import { z } from 'zod';

export interface Candidate {
  email: string;
  /** The page it was found on. */
  sourceUrl: string;
  fromMailto: boolean;
}

const EMAIL = /[a-z0-9._%+-]+@[a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z]{2,24}/gi;
const AT = /\s*(?:\[\s*at\s*\]|\(\s*at\s*\)|\{\s*at\s*\}|<\s*at\s*>)\s*/gi;
const DOT = /\s*(?:\[\s*dot\s*\]|\(\s*dot\s*\)|\{\s*dot\s*\}|<\s*dot\s*>)\s*/gi;
const IMAGE_OR_ASSET = /\.(png|jpe?g|gif|svg|webp|avif|ico|bmp|tiff?|css|js|mjs|json|xml|woff2?|ttf|eot|mp4|webm|pdf)$/i;
const NOT_FOR_PEOPLE = /^(no-?reply|do-?not-?reply|donotreply|mailer-daemon|postmaster|bounces?|abuse|hostmaster|webmaster|privacy|gdpr|unsubscribe)([.+_-].*)?$/i;
const PLACEHOLDER_DOMAINS = /(^|\.)(example\.(com|org|net|co\.uk)|domain\.(com|co\.uk)|yourdomain\.(com|co\.uk)|email\.com|sentry\.io|wixpress\.com|sentry-next\.wixpress\.com|godaddy\.com|squarespace\.com)$/i;
const PLACEHOLDER_LOCALS = /^(name|yourname|your\.?name|you|user|username|email|someone|test|firstname\.lastname)$/i;
const emailSchema = z.email();

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', commat: '@', period: '.', lsqb: '[', rsqb: ']', lpar: '(', rpar: ')' };

export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code < 0x110000 ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/** Plain, lower-case, and plausibly a person's or business's inbox; undefined otherwise. */
export function normaliseAddress(raw: string): string | undefined {
  const email = raw.trim().replace(/^mailto:/i, '').replace(/[.,;:]+$/, '').toLowerCase();
  if (!emailSchema.safeParse(email).success) return undefined;
  const [local, domain] = email.split('@') as [string, string];
  if (IMAGE_OR_ASSET.test(domain) || NOT_FOR_PEOPLE.test(local) || PLACEHOLDER_LOCALS.test(local) || PLACEHOLDER_DOMAINS.test(domain)) return undefined;
  return email;
}

function visibleText(html: string): string {
  return decodeEntities(
    html
      .replace(/<!--[\s\S]*?-->/g, ' ')
      .replace(/<(script|style|noscript|template)\b[\s\S]*?<\/\1\s*>/gi, ' ')
      .replace(/<[^>]+>/g, ' '),
  );
}

/** Every address a page offers, mailto links first, without repeats. */
export function findCandidates(html: string, sourceUrl: string): Candidate[] {
  const found = new Map<string, Candidate>();
  const add = (raw: string, fromMailto: boolean) => {
    const email = normaliseAddress(raw);
    if (email && !found.has(email)) found.set(email, { email, sourceUrl, fromMailto });
  };
  for (const match of html.matchAll(/href\s*=\s*["']\s*mailto:([^"'?]+)/gi)) {
    let target = decodeEntities(match[1]!);
    try {
      target = decodeURIComponent(target);
    } catch {
      // keep it as written
    }
    for (const part of target.split(',')) add(part, true);
  }
  const text = visibleText(html).replace(AT, '@').replace(DOT, '.');
  for (const match of text.matchAll(EMAIL)) add(match[0], false);
  return [...found.values()];
}

const CONTACT_WORDS = /contact|get-?in-?touch|enquir|reach-?us|find-?us/i;
const ABOUT_WORDS = /about|who-?we-?are|our-?story/i;

const siteName = (hostname: string) => hostname.toLowerCase().replace(/^www\./, '');

/**
 * The one further page read (D18: the contact page, else the about page), on the same site as
 * the home page; undefined when the home page links to neither.
 */
export function findContactPage(html: string, pageUrl: string): string | undefined {
  const base = new URL(pageUrl);
  let about: string | undefined;
  for (const match of html.matchAll(/<a\b[^>]*?href\s*=\s*["']([^"'#][^"']*)["'][^>]*>([\s\S]*?)<\/a\s*>/gi)) {
    let url: URL;
    try {
      url = new URL(decodeEntities(match[1]!), base);
    } catch {
      continue;
    }
    if ((url.protocol !== 'http:' && url.protocol !== 'https:') || siteName(url.hostname) !== siteName(base.hostname)) continue;
    url.hash = '';
    if (url.href === base.href) continue;
    const words = `${url.pathname} ${visibleText(match[2]!)}`;
    if (CONTACT_WORDS.test(words)) return url.href;
    if (!about && ABOUT_WORDS.test(words)) about = url.href;
  }
  return about;
}
