import { useId } from 'react';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/use-toast';
import { userMessageOf } from '../../../lib/api';
import { focusById } from '../../../lib/focus';
import { dispatchMessages } from '../../../../shared/api/dispatch';
import { specialisationLabels, type Specialisation } from '../../../../shared/damage';
import { useNearbyRepairers, useSendToRepairer } from './dispatch-api';

interface Props {
  quoteId: number;
  reference: string;
  address: { address: string; city: string; postcode: string };
  /** Sending needs a paid booking; before that the list shows who could take the job. */
  canSend: boolean;
  /** Repairers holding an open offer of this job: sending again would be refused, so they get no Send. */
  offeredTo?: ReadonlySet<number>;
}

/** SPEC's "find nearby repairers": verified repairers within 30 miles who cover the damage, nearest first, each with Send. */
export function NearbyRepairers({ quoteId, reference, address, canSend, offeredTo = new Set() }: Props) {
  const headingId = useId();
  const nearby = useNearbyRepairers(quoteId);
  const send = useSendToRepairer(quoteId);
  const onSend = (repairerId: number, name: string) =>
    send.mutate(repairerId, {
      onSuccess: () => {
        toast({ title: 'Success', description: `The job was sent to ${name}.`, variant: 'success' });
        // Its Send becomes "Offer open": the keyboard goes to the list's heading, not the page's top.
        focusById(headingId);
      },
      onError: (error) => toast({ title: 'Error', description: `Failed to send quote to repairer: ${userMessageOf(error)}`, variant: 'destructive' }),
    });
  return (
    <div role="group" aria-labelledby={headingId} className="mt-3">
      <div className="flex flex-wrap items-center gap-2">
        <h4 id={headingId} tabIndex={-1} className="font-semibold text-navy-900 focus:outline-none">
          Nearby repairers
        </h4>
        <Button variant="outline" size="sm" onClick={() => nearby.mutate(address)} pending={nearby.isPending}>
          {nearby.isPending ? 'Searching…' : nearby.data ? 'Search again' : 'Find nearby repairers'}
        </Button>
      </div>
      <div aria-live="polite">
        {nearby.isError ? (
          <p role="alert" className="mt-2 text-red-800">
            {userMessageOf(nearby.error)}
          </p>
        ) : null}
        {nearby.data ? (
          nearby.data.length === 0 ? (
            <p className="mt-2 text-slate-800">{dispatchMessages.noneNearby}</p>
          ) : (
            <ul className="mt-2 grid gap-2" aria-label={`Repairers near ${reference}`}>
              {nearby.data.map((repairer) => (
                <li key={repairer.id} className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-slate-200 bg-white p-2">
                  <span>
                    <span className="font-semibold text-navy-900">{repairer.businessName}</span>{' '}
                    <span className="text-sm text-slate-800">
                      {repairer.distance.toFixed(1)} miles · {repairer.city}
                      {repairer.rating !== null ? ` · ${repairer.rating.toFixed(1)} out of 5` : ''} ·{' '}
                      {repairer.specializations.map((s: Specialisation) => specialisationLabels[s]).join(', ')}
                    </span>
                  </span>
                  {canSend && offeredTo.has(repairer.id) ? (
                    <span className="rounded-full bg-amber-100 px-2 py-0.5 text-sm font-semibold text-amber-900">Offer open</span>
                  ) : canSend ? (
                    <Button size="sm" variant="secondary" onClick={() => onSend(repairer.id, repairer.businessName)} pending={send.isPending} aria-label={`Send the job to ${repairer.businessName}`}>
                      Send
                    </Button>
                  ) : null}
                </li>
              ))}
            </ul>
          )
        ) : null}
      </div>
    </div>
  );
}
