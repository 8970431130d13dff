// The access module as the rest of the server, the scripts and the tests see it: the only file they
// import it through (eslint's house/server-module-boundary refuses any other way in; only a
// *-cli.ts entry point may be imported directly). Named exports only, each from its own file.

export { customerRecordAccess, viewerOfRead, type CustomerRecordAccess, type Viewer } from './access.policy';
export { accessRoutes, safeNextPath } from './access.routes';
export { countGrantsOf, grantHeldSql } from './grants.repo';
export { accessLinkPath, addToGrantCookie, createGrant, MAX_GRANTS_PER_BROWSER, parseGrantCookie, resolveGrantedAssessments, withoutAccessTokens } from './grants.service';
export { myRepairsRoutes } from './my-repairs.routes';
export { forgetEmailIfNoEnquiries } from './my-repairs.repo';
