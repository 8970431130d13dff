// The assessments feature's public face: what other features may use. Everything else in
// this folder is its own business (eslint.config.js holds the line).
export { AssessmentSummary } from './assessment-summary';
export { assessmentQueryKey, useAssessment, type UseAssessmentOptions } from './api/get-assessment';
