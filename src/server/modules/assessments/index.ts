// The assessments module as the rest of the server, the scripts and the tests see it: the only file they
// import it through (eslint's house/server-module-boundary refuses any other way in; only a
// *-cli.ts entry point may be imported directly). Named exports only, each from its own file.

export { customerReceiptEmail, teamNewAssessmentEmail } from './assessment-emails';
export { receiveUpload, type ReceivedPhoto } from './assessment-intake';
export { assessmentJsonSql, enquiryOfQuote, enquiryOfQuoteFromJson, toAssessmentView, type AssessmentJson, type AssessmentViewRow } from './assessment-view';
export { sweepOrphanPhotosJob } from './assessments.jobs';
export { coverageOfAssessment, coveredAssessmentIds, deleteAssessment, ENQUIRY_SEARCH_SQL, enquirySearchTerms, findAssessment, findAssessmentsByIds, findAssessmentWithCoverage, findImage, imagesOf, lockAssessment, type AssessmentRow, type ImageRow } from './assessments.repo';
export { assessmentRoutes } from './assessments.routes';
export { MAX_REPLAY_GRANTS, processPhotos } from './assessments.service';
export { photoNotFoundMessage, readImage } from './image-read.repo';
export { ORPHAN_GRACE_MS, sweepOrphanPhotos, sweepStaleUploads } from './photo-sweeper';
export type { QuoteAudience, QuoteReads } from './quote-reads';
