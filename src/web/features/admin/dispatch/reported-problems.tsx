import { type ReactNode } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/use-toast';
import { apiJson, getQueryFn, userMessageOf } from '../../../lib/api';
import { formatDecimalPounds, formatWhen } from '../../../lib/format';
import {
  CustomerRefundSchema,
  PayoutsInQuestionSchema,
  RefundCustomerBodySchema,
  ReleasedPayoutSchema,
  ReportedProblemsSchema,
  type PayoutsInQuestion as PayoutsInQuestionView,
  type ReportedProblem,
  type SendingPayout,
  type WithheldPayout,
} from '../../../../shared/api/appointments';
import { focusById } from '../../../lib/focus';
import { ReasonDialog } from './reason-dialog';
import { invalidateAdminDesk } from '../api/admin-query-keys';

const problemsKey = ['/api/admin/reported-problems'] as const;
const inQuestionKey = ['/api/admin/payouts-in-question'] as const;

/**
 * Releases a held payout (POST /api/admin/payouts/{id}/release), says how it went, and reloads the
 * list it is shown in; the payout leaves the list, so the keyboard goes to `focusAfter` (the list's
 * heading, or the page's content when it was the last).
 */
function ReleaseButton({ payout, list, focusAfter, children }: { payout: { payoutId: number; technician: string; reference: string }; list: readonly [string]; focusAfter: string; children: ReactNode }) {
  const queryClient = useQueryClient();
  const release = useMutation({
    mutationFn: () => apiJson('POST', `/api/admin/payouts/${payout.payoutId}/release`, {}, ReleasedPayoutSchema),
    // The revenue card and the enquiry tables' booking stages change with it (a review: they kept the old figures).
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: list });
      void invalidateAdminDesk(queryClient);
    },
  });
  return (
    <Button
      className="mt-3"
      size="sm"
      pending={release.isPending}
      onClick={() =>
        release.mutate(undefined, {
          onSuccess: () => {
            toast({ title: 'Payment released', description: `${payout.technician} is paid for ${payout.reference}.`, variant: 'success' });
            focusById(focusAfter);
          },
          onError: (error) => toast({ title: 'Error', description: userMessageOf(error), variant: 'destructive' }),
        })
      }
    >
      {children}
    </Button>
  );
}

/**
 * When the problem cannot be put right: the customer is refunded in full and the technician's held
 * share cancelled (POST /api/admin/payouts/{id}/refund-customer), after a confirmation that asks
 * for the team's reason (kept in the audit log, sent to nobody).
 */
function RefundDialog({ problem, last }: { problem: ReportedProblem; last: boolean }) {
  const queryClient = useQueryClient();
  const refund = useMutation({
    mutationFn: (body: { reason: string }) => apiJson('POST', `/api/admin/payouts/${problem.payoutId}/refund-customer`, body, CustomerRefundSchema),
  });
  return (
    <ReasonDialog
      trigger="Not put right: refund the customer"
      title={`Refund ${problem.customerName} for ${problem.reference}?`}
      description={`They get back everything they paid, to their card, and the ${formatDecimalPounds(problem.amount)} on hold for ${problem.technician} is cancelled. Both are e-mailed. This cannot be undone.`}
      field={{ id: `refund-reason-${problem.payoutId}`, label: 'Why is the customer refunded?', hint: 'For the audit log; not sent to anyone.', maxLength: 500 }}
      schema={RefundCustomerBodySchema}
      mutation={refund}
      actions={{ keep: 'Keep it on hold', act: 'Refund the customer', pending: 'Refunding…' }}
      onDone={(done) =>
        toast({ title: 'Customer Refunded', description: `${problem.customerName} is refunded ${formatDecimalPounds(done.refunded)} for ${problem.reference}; ${problem.technician} is not paid for it.`, variant: 'success' })
      }
      refresh={() => {
        void queryClient.invalidateQueries({ queryKey: problemsKey });
        void invalidateAdminDesk(queryClient);
      }}
      // The problem (and its button) leave the list: the keyboard goes to the list's heading, or,
      // when it was the last one and the list goes too, to the page's main content.
      focusAfter={last ? 'main-content' : 'reported-problems'}
    />
  );
}

function Problem({ problem, last }: { problem: ReportedProblem; last: boolean }) {
  return (
    <li className="rounded-xl border border-amber-300 bg-amber-50 p-4">
      <h3 className="font-bold text-navy-900">
        {problem.reference}: {problem.customerName} ({problem.customerEmail})
      </h3>
      <p className="text-sm text-slate-800">
        Technician {problem.technician} · {formatDecimalPounds(problem.amount)} held · reported {formatWhen(problem.reportedAt)}
      </p>
      <blockquote className="mt-2 border-l-4 border-amber-400 pl-3 whitespace-pre-line text-slate-900">{problem.report}</blockquote>
      <div className="flex flex-wrap gap-3">
        <ReleaseButton payout={problem} list={problemsKey} focusAfter={last ? 'main-content' : 'reported-problems'}>
          Resolved: release the technician’s payment
        </ReleaseButton>
        <RefundDialog problem={problem} last={last} />
      </div>
    </li>
  );
}

/** D14: completed repairs whose customer reported a problem; the technician's share waits here until the team releases it. */
export function ReportedProblems() {
  const problems = useQuery<ReportedProblem[]>({ queryKey: problemsKey, queryFn: getQueryFn({ on401: 'throw', schema: ReportedProblemsSchema }) });
  if (!problems.data || problems.data.length === 0) return null;
  return (
    <section aria-labelledby="reported-problems" className="mb-10">
      <h2 id="reported-problems" tabIndex={-1} className="text-xl font-bold text-navy-900 focus:outline-none">
        Problems reported after a repair ({problems.data.length})
      </h2>
      <p className="text-sm text-slate-700">Contact the customer and the technician; release the payment once it is put right, or refund the customer if it cannot be.</p>
      <ul className="mt-3 grid gap-3">
        {problems.data.map((problem) => (
          <Problem key={problem.payoutId} problem={problem} last={problems.data.length === 1} />
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
      <ReleaseButton payout={payout} list={inQuestionKey} focusAfter="payouts-in-question">
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
      <h2 id="payouts-in-question" tabIndex={-1} className="text-xl font-bold text-navy-900 focus:outline-none">
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
