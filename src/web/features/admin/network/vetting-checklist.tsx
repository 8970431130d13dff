import { useState, type FormEvent, type ReactNode } from 'react';
import { TextField, TextAreaField } from '../../../components/form';
import { Button } from '../../../components/ui/button';
import { RefusalAlert } from '../../../components/ui/refusal-alert';
import { Skeleton } from '../../../components/ui/skeleton';
import { toast } from '../../../components/ui/use-toast';
import { isApiError, userMessageOf } from '../../../lib/api';
import { formatWhen } from '../../../lib/format';
import { formatLondonDate } from '../../../../shared/london-time';
import { vettingCheckLabels, type VettingCheck } from '../../../../shared/technician-rules';
import type { VettingCheckBody } from '../../../../shared/api/technician-applications';
import { useRecordCheck, useTakeDownPhoto, useVetting } from './vetting-api';
import { ConfirmButton } from '../../../components/ui/confirm-button';

// Issue 35 item 5 (D6): the team's vetting checklist for one repairer, opened from their row on the
// Network tab: insurance seen and in date, identity checked, skills assessed, each recorded with
// who and when (and in the audit log). Only with all three may the repairer be verified and invited.

function Recorded({ record }: { record: { at: string; by: string; note: string | null } | null }) {
  if (!record) return <p className="text-sm font-semibold text-amber-900">Not recorded yet</p>;
  return (
    <p className="text-sm text-slate-800">
      <span className="font-semibold text-teal-900">Recorded</span> {formatWhen(record.at)} by {record.by}
      {record.note ? <span className="block">Note: {record.note}</span> : null}
    </p>
  );
}

function CheckCard({ check, record, children }: { check: VettingCheck; record: { at: string; by: string; note: string | null } | null; children: ReactNode }) {
  return (
    <li className="rounded-lg border border-slate-300 bg-white p-3">
      <h4 className="font-semibold text-navy-900">
        {record ? '✓ ' : ''}
        {vettingCheckLabels[check]}
      </h4>
      <Recorded record={record} />
      {children}
    </li>
  );
}

/** One check's form: its fields, its button, and the server's field messages or refusal. */
function CheckForm({ id, check, fields, body, label }: { id: number; check: VettingCheck; fields: (errors: Record<string, string>) => ReactNode; body: () => VettingCheckBody; label: string }) {
  const record = useRecordCheck(id);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setRefusal(null);
    record.mutate(body(), {
      onSuccess: (view) => {
        setErrors({});
        toast({ title: `${vettingCheckLabels[check]}: recorded`, description: view.complete ? `Every check is recorded: ${view.businessName} can be verified and invited.` : `${view.businessName}'s checklist is saved.`, variant: 'success' });
      },
      onError: (error) => {
        if (isApiError(error) && Object.keys(error.fieldErrors).length > 0) setErrors(error.fieldErrors);
        else setRefusal(userMessageOf(error));
      },
    });
  };
  return (
    <form onSubmit={submit} noValidate className="mt-2 grid gap-3" aria-label={label}>
      {fields(errors)}
      <RefusalAlert message={refusal} />
      <div>
        <Button type="submit" size="sm" variant="outline" pending={record.isPending}>
          {label}
        </Button>
      </div>
    </form>
  );
}

/** Issue 37: the technician's photo as customers see it, and the team's way to take an unsuitable one down, for a stated reason. */
function TechnicianPhoto({ repairerId, photo, businessName }: { repairerId: number; photo: { url: string; width: number; height: number } | null; businessName: string }) {
  const takeDown = useTakeDownPhoto(repairerId);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>(undefined);
  const id = `vetting-${repairerId}-photo-reason`;
  if (!photo) return <p className="mt-3 text-sm text-slate-700">No photo uploaded.</p>;
  const run = () =>
    takeDown.mutate(
      { reason: reason.trim() },
      {
        onSuccess: () => {
          setReason('');
          setError(undefined);
          toast({ title: 'Photo taken down', description: `${businessName}'s photo is no longer shown to customers.`, variant: 'success' });
        },
        onError: (failure) => setError(isApiError(failure) && failure.fieldErrors.reason ? failure.fieldErrors.reason : userMessageOf(failure)),
      },
    );
  return (
    <div className="mt-3 flex flex-wrap items-end gap-3">
      <img src={photo.url} width={photo.width} height={photo.height} alt={`The photo ${businessName} shows customers`} className="h-24 w-auto rounded-md object-cover" loading="lazy" />
      <div className="grid gap-2">
        <TextField id={id} label="Why take the photo down?" hint="For example: not a photo of the technician. The audit log keeps it." value={reason} onChange={(event) => setReason(event.target.value)} error={error} />
        <div>
          <ConfirmButton
            size="sm"
            variant="outline"
            disabled={reason.trim().length < 3}
            pending={takeDown.isPending}
            title="Take down this photo?"
            consequence="It is deleted at once and customers no longer see it; the technician can upload another."
            confirmLabel="Take down photo"
            onConfirm={run}
          >
            Take down photo
          </ConfirmButton>
        </div>
      </div>
    </div>
  );
}

export function VettingChecklist({ repairerId }: { repairerId: number }) {
  const vetting = useVetting(repairerId);
  const [insurer, setInsurer] = useState<string | null>(null);
  const [policy, setPolicy] = useState<string | null>(null);
  const [ends, setEnds] = useState<string | null>(null);
  const [identityNote, setIdentityNote] = useState('');
  const [skillsNote, setSkillsNote] = useState('');
  if (vetting.isPending)
    return (
      <div role="status">
        <span className="sr-only">Loading the vetting checklist…</span>
        <Skeleton className="h-24 w-full" />
      </div>
    );
  if (vetting.isError) return <p role="alert">We could not load the vetting checklist. Please try again.</p>;
  const view = vetting.data;
  const prefix = `vetting-${repairerId}`;
  const given = view.insurance;
  return (
    <section aria-labelledby={`${prefix}-heading`} className="rounded-xl border border-slate-300 bg-slate-50 p-3">
      <h3 id={`${prefix}-heading`} className="font-bold text-navy-900">
        Vetting checklist: {view.businessName}
      </h3>
      <p className="text-sm text-slate-700">
        {view.appliedAt ? `Applied ${formatWhen(view.appliedAt)}` : 'Added by the team or imported'}
        {view.yearsExperience !== null ? `, ${view.yearsExperience} years of experience` : ''}
        {view.website ? (
          <>
            , <span className="break-all">{view.website}</span>
          </>
        ) : null}
        .{' '}
        {view.complete ? 'Every check is recorded: they can be verified and invited.' : 'Record every check before verifying or inviting them.'}
      </p>
      <TechnicianPhoto repairerId={repairerId} photo={view.photo} businessName={view.businessName} />
      <ul className="mt-3 grid gap-3 lg:grid-cols-3">
        <CheckCard check="insurance" record={view.checks.insurance}>
          <p className="text-sm text-slate-700">
            {given.insurer ? `Given: ${given.insurer}, policy ${given.policyNumber ?? '—'}, ends ${given.expiryDate ? formatLondonDate(given.expiryDate) : '—'}.` : 'No policy given yet.'}
          </p>
          <CheckForm
            id={repairerId}
            check="insurance"
            label="Record insurance seen"
            body={() => ({ check: 'insurance', insurer: (insurer ?? given.insurer ?? '').trim(), policyNumber: (policy ?? given.policyNumber ?? '').trim(), expiryDate: ends ?? given.expiryDate ?? '' })}
            fields={(errors) => (
              <>
                <TextField id={`${prefix}-insurer`} label="Insurer" value={insurer ?? given.insurer ?? ''} onChange={(e) => setInsurer(e.target.value)} error={errors.insurer} />
                <TextField id={`${prefix}-policy`} label="Policy number" value={policy ?? given.policyNumber ?? ''} onChange={(e) => setPolicy(e.target.value)} error={errors.policyNumber} />
                <TextField id={`${prefix}-ends`} label="Policy end date" type="date" value={ends ?? given.expiryDate ?? ''} onChange={(e) => setEnds(e.target.value)} error={errors.expiryDate} />
              </>
            )}
          />
        </CheckCard>
        <CheckCard check="identity" record={view.checks.identity}>
          <CheckForm
            id={repairerId}
            check="identity"
            label="Record identity checked"
            body={() => ({ check: 'identity', ...(identityNote.trim() ? { note: identityNote.trim() } : {}) })}
            fields={(errors) => <TextField id={`${prefix}-identity-note`} label="Note (optional)" hint="What you saw, e.g. a driving licence." value={identityNote} onChange={(e) => setIdentityNote(e.target.value)} error={errors.note} />}
          />
        </CheckCard>
        <CheckCard check="skills" record={view.checks.skills}>
          <CheckForm
            id={repairerId}
            check="skills"
            label="Record skills assessed"
            body={() => ({ check: 'skills', note: skillsNote })}
            fields={(errors) => <TextAreaField id={`${prefix}-skills-note`} label="How their skills were assessed" className="[&_textarea]:min-h-20" value={skillsNote} onChange={(e) => setSkillsNote(e.target.value)} error={errors.note} />}
          />
        </CheckCard>
      </ul>
    </section>
  );
}
