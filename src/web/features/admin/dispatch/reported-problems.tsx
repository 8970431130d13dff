import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/use-toast';
import { apiJson, getQueryFn, userMessageOf } from '../../../lib/api';
import { formatDecimalPounds, formatWhen } from '../../../lib/format';
import { ReleasedPayoutSchema, ReportedProblemsSchema, type ReportedProblem } from '../../../../shared/api/appointments';

const problemsKey = ['/api/admin/reported-problems'] as const;

function Problem({ problem }: { problem: ReportedProblem }) {
  const queryClient = useQueryClient();
  const release = useMutation({
    mutationFn: () => apiJson('POST', `/api/admin/payouts/${problem.payoutId}/release`, {}, ReleasedPayoutSchema),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: problemsKey }),
  });
  return (
    <li className="rounded-xl border border-amber-300 bg-amber-50 p-4">
      <h3 className="font-bold text-navy-900">
        {problem.reference}: {problem.customerName} ({problem.customerEmail})
      </h3>
      <p className="text-sm text-slate-800">
        Technician {problem.technician} · {formatDecimalPounds(problem.amount)} held · reported {formatWhen(problem.reportedAt)}
      </p>
      <blockquote className="mt-2 border-l-4 border-amber-400 pl-3 whitespace-pre-line text-slate-900">{problem.report}</blockquote>
      <Button
        className="mt-3"
        size="sm"
        disabled={release.isPending}
        onClick={() =>
          release.mutate(undefined, {
            onSuccess: () => toast({ title: 'Payment released', description: `${problem.technician} is paid for ${problem.reference}.`, variant: 'success' }),
            onError: (error) => toast({ title: 'Error', description: userMessageOf(error), variant: 'destructive' }),
          })
        }
      >
        Resolved: release the technician’s payment
      </Button>
    </li>
  );
}

/** D14: completed repairs whose customer reported a problem; the technician's share waits here until the team releases it. */
export function ReportedProblems() {
  const problems = useQuery<ReportedProblem[]>({ queryKey: problemsKey, queryFn: getQueryFn({ on401: 'throw', schema: ReportedProblemsSchema }) });
  if (!problems.data || problems.data.length === 0) return null;
  return (
    <section aria-labelledby="reported-problems" className="mb-10">
      <h2 id="reported-problems" className="text-xl font-bold text-navy-900">
        Problems reported after a repair ({problems.data.length})
      </h2>
      <p className="text-sm text-slate-700">Contact the customer and the technician; release the payment once it is put right.</p>
      <ul className="mt-3 grid gap-3">
        {problems.data.map((problem) => (
          <Problem key={problem.payoutId} problem={problem} />
        ))}
      </ul>
    </section>
  );
}
