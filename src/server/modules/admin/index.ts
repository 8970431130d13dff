// The admin module as the rest of the server, the scripts and the tests see it: the only file they
// import it through (eslint's house/server-module-boundary refuses any other way in; only a
// *-cli.ts entry point may be imported directly). Named exports only, each from its own file.

export { cardsFor, enquiryList, readDeskPage } from './admin-desk.repo';
export { adminRoutes } from './admin.routes';
export { enquiryPageRoutes } from './enquiry-page.routes';
