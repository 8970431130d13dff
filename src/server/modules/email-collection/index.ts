// The email-collection module as the rest of the server, the scripts and the tests see it: the only file they
// import it through (eslint's house/server-module-boundary refuses any other way in; only a
// *-cli.ts entry point may be imported directly). Named exports only, each from its own file.

export { isPublicAddress, policyAllowingLoopbackFor, publicOnlyPolicy, type Resolver } from './address-policy';
export { createSiteFetcher } from './create-site-fetcher';
export { collectEmailsJob } from './email-collection.jobs';
export { emailCollectionRoutes } from './email-collection.routes';
export { startCollection } from './email-collection.service';
export { SiteFetcher, type SiteFetcherOptions } from './site-fetcher';
