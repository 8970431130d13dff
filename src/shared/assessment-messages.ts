/** What the assessment's routes say when they refuse (shared/api/assessments.ts re-exports it). */
export const assessmentMessages = {
  notFound: "The assessment you're looking for could not be found.",
  photoNotFound: 'We could not find that photo.',
} as const;
