/** Issue 38 item 1: how long a My repairs sign-in link works. */
export const SIGN_IN_LINK_MINUTES = 30;
