import { findCity } from './cities';

// SPEC section 2's routes, plus D21/D22 additions (D21: /appointments/{id}). The server uses this list to answer
// unknown paths with HTTP 404 (D23); the web router uses the same patterns.
export const routePatterns = [
  '/',
  '/services',
  '/about',
  '/contact',
  '/privacy-policy',
  '/terms',
  // Issue 35 item 5: Work with AutoRevive, where a technician applies to join.
  '/technicians',
  // Issue 37: a verified technician's public profile, by an opaque id (D10).
  '/technicians/:slug',
  '/areas/:city',
  '/assessment',
  '/thank-you',
  '/quote/:id',
  '/checkout',
  '/booking/:quoteId',
  '/confirmation/:appointmentId',
  '/appointments/:id',
  // Issue 38 item 1: every enquiry made with the customer's e-mail, by a sign-in link (docs/decisions/0036).
  '/my-repairs',
  '/repairer',
  '/repairer/profile',
  // Issue 35: a technician's weekly pattern, jobs in one slot and time off.
  '/repairer/availability',
  '/admin',
  '/admin/price-list',
  // Issue 14: who did what (approvals, refunds, verifications, downloads and erasures of data).
  '/admin/audit-log',
  // What the site has e-mailed (the outbox; without SMTP the only place e-mails go).
  '/admin/outbox',
  // Issue 35: the team keeps any technician's availability.
  '/admin/repairers/:id/availability',
  '/sign-in',
  // Issue 12: a repairer's invitation link, to create their sign-in (public: the token is the key).
  '/join/:token',
  // Issue 13 (D19): the unsubscribe link in an introduction e-mail (public: the signed token is the key).
  '/unsubscribe/:token',
] as const;

export type RoutePattern = (typeof routePatterns)[number];

/**
 * Paths that are only another's address. SPEC points the services and about pages' calls to action
 * at /quote ("its exact target form is not shown"): the quote starts with the assessment wizard, so
 * /quote sends the browser there (the server with 301, the router in place).
 */
export const redirectPaths: Readonly<Record<string, string>> = { '/quote': '/assessment' };

/** Pages that need a signed-in account (D11), and the role each needs. */
export const guardedPrefixes = [
  { prefix: '/admin', role: 'admin' },
  { prefix: '/repairer', role: 'repairer' },
] as const;

export function matchRoute(pathname: string): { pattern: RoutePattern; params: Record<string, string> } | null {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const parts = path.split('/');
  for (const pattern of routePatterns) {
    const patternParts = pattern.split('/');
    if (patternParts.length !== parts.length) continue;
    const params: Record<string, string> = {};
    const matches = patternParts.every((segment, index) => {
      const part = parts[index] ?? '';
      if (segment.startsWith(':')) {
        if (part === '') return false;
        params[segment.slice(1)] = safeDecode(part);
        return true;
      }
      return segment === part;
    });
    // A city page exists only for the cities we cover (D23: anything else is a 404).
    if (matches && pattern === '/areas/:city' && !findCity(params.city ?? '')) return null;
    if (matches) return { pattern, params };
  }
  return null;
}

function safeDecode(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
}

/**
 * Issue 36: the HTML a customer screen's route is served with, under dist/web, when the build
 * wrote one (scripts/prerender-site.ts, src/web/app/app-shells.tsx): its frame and loading state
 * before the script runs. Routes without one get the app shell, index.html.
 */
export const appShellFileFor = (pattern: RoutePattern): string => `shells/${pattern.split('/')[1]}.html`;
