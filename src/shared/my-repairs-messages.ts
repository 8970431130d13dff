// Issue 38 item 1: My repairs' sentences, without zod, so the customer's screen can show them
// without loading the schemas (docs/decisions/0022). src/shared/api/my-repairs.ts re-exports them.
export const myRepairsMessages = {
  linkSent:
    'If we have repairs for that address, we have e-mailed a link to it. It works once, for 30 minutes. If nothing arrives, check your spam folder or try another address you may have used.',
  email: 'Please enter a valid email address',
  tooManyLinksForEmail: 'We have sent several links to that address in the last hour. Please use the newest one, or try again in an hour.',
  tooManyLinksFromAddress: 'Too many sign-in links were asked for from this connection. Please try again in an hour.',
  linkBad: 'This sign-in link is not recognised. It may have been copied incompletely: please ask for a new one below.',
  linkUsed: 'This sign-in link has already been used. Each link works once: please ask for a new one below.',
  linkExpired: 'This sign-in link has expired (links last 30 minutes). Please ask for a new one below.',
  signedOut: 'You are not signed in to My repairs in this browser.',
} as const;

/** Where a sign-in link points: the page, with the token in the fragment (never sent to a server, nor in a Referer). */
export const MY_REPAIRS_PATH = '/my-repairs';
export const signInLinkPath = (token: string) => `${MY_REPAIRS_PATH}#sign-in=${token}`;
