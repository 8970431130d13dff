// What a page offers: e-mail addresses (mailto links and text, including "name [at] domain
// [dot] co.uk" and "name(at)domain.com") and the one contact or about page it links to.
import { z } from 'zod';

export interface Candidate {
  email: string;
  /** The page it was found on. */
  sourceUrl: string;
  fromMailto: boolean;
}

// Pages are strangers' input of up to 1 MB: every pattern here runs in linear time (no
// unbounded repetition that can backtrack across the page), and addresses are found by
// scanning out from each '@' rather than by one regular expression over the whole text.
const EMAIL_SHAPE = /^[a-z0-9._%+-]{1,64}@[a-z0-9-]{1,63}(?:\.[a-z0-9-]{1,63}){0,8}\.[a-z]{2,24}$/i;
const AT = / ?(?:\[ ?at ?\]|\( ?at ?\)|\{ ?at ?\}|< ?at ?>) ?/gi;
const DOT = / ?(?:\[ ?dot ?\]|\( ?dot ?\)|\{ ?dot ?\}|< ?dot ?>) ?/gi;
const MAX_ADDRESSES_LOOKED_AT = 5_000;
const IMAGE_OR_ASSET = /\.(png|jpe?g|gif|svg|webp|avif|ico|bmp|tiff?|css|js|mjs|json|xml|woff2?|ttf|eot|mp4|webm|pdf)$/i;
const NOT_FOR_PEOPLE = /^(no-?reply|do-?not-?reply|donotreply|mailer-daemon|postmaster|bounces?|abuse|hostmaster|webmaster|privacy|gdpr|unsubscribe)([.+_-].*)?$/i;
const PLACEHOLDER_DOMAINS = /(^|\.)(example\.(com|org|net|co\.uk)|domain\.(com|co\.uk)|yourdomain\.(com|co\.uk)|email\.com|sentry\.io|wixpress\.com|sentry-next\.wixpress\.com|godaddy\.com|squarespace\.com)$/i;
const PLACEHOLDER_LOCALS = /^(name|yourname|your\.?name|you|user|username|email|someone|test|firstname\.lastname)$/i;
const emailSchema = z.email();

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', commat: '@', period: '.', lsqb: '[', rsqb: ']', lpar: '(', rpar: ')' };

export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]{1,6}|#\d{1,7}|[a-z]{1,10});/gi, (whole, name: string) => {
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

const isLocalChar = (c: number) => (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 46 || c === 95 || c === 37 || c === 43 || c === 45;
const isDomainChar = (c: number) => (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 46 || c === 45;

/** Address-shaped strings in text: each '@' with the characters an address allows either side. */
export function addressesIn(text: string): string[] {
  const found: string[] = [];
  let looked = 0;
  for (let at = text.indexOf('@'); at !== -1 && looked < MAX_ADDRESSES_LOOKED_AT; at = text.indexOf('@', at + 1), looked++) {
    let start = at;
    while (start > 0 && at - start < 64 && isLocalChar(text.charCodeAt(start - 1))) start--;
    let end = at + 1;
    while (end < text.length && end - at < 254 && isDomainChar(text.charCodeAt(end))) end++;
    const candidate = text.slice(start, end).replace(/^\.+/, '').replace(/[.-]+$/, '');
    if (EMAIL_SHAPE.test(candidate)) found.push(candidate);
  }
  return found;
}

/** The text a visitor reads: comments, scripts and styles dropped, tags removed, entities decoded, spaces collapsed. */
function visibleText(html: string): string {
  let text = '';
  let i = 0;
  const lower = html.toLowerCase();
  while (i < html.length) {
    const open = html.indexOf('<', i);
    if (open === -1) {
      text += html.slice(i);
      break;
    }
    text += html.slice(i, open) + ' ';
    if (lower.startsWith('<!--', open)) {
      const close = lower.indexOf('-->', open + 4);
      i = close === -1 ? html.length : close + 3;
      continue;
    }
    const element = /^<(script|style|noscript|template)\b/.exec(lower.slice(open, open + 12))?.[1];
    if (element) {
      const close = lower.indexOf(`</${element}`, open);
      i = close === -1 ? html.length : close + element.length + 2;
      const gt = lower.indexOf('>', i);
      i = gt === -1 ? html.length : gt + 1;
      continue;
    }
    const gt = html.indexOf('>', open);
    i = gt === -1 ? html.length : gt + 1;
  }
  return decodeEntities(text).replace(/\s+/g, ' ');
}

/** Every address a page offers, mailto links first, without repeats. */
export function findCandidates(html: string, sourceUrl: string): Candidate[] {
  const found = new Map<string, Candidate>();
  const add = (raw: string, fromMailto: boolean) => {
    const email = normaliseAddress(raw);
    if (email && !found.has(email)) found.set(email, { email, sourceUrl, fromMailto });
  };
  for (const match of html.matchAll(/href\s{0,5}=\s{0,5}["']\s{0,5}mailto:([^"'?<>]{1,500})/gi)) {
    let target = decodeEntities(match[1]!);
    try {
      target = decodeURIComponent(target);
    } catch {
      // keep it as written
    }
    for (const part of target.split(',')) add(part, true);
  }
  const text = visibleText(html).replace(AT, '@').replace(DOT, '.');
  for (const address of addressesIn(text)) add(address, false);
  return [...found.values()];
}

/** Each <a href> on the page with its label, found by scanning (linear in the page). */
function* anchors(html: string): Generator<{ href: string; label: string }> {
  const lower = html.toLowerCase();
  for (let open = lower.indexOf('<a'); open !== -1; open = lower.indexOf('<a', open + 2)) {
    const next = lower.charCodeAt(open + 2);
    if (next !== 32 && next !== 9 && next !== 10 && next !== 13) continue;
    // Searches bounded to 2,000 characters keep hostile pages (thousands of unclosed tags) linear.
    const tagEnd = lower.slice(open, open + 2000).indexOf('>');
    if (tagEnd === -1) continue;
    const gt = open + tagEnd;
    const href = /\bhref\s{0,5}=\s{0,5}(?:"([^"]{0,1000})"|'([^']{0,1000})')/i.exec(html.slice(open, gt));
    if (!href) continue;
    const close = lower.slice(gt, gt + 2000).indexOf('</a');
    yield { href: (href[1] ?? href[2] ?? '').trim(), label: close === -1 ? '' : html.slice(gt + 1, gt + close) };
  }
}

const CONTACT_WORDS = /contact|get[\s_-]?in[\s_-]?touch|enquir|reach[\s_-]?us|find[\s_-]?us/i;
const ABOUT_WORDS = /about|who[\s_-]?we[\s_-]?are|our[\s_-]?story/i;

const siteName = (hostname: string) => hostname.toLowerCase().replace(/^www\./, '');

/**
 * The one further page read (D18: the contact page, else the about page), on the same site as
 * the home page; undefined when the home page links to neither.
 */
export function findContactPage(html: string, pageUrl: string): string | undefined {
  const base = new URL(pageUrl);
  let about: string | undefined;
  for (const { href, label } of anchors(html)) {
    let url: URL;
    try {
      url = new URL(decodeEntities(href), base);
    } catch {
      continue;
    }
    if ((url.protocol !== 'http:' && url.protocol !== 'https:') || siteName(url.hostname) !== siteName(base.hostname)) continue;
    url.hash = '';
    if (url.href === base.href) continue;
    const words = `${url.pathname} ${visibleText(label)}`;
    if (CONTACT_WORDS.test(words)) return url.href;
    if (!about && ABOUT_WORDS.test(words)) about = url.href;
  }
  return about;
}
