// The repairer-availability module as the rest of the server, the scripts and the tests see it: the only file they
// import it through (eslint's house/server-module-boundary refuses any other way in; only a
// *-cli.ts entry point may be imported directly). Named exports only, each from its own file.

export { repairerAvailabilityRoutes } from './availability.routes';
export { decodeWeeklyPattern, encodeWeeklyPattern, slotBit } from './weekly-halves';
