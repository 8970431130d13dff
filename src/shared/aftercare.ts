/**
 * D14: a repair marked done that its customer neither confirms nor reports a problem with is taken
 * as done this many hours later, and the technician's share released (the release job's
 * RELEASE_AFTER_HOURS; the customer's screens say "Completed" from then on).
 */
export const AUTO_RELEASE_HOURS = 72;
