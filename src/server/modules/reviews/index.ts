// The reviews module as the rest of the server, the scripts and the tests see it: the only file they
// import it through (eslint's house/server-module-boundary refuses any other way in; only a
// *-cli.ts entry point may be imported directly). Named exports only, each from its own file.

export { completedRepairsSql, insertReview, meanRatingOf, technicianRatingSql } from './reviews.repo';
export { REVIEW_READS_PER_MINUTE, reviewRoutes } from './reviews.routes';
export { technicianRating, type TechnicianRating } from './reviews.service';
