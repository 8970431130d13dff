import { Tabs } from 'radix-ui';
import { noVatSentence } from '../../../shared/vat';
import { useState, type FormEvent } from 'react';
import { TextAreaField } from '../../components/form';
import { PhotoGallery } from '../../components/photo-gallery';
import { Button } from '../../components/ui/button';
import { ConfirmButton } from '../../components/ui/confirm-button';
import { Skeleton } from '../../components/ui/skeleton';
import { toast } from '../../components/ui/use-toast';
import { userMessageOf } from '../../lib/api';
import { damageLocationLabel, damageTypeLabel, formatDecimalPounds } from '../../lib/format';
import { DECLINE_REASON_MAX, repairerJobMessages, type RepairerJob } from '../../../shared/api/repairer-jobs';
import { useQueryClient } from '@tanstack/react-query';
import { MarkJobDone } from '../repairer-work';
import { useAcceptJob, useDeclineJob, useRepairerJob } from './api/jobs';
import { PhoneLink } from '../../components/phone-link';
import { areaOf, earningsOf, isOpenOffer, offerEnded, payStanding, timeRemaining, vehicleOf, whenOf } from './job-format';
import { answerByLabel } from '../../../shared/offer-deadline';
import { cn } from '../../lib/cn';
import { CustomerNotes } from './customer-notes';
import { focusById } from '../../lib/focus';
import { formatPence } from '../../../shared/money';
import { commissionInWords, commissionLabel } from '../../../shared/money-split';
import { splitOfQuote } from './job-split';

/** The job panel's heading, where the keyboard goes once an answer or the mark-done form is done with. */
const jobTitleId = (id: number) => `job-${id}-title`;

const tabClass =
  'min-h-11 flex-1 rounded-t-md border-b-2 border-transparent px-3 py-2 font-semibold text-slate-700 hover:text-navy-900 data-[state=active]:border-teal-brand data-[state=active]:text-navy-900';

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="flex justify-between gap-4 border-b border-slate-200 py-2 last:border-0">
      <dt className="text-slate-700">{label}</dt>
      <dd className="text-right font-semibold text-navy-900">{children}</dd>
    </div>
  );
}

function Customer({ job }: { job: RepairerJob }) {
  const c = job.customer;
  if (c.name === null && job.status !== 'sent' && job.status !== 'viewed') {
    return (
      <p className="rounded-md border border-slate-200 bg-slate-50 p-3 text-sm text-slate-800">
        Area: <strong>{areaOf(job)}</strong>. This job is not yours, so the customer&apos;s details are not shown.
      </p>
    );
  }
  if (c.name === null) {
    return (
      <p className="rounded-md border border-slate-200 bg-slate-50 p-3 text-sm text-slate-800">
        Area: <strong>{areaOf(job)}</strong>. The customer&apos;s name, phone, e-mail and address are shown here once you accept the job.
      </p>
    );
  }
  return (
    <dl className="rounded-md border border-teal-200 bg-teal-50 p-3 text-sm">
      <Row label="Name">{c.name}</Row>
      <Row label="Phone"><PhoneLink phone={c.phone} /></Row>
      <Row label="E-mail">
        <a className="underline break-all" href={`mailto:${c.email}`}>
          {c.email}
        </a>
      </Row>
      <Row label="Address">{[c.address, c.city, c.postcode].filter(Boolean).join(', ')}</Row>
    </dl>
  );
}

function Answer({ job }: { job: RepairerJob }) {
  const accept = useAcceptJob();
  const decline = useDeclineJob();
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const busy = accept.isPending || decline.isPending;

  const onAccept = () =>
    accept.mutate(
      { id: job.id },
      {
        onSuccess: () => {
          toast({ title: 'Job accepted', description: `It is yours: ${whenOf(job)}. The customer's details and notes are now shown.`, variant: 'success' });
          focusById(jobTitleId(job.id));
        },
        onError: (error) => {
          toast({ title: 'Could not accept the job', description: userMessageOf(error), variant: 'destructive' });
          // Lost to another technician, the job's answer goes: the keyboard stays with the job.
          focusById(jobTitleId(job.id));
        },
      },
    );
  const onDecline = (event: FormEvent) => {
    event.preventDefault();
    // SPEC section 5: a non-empty trimmed reason, else 'Please provide a reason for declining'.
    if (reason.trim() === '') return setReasonError(repairerJobMessages.declineReason);
    decline.mutate(
      { id: job.id, reason: reason.trim() },
      {
        onSuccess: () => {
          toast({ title: 'Job declined', description: 'Thank you: our team can see your reason.' });
          focusById(jobTitleId(job.id));
        },
        onError: (error) => toast({ title: 'Could not decline the job', description: userMessageOf(error), variant: 'destructive' }),
      },
    );
  };

  return (
    <Tabs.Root defaultValue="accept" className="mt-4">
      <Tabs.List aria-label="Answer this job" className="flex border-b border-slate-300">
        <Tabs.Trigger value="accept" className={tabClass}>
          Accept
        </Tabs.Trigger>
        <Tabs.Trigger value="decline" className={tabClass}>
          Decline
        </Tabs.Trigger>
      </Tabs.List>
      <Tabs.Content value="accept" className="pt-4">
        <p className="text-sm text-slate-800">
          The first technician to accept gets the job. You will be paid {formatDecimalPounds(job.quote.repairerPayment)} once the repair is done and
          the customer confirms it (or 72 hours pass without a problem reported).
        </p>
        <ConfirmButton
          className="mt-3 w-full"
          onConfirm={onAccept}
          pending={busy}
          title="Accept this job?"
          consequence={`You commit to repairing this car ${whenOf(job)}, and the customer is told you are coming.`}
          confirmLabel="Accept the job"
        >
          {accept.isPending ? 'Accepting…' : 'Accept job'}
        </ConfirmButton>
      </Tabs.Content>
      <Tabs.Content value="decline" className="pt-4">
        <form onSubmit={onDecline} noValidate>
          <TextAreaField
            id={`decline-reason-${job.id}`}
            label="Reason for declining"
            hint="Our team reads this to offer you better-suited jobs."
            error={reasonError ?? undefined}
            value={reason}
            maxLength={DECLINE_REASON_MAX}
            rows={3}
            onChange={(event) => {
              setReason(event.target.value);
              if (reasonError && event.target.value.trim() !== '') setReasonError(null);
            }}
            onBlur={() => reason.trim() === '' && reason !== '' && setReasonError(repairerJobMessages.declineReason)}
          />
          <Button type="submit" variant="danger" className="mt-3 w-full" pending={busy} disabled={reason.trim() === ''}>
            {decline.isPending ? 'Declining…' : 'Decline job'}
          </Button>
        </form>
      </Tabs.Content>
    </Tabs.Root>
  );
}

/** D14: the assigned repairer marks the job done on or after its day; the customer is then asked to confirm it. */
function MarkDone({ appointment, titleId }: { appointment: NonNullable<RepairerJob['appointment']>; titleId: string }) {
  const queryClient = useQueryClient();
  const pay = payStanding(appointment);
  if (pay) return <p className={cn('mt-4 font-semibold', pay.tone === 'held' ? 'text-amber-900' : pay.tone === 'void' ? 'text-slate-800' : 'text-teal-900')}>{pay.sentence}</p>;
  if (appointment.status !== 'assigned') return null;
  return (
    <div className="mt-4 rounded-md border border-slate-200 bg-slate-50 p-3">
      <MarkJobDone
        appointmentId={appointment.id}
        appointmentDate={appointment.appointmentDate}
        onDone={() => {
          // The form gives way to where the pay stands: the keyboard goes to the job's heading.
          focusById(titleId);
          void queryClient.invalidateQueries({ predicate: (query) => String(query.queryKey[0]).startsWith('/api/repairer/') });
        }}
      />
    </div>
  );
}

/** SPEC's detail panel: vehicle, damage and photos, pricing, the customer once accepted, and Accept / Decline. */
export function JobPanel({ jobId, now }: { jobId: number; now: Date }) {
  const query = useRepairerJob(jobId);
  if (query.isPending) {
    return (
      <div role="status" className="grid gap-3">
        <span className="sr-only">Loading the job…</span>
        <Skeleton className="h-8 w-2/3" />
        <Skeleton className="h-40 w-full" />
      </div>
    );
  }
  if (query.isError) return <p role="alert">{userMessageOf(query.error, 'We could not load this job. Please try again.')}</p>;
  const job = query.data;
  const earnings = earningsOf(job);
  const split = splitOfQuote(job.quote);
  const ended = offerEnded(job);
  return (
    <article aria-labelledby={jobTitleId(job.id)}>
      <h2 id={jobTitleId(job.id)} tabIndex={-1} className="text-2xl font-bold text-navy-900 focus:outline-none">
        {vehicleOf(job)}
      </h2>
      <p className="mt-1 text-slate-800">
        {damageTypeLabel(job.damageType)}: {job.damageLocations.map(damageLocationLabel).join(', ')}
      </p>
      <p className="mt-1 text-slate-800">
        {whenOf(job)} · {areaOf(job)} · quote {job.quote.reference}
      </p>
      {isOpenOffer(job) ? (
        <p className="mt-1 font-semibold text-amber-900">
          {answerByLabel(new Date(job.expiresAt))} ({timeRemaining(job.expiresAt, now)})
        </p>
      ) : null}

      <h3 className="mt-5 font-bold text-navy-900">The damage</h3>
      <p className="mt-1 whitespace-pre-line text-slate-800">{job.damageDescription}</p>
      <div className="mt-3">
        {/* An offer that ended, or a job lost: its photos are no longer theirs to open (the server sends none). */}
        {job.images.length === 0 && !isOpenOffer(job) && job.status !== 'accepted' ? (
          <p className="text-sm text-slate-700">The photos are shown while the job is offered to you or yours.</p>
        ) : (
          <PhotoGallery images={job.images} reference={job.quote.reference} />
        )}
      </div>

      <h3 className="mt-5 font-bold text-navy-900">Pricing</h3>
      <dl className="mt-1">
        {/* Issue 37: the whole split, so the figures add up to what the customer pays. */}
        <Row label={split.vatPence > 0 ? 'Customer pays (incl. VAT)' : 'Customer pays'}>{formatPence(split.customerPaysPence)}</Row>
        <Row label="VAT (to HMRC)">{split.vatPence > 0 ? formatPence(split.vatPence) : noVatSentence}</Row>
        <Row label={commissionLabel}>
          {formatPence(split.commissionPence)}
          <span className="block text-sm font-normal text-slate-700">{commissionInWords(split)}</span>
        </Row>
        <Row label="You earn">
          {earnings.amount}
          {earnings.note ? ` (${earnings.note})` : ''}
        </Row>
        <Row label="Estimated days">{job.quote.estimatedDays}</Row>
      </dl>

      <h3 className="mt-5 font-bold text-navy-900">Customer</h3>
      <div className="mt-1">
        <Customer job={job} />
      </div>
      <CustomerNotes job={job} />

      {job.status === 'accepted' && job.appointment ? (
        <MarkDone appointment={job.appointment} titleId={jobTitleId(job.id)} />
      ) : isOpenOffer(job) ? (
        <Answer job={job} />
      ) : job.status === 'declined' ? (
        <p className="mt-4 text-slate-800">
          {/* A reason that ends a sentence already closes this one: no “…sorry.”. */}
          You declined this job{job.declineReason ? `: “${job.declineReason}”` : ''}
          {job.declineReason && /[.!?]$/.test(job.declineReason) ? '' : '.'}
        </p>
      ) : ended ? (
        <p className="mt-4 text-slate-800">{ended.sentence}</p>
      ) : job.status !== 'accepted' ? (
        <p className="mt-4 text-slate-800">This offer is no longer open: it expired or another technician took the job.</p>
      ) : null}
    </article>
  );
}
