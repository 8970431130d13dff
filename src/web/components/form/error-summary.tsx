export type Problem = {
  /** The id of the field the problem is about; the link points at it. */
  fieldId: string;
  message: string;
};

/**
 * After a failed submit: every problem in one announced list, each a link to its field.
 * `onSelect` moves focus to the field (react-hook-form's setFocus) instead of only scrolling.
 */
export function ErrorSummary<P extends Problem>({
  problems,
  subject = 'your details',
  onSelect,
  titleId = 'error-summary-title',
}: {
  problems: readonly P[];
  /** Completes "There is a problem with …". */
  subject?: string;
  onSelect?: (problem: P) => void;
  titleId?: string;
}) {
  if (problems.length === 0) return null;
  return (
    <div role="alert" aria-labelledby={titleId} className="rounded-md border-2 border-red-700 bg-red-50 p-4 text-red-900">
      <h3 id={titleId} className="font-semibold">
        There {problems.length === 1 ? 'is a problem' : `are ${problems.length} problems`} with {subject}
      </h3>
      <ul className="mt-2 list-disc pl-5">
        {problems.map((problem) => (
          <li key={problem.fieldId}>
            <a
              href={`#${problem.fieldId}`}
              className="underline underline-offset-2"
              onClick={(event) => {
                if (!onSelect) return;
                event.preventDefault();
                onSelect(problem);
              }}
            >
              {problem.message}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
