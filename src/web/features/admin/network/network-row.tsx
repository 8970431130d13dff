import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { Button, buttonClasses } from '../../../components/ui/button';
import { ConfirmButton } from '../../../components/ui/confirm-button';
import { toast } from '../../../components/ui/use-toast';
import { userMessageOf } from '../../../lib/api';
import { useFocusWhenGone } from '../../../lib/focus';
import { specialisationLabels } from '../../../../shared/damage';
import { formatShortDate } from '../../../../shared/london-time';
import { emailSourceLabels, type EmailSource } from '../../../../shared/api/outreach';
import type { NetworkRepairer } from '../../../../shared/api/repairer-accounts';
import { useInviteRepairer, useSetVerification } from './network-api';
import { useEmailStats, useSendIntro, whereItGoes } from './outreach-api';
import { VettingChecklist } from './vetting-checklist';

const sourceLabel = (source: string | null) => (source && source in emailSourceLabels ? emailSourceLabels[source as EmailSource] : source);

function outreachStatus(repairer: NetworkRepairer): string | null {
  if (repairer.unsubscribed) return 'Unsubscribed';
  if (repairer.introSentAt) return `Introduced ${formatShortDate(new Date(repairer.introSentAt))}`;
  return null;
}

/** One repairer on the Network tab: selection, verification, invitation and introduction (issues 12 and 13). */
export function NetworkRow({ repairer, selected, onSelect }: { repairer: NetworkRepairer; selected: boolean; onSelect: (selected: boolean) => void }) {
  const verify = useSetVerification();
  const invite = useInviteRepairer();
  const intro = useSendIntro();
  const mailServer = useEmailStats().data?.mailServer;
  // An introduction or invitation sent disables its button: the keyboard goes to the row's own checkbox.
  const checkbox = useRef<HTMLInputElement>(null);
  // Verified or unverified under a filter on verification, the row leaves the list: the keyboard goes to the list's heading.
  const row = useFocusWhenGone<HTMLTableRowElement>('network-heading');
  const onVerify = () =>
    verify.mutate(
      { id: repairer.id, isVerified: !repairer.isVerified },
      {
        onSuccess: (row) => toast({ title: row.isVerified ? 'Repairer verified' : 'Verification removed', description: `${row.businessName} is now ${row.isVerified ? 'Verified: they can be offered jobs' : 'Pending Verification'}.`, variant: 'success' }),
        onError: (error) => toast({ title: 'Error', description: userMessageOf(error), variant: 'destructive' }),
      },
    );
  const onInvite = () =>
    invite.mutate(repairer.id, {
      onSuccess: ({ email }) => {
        toast({ ...whereItGoes(mailServer, 'Invitation', { businessName: repairer.businessName, email }), variant: 'success' });
        checkbox.current?.focus();
      },
      onError: (error) => toast({ title: 'Error', description: userMessageOf(error), variant: 'destructive' }),
    });
  const onIntro = () =>
    intro.mutate(repairer.id, {
      onSuccess: ({ email }) => {
        toast({ ...whereItGoes(mailServer, 'Introduction', { businessName: repairer.businessName, email }), variant: 'success' });
        checkbox.current?.focus();
      },
      onError: (error) => toast({ title: 'Error', description: userMessageOf(error), variant: 'destructive' }),
    });
  // Issue 35 item 5: the vetting checklist opens under the row.
  const [checklistOpen, setChecklistOpen] = useState(false);
  const checklistId = `vetting-row-${repairer.id}`;
  const status = outreachStatus(repairer);
  const canIntroduce = Boolean(repairer.email) && !repairer.hasAccount && !repairer.introSentAt && !repairer.unsubscribed;
  return (
    <>
    <tr ref={row} className="border-t border-slate-200 align-top">
      <td className="py-2 pr-2 pl-2">
        <input ref={checkbox} type="checkbox" className="size-5" checked={selected} onChange={(event) => onSelect(event.target.checked)} aria-label={`Select ${repairer.businessName}`} />
      </td>
      <th scope="row" className="py-2 pr-3 text-left font-semibold text-navy-900">
        {repairer.businessName}
        <span className="block text-sm font-normal text-slate-700">{repairer.specializations.map((s) => specialisationLabels[s]).join(', ')}</span>
        {repairer.imported ? <span className="block text-sm font-normal text-slate-700">Imported from Google Places</span> : null}
        {repairer.applied ? <span className="block text-sm font-normal text-slate-700">Applied on /technicians</span> : null}
      </th>
      <td className="py-2 pr-3">
        {repairer.city}, {repairer.postcode}
      </td>
      <td className="py-2 pr-3 break-all">
        {repairer.email ?? '—'}
        {repairer.email && repairer.emailSource ? <span className="block text-sm break-normal text-slate-700">From: {sourceLabel(repairer.emailSource)}</span> : null}
      </td>
      <td className="py-2 pr-3">
        <span className={repairer.isVerified ? 'rounded-full bg-teal-100 px-2 py-0.5 text-sm font-semibold text-teal-900' : 'rounded-full bg-amber-100 px-2 py-0.5 text-sm font-semibold text-amber-900'}>
          {repairer.isVerified ? 'Verified' : 'Pending Verification'}
        </span>
        <span className="mt-1 block text-sm text-slate-700">
          {repairer.hasAccount ? 'Has an account' : repairer.invitationPending ? (mailServer === false ? 'Invitation in the outbox' : 'Invitation sent') : 'No account'}
        </span>
        {status ? <span className="mt-1 block text-sm text-slate-700">{status}</span> : null}
        <span className="mt-1 block text-sm text-slate-700">{repairer.checksDone === 3 ? 'Vetted: every check recorded' : `Vetting: ${repairer.checksDone} of 3 checks`}</span>
      </td>
      <td className="py-2">
        <div className="flex flex-wrap gap-2">
          <Button size="sm" variant="outline" onClick={() => setChecklistOpen((open) => !open)} aria-expanded={checklistOpen} aria-controls={checklistId} aria-label={`Vetting checklist of ${repairer.businessName}`}>
            Checklist
          </Button>
          {repairer.isVerified ? (
            <Button size="sm" variant="outline" onClick={onVerify} pending={verify.isPending} aria-label={`Unverify ${repairer.businessName}`}>
              Unverify
            </Button>
          ) : (
            <ConfirmButton
              size="sm"
              variant="outline"
              onConfirm={onVerify}
              pending={verify.isPending}
              aria-label={`Verify ${repairer.businessName}`}
              title={`Verify ${repairer.businessName}?`}
              consequence={`${repairer.businessName} can then be offered paid jobs and, once they accept one, see that customer's name, phone and address.`}
              confirmLabel="Verify"
            >
              Verify
            </ConfirmButton>
          )}
          <Button size="sm" variant="outline" onClick={onInvite} pending={invite.isPending} disabled={repairer.hasAccount || !repairer.email || repairer.unsubscribed} aria-label={`Invite ${repairer.businessName} to create an account`}>
            Invite
          </Button>
          <Button size="sm" variant="outline" onClick={onIntro} pending={intro.isPending} disabled={!canIntroduce} aria-label={`Send an introduction to ${repairer.businessName}`}>
            Introduce
          </Button>
          <Link to={`/admin/repairers/${repairer.id}/availability`} className={buttonClasses('outline', 'sm')} aria-label={`Availability of ${repairer.businessName}`}>
            Availability
          </Link>
        </div>
      </td>
    </tr>
    {checklistOpen ? (
      <tr id={checklistId}>
        <td colSpan={6} className="pb-3">
          <VettingChecklist repairerId={repairer.id} />
        </td>
      </tr>
    ) : null}
    </>
  );
}
