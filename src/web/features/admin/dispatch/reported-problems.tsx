import type { ReactNode } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/use-toast';
import { apiJson, getQueryFn, userMessageOf } from '../../../lib/api';
import { formatDecimalPounds, formatWhen } from '../../../lib/format';
import { PayoutsInQuestionSchema, ReleasedPayoutSchema, ReportedProblemsSchema, type PayoutsInQuestion as PayoutsInQuestionView, type ReportedProblem, type SendingPayout, type WithheldPayout } from '../../../../shared/api/appointments';

const problemsKey = ['/api/admin/reported-problems'] as const;
const inQuestionKey = ['/api/admin/payouts-in-question'] as const;

/** Releases a held payout (POST /api/admin/payouts/{id}/release), says how it went, and reloads the list it is shown in. */
function ReleaseButton({ payout, list, children }: { payout: { payoutId: number; technician: string; reference: string }; list: readonly [string]; children: ReactNode }) {
  const queryClient = useQueryClient();
  const release = useMutation({
    mutationFn: () => apiJson('POST', `/api/admin/payouts/${payout.payoutId}/release`, {}, ReleasedPayoutSchema),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: list }),
  });
  return (
    <Button
      className="mt-3"
      size="sm"
      disabled={release.isPending}
      onClick={() =>
        release.mutate(undefined, {
          onSuccess: () => toast({ title: 'Payment released', description: `${payout.technician} is paid for ${payout.reference}.`, variant: 'success' }),
          onError: (error) => toast({ title: 'Error', description: userMessageOf(error), variant: 'destructive' }),
        })
      }
    >
      {children}
    </Button>
  );
}

function Problem({ problem }: { problem: ReportedProblem }) {
  return (
    <li className="rounded-xl border border-amber-300 bg-amber-50 p-4">
      <h3 className="font-bold text-navy-900">
        {problem.reference}: {problem.customerName} ({problem.customerEmail})
      </h3>
      <p className="text-sm text-slate-800">
        Technician {problem.technician} · {formatDecimalPounds(problem.amount)} held · reported {formatWhen(problem.reportedAt)}
      </p>
      <blockquote className="mt-2 border-l-4 border-amber-400 pl-3 whitespace-pre-line text-slate-900">{problem.report}</blockquote>
      <ReleaseButton payout={problem} list={problemsKey}>
        Resolved: release the technician’s payment
      </ReleaseButton>
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

/** A payout card's heading: the job, the amount and the technician, and since when it has been so. */
function PayoutHeading({ payout, since }: { payout: WithheldPayout | SendingPayout; since: string }) {
  return (
    <>
      <h4 className="font-bold text-navy-900">
        {payout.reference}: {formatDecimalPounds(payout.amount)} to {payout.technician}
      </h4>
      <p className="text-sm text-slate-800">
        {since} {formatWhen(payout.since)}
      </p>
    </>
  );
}

function Withheld({ payout }: { payout: WithheldPayout }) {
  const transfers = payout.reversedTransferIds.length > 0 ? payout.reversedTransferIds.join(', ') : 'its earlier transfer';
  return (
    <li className="rounded-xl border border-amber-300 bg-amber-50 p-4">
      <PayoutHeading payout={payout} since="On hold since" />
      <p className="mt-2 text-slate-900">
        Stripe shows {transfers} as reversed{payout.takenBack ? `, taking back ${formatDecimalPounds(payout.takenBack)}` : ''}, so the technician has not been paid in full and
        nothing pays them again on its own. Find out why it was reversed first: releasing sends a new transfer of only what is short at that moment.
      </p>
      <ReleaseButton payout={payout} list={inQuestionKey}>
        Send what is short to the technician
      </ReleaseButton>
    </li>
  );
}

function Sending({ payout }: { payout: SendingPayout }) {
  const when = payout.retryFrom ? `once its claim ends at ${formatWhen(payout.retryFrom)}` : 'at its next run';
  return (
    <li className="rounded-xl border border-slate-300 bg-white p-4">
      <PayoutHeading payout={payout} since="Being sent since" />
      <p className="mt-2 text-slate-900">
        Stripe has not confirmed this transfer yet. The release job (every 15 minutes) asks Stripe again {when}, and it cannot pay twice: there is nothing to do unless
        this is still here after a few runs.
      </p>
    </li>
  );
}

/** Under a list cut at PAYOUTS_IN_QUESTION_SHOWN: how many more there are, so a backlog is not mistaken for the whole. */
function MoreThanShown({ shown, total, order }: { shown: number; total: number; order: string }) {
  if (total <= shown) return null;
  return (
    <p className="mt-2 text-sm text-slate-800">
      Showing the {shown} {order} of {total}. Release or put right these first; the rest appear as these leave the list.
    </p>
  );
}

/** D14: payouts held because their transfer was reversed at Stripe, and payouts stuck being sent; otherwise only in the logs. */
export function PayoutsInQuestion() {
  const payouts = useQuery<PayoutsInQuestionView>({ queryKey: inQuestionKey, queryFn: getQueryFn({ on401: 'throw', schema: PayoutsInQuestionSchema }) });
  if (!payouts.data || (payouts.data.totals.withheld === 0 && payouts.data.totals.sending === 0)) return null;
  const { withheld, sending, totals } = payouts.data;
  return (
    <section aria-labelledby="payouts-in-question" className="mb-10">
      <h2 id="payouts-in-question" className="text-xl font-bold text-navy-900">
        Technicians’ payments to keep an eye on ({totals.withheld + totals.sending})
      </h2>
      {totals.withheld > 0 && (
        <>
          <h3 className="mt-3 font-bold text-navy-900">Held: transfer reversed at Stripe</h3>
          <ul aria-label="Held: transfer reversed at Stripe" className="mt-2 grid gap-3">
            {withheld.map((payout) => (
              <Withheld key={payout.payoutId} payout={payout} />
            ))}
          </ul>
          <MoreThanShown shown={withheld.length} total={totals.withheld} order="most recently held" />
        </>
      )}
      {totals.sending > 0 && (
        <>
          <h3 className="mt-3 font-bold text-navy-900">Waiting for Stripe to confirm</h3>
          <ul aria-label="Waiting for Stripe to confirm" className="mt-2 grid gap-3">
            {sending.map((payout) => (
              <Sending key={payout.payoutId} payout={payout} />
            ))}
          </ul>
          <MoreThanShown shown={sending.length} total={totals.sending} order="longest waiting" />
        </>
      )}
    </section>
  );
}
