import { useMutation } from '@tanstack/react-query';
import type { CoverageRequestResult } from '../../../shared/api/coverage';
import { coverageMessages, uncoveredMessage } from '../../../shared/coverage';
import { Button } from '../../components/ui/button';
import { apiJsonAs, userMessageOf } from '../../lib/api';

type Props = {
  assessment: { id: number; postcode: string; damageType: string };
};

/**
 * Issue 35: no verified technician covers this customer yet. The same sentence the server's 409
 * gives (shared/coverage.ts), on the thank-you, quote and booking pages, and "Tell me when you
 * do" (POST /api/assessments/{id}/coverage-request): recorded once, a second press says so.
 */
export function UncoveredNotice({ assessment }: Props) {
  const ask = useMutation({
    mutationFn: () => apiJsonAs<CoverageRequestResult>('POST', `/api/assessments/${assessment.id}/coverage-request`, {}),
  });
  const answer = ask.data?.message ?? (ask.isError ? userMessageOf(ask.error) : null);
  return (
    <section aria-labelledby="coverage-heading" className="rounded-lg border border-amber-700 bg-amber-50 p-5 text-left">
      {/* Not a heading: it sits above the page's own h1 on the quote page. */}
      <p id="coverage-heading" className="text-xl font-bold text-navy-900">
        {uncoveredMessage(assessment.postcode, assessment.damageType)}
      </p>
      <p className="mt-2 text-slate-800">
        You can still look at your quote, but it cannot be booked or paid for until a vetted technician works in your area. We can e-mail you as soon as one does.
      </p>
      <div className="mt-4 flex flex-wrap items-center gap-3">
        <Button type="button" variant="secondary" pending={ask.isPending} onClick={() => ask.mutate()}>
          {coverageMessages.askLabel}
        </Button>
        <p role="status" className="text-slate-900">
          {answer}
        </p>
      </div>
    </section>
  );
}
