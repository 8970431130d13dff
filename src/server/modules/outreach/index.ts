// The outreach module as the rest of the server, the scripts and the tests see it: the only file they
// import it through (eslint's house/server-module-boundary refuses any other way in; only a
// *-cli.ts entry point may be imported directly). Named exports only, each from its own file.

export { INTRO_EMAIL_KIND } from './outreach-emails';
export { outreachRoutes } from './outreach.routes';
export { emailStats, introduce, type OutreachContext } from './outreach.service';
