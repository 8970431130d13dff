export type Problem = {
  /** The id of the field the problem is about; the link points at it. */
  fieldId: string;
  message: string;
};

/**
 * After a failed submit: every problem in one announced list, each a link to its field.
 * `onSelect` moves focus to the field (react-hook-form's setFocus) instead of only scrolling.
 *
 * GOV.UK's error summary pattern (issue 33): it comes before the fields, and after a failed submit
 * the form moves focus to it with `focusErrorSummary` once it has rendered, so a keyboard user
 * lands on the list of what to fix, not on a field further down that the summary, rendered
 * above it afterwards, pushes out of sight. (react-hook-form forms: `shouldFocusError: false`.)
 */
export function ErrorSummary<P extends Problem>({
  problems,
  subject = 'your details',
  onSelect,
  titleId = 'error-summary-title',
  id,
}: {
  problems: readonly P[];
  /** Completes "There is a problem with …". */
  subject?: string;
  onSelect?: (problem: P) => void;
  titleId?: string;
  /** The summary's own id, for `focusErrorSummary`. */
  id?: string;
}) {
  if (problems.length === 0) return null;
  return (
    <div
      id={id}
      role="alert"
      aria-labelledby={titleId}
      tabIndex={-1}
      className="rounded-md border-2 border-red-700 bg-red-50 p-4 text-red-900 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-red-900"
    >
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

/**
 * Moves focus to an error summary (or the box around it) and scrolls its top to the top of the
 * window: 'start' honours the page's scroll-padding-top, below the sticky header, where focus()'s
 * own scroll would bring it only just into view (a long summary's top could stay above the window).
 */
export function focusErrorSummary(id: string): void {
  const element = document.getElementById(id);
  if (!element) return;
  element.focus({ preventScroll: true });
  element.scrollIntoView?.({ block: 'start' });
}
