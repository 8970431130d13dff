// The quotes feature's public face: what routes and other features may use.
export { QuoteForAssessment } from './quote-page';
export { QuoteNotFound } from './quote-not-found';
export { QuoteSkeleton } from './quote-skeleton';
