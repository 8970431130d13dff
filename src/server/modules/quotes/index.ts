// The quotes module as the rest of the server, the scripts and the tests see it: the only file they
// import it through (eslint's house/server-module-boundary refuses any other way in; only a
// *-cli.ts entry point may be imported directly). Named exports only, each from its own file.

export { ADMIN_ASSESSMENT_JSON_SQL, adminViewFromJson, quoteReadsForAssessments, readAssessment, readAssessmentBody, readAssessmentsPageForAdmin, viewsOf, type AdminAssessmentJson } from './assessment-reads.repo';
export { loadPriceList, readPriceList, replacePriceList } from './price-list.repo';
export { approveQuote, refuseWhileBeingPaid, resetQuoteToPriceList, reviseQuote, saveRevision, seenTotalPence, sendRevision } from './quote-desk.service';
export { quoteReadyEmail, teamModificationRequestEmail } from './quote-emails';
export { printable } from './quote-pdf';
export { QUOTE_JSON_SQL, quoteFromJson, readQuoteBody, readQuoteView, type QuoteJson } from './quote-read.repo';
export { toModificationRequestView, toQuoteView } from './quote-view';
export { findQuote, findQuoteByAssessment, itemsOf, lockQuote, modificationRequestsOf, quotesOf, revisionDraftsOf, type DeskFilter, type QuoteRow } from './quotes.repo';
export { priceGuideRoutes } from './price-guide.routes';
export { quoteRoutes } from './quotes.routes';
export { assignedRepairerOf } from './quotes.service';
