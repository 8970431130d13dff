// The geo module as the rest of the server, the scripts and the tests see it: the only file they
// import it through (eslint's house/server-module-boundary refuses any other way in; only a
// *-cli.ts entry point may be imported directly). Named exports only, each from its own file.

export { createGeocoder, outcodeGeocoder, POSTCODE_NOT_LOCATED, postcodesIoGeocoder, type Geocoder } from './geocoder';
export { importOutcodes, parseOutcodeCsv } from './outcode-import';
