import { useMemo, useState, type FormEvent } from 'react';
import { focusById } from '../../lib/focus';
import { TextField } from '../../components/form';
import { Button } from '../../components/ui/button';
import { ConfirmButton } from '../../components/ui/confirm-button';
import { toast } from '../../components/ui/use-toast';
import { isApiError } from '../../lib/api';
import { adminQuoteMessages, type AdminQuoteCard } from '../../../shared/api/admin';
import { QUOTE_VALIDITY_DAYS } from '../../../shared/business-days';
import { londonDateOf } from '../../../shared/london-time';
import { decimalStringToPence, formatPence } from '../../../shared/money';
import { adjustmentLabels, MAX_WARRANTY_MONTHS } from '../../../shared/quote-adjustment';
import { site } from '../../../shared/site';
import { useApproveQuote } from './api/approve-quote';
import { useResetToPriceList } from './api/reset-to-price-list';
import { useUpdateFullQuote } from './api/update-full-quote';
import { useSaveRevisionDraft, useSendRevision } from './api/revision-draft';
import { formatWhen } from '../../lib/format';
import {
  adjustmentBody,
  adjustmentContext,
  adjustmentIssues,
  initialAdjustmentState,
  previewOf,
  shownDerived,
  type AdjustmentIssues,
  type AdjustmentState,
  type DerivedField,
  type TermsField,
  type TypedField,
} from './adjustment-state';
import { LiveBreakdown } from './live-breakdown';
import { LineItemsEditor } from './line-items-editor';
import { MoneyField } from './money-field';

/** The server's field messages from a 400 (fieldErrors), or its sentence on the field it names. */
function serverIssues(error: unknown): { issues: AdjustmentIssues; message: string | undefined } {
  if (!isApiError(error)) return { issues: {}, message: undefined };
  const issues: AdjustmentIssues = {};
  for (const [path, message] of Object.entries(error.fieldErrors)) {
    issues[path.split('.')[0] as keyof AdjustmentIssues] ??= message;
  }
  if (error.userMessage?.startsWith('VAT must be')) issues.vatAmount ??= error.userMessage;
  return { issues, message: error.userMessage };
}

/** The quote card's heading (quote-card.tsx): where the keyboard goes after a save rebuilds this form. */
export const cardHeadingId = (quoteId: number) => `quote-${quoteId}-heading`;

/** SPEC's adjustment fields with the breakdown recomputed as the admin types; Save, Reset and Approve. */
export function AdjustmentForm({ card }: { card: AdminQuoteCard }) {
  const { quote } = card;
  const idPrefix = `quote-${quote.id}`;
  // Issue 37 item 7: an approved quote's changes are saved as a draft (the customer is not told)
  // and sent with "Send revised quote"; the form opens on the draft when there is one.
  const approved = quote.status === 'approved';
  const startFrom = (next: AdminQuoteCard) => next.revisionDraft?.quote ?? next.quote;
  const [state, setState] = useState<AdjustmentState>(() => initialAdjustmentState(startFrom(card)));
  const [baseline, setBaseline] = useState(() => JSON.stringify(adjustmentBody(initialAdjustmentState(startFrom(card)), null)));
  const [fromServer, setFromServer] = useState<AdjustmentIssues>({});
  const [approveProblem, setApproveProblem] = useState<string | null>(null);
  const save = useUpdateFullQuote(quote.id);
  const reset = useResetToPriceList(quote.id);
  const approve = useApproveQuote(quote.id);
  const saveDraft = useSaveRevisionDraft(quote.id);
  const sendRevision = useSendRevision(quote.id);
  const draft = card.revisionDraft;

  const context = useMemo(() => adjustmentContext(londonDateOf(new Date())), [quote]);
  const preview = previewOf(state, context);
  const shown = shownDerived(state, preview);
  const body = adjustmentBody(state, preview);
  const issues = { ...adjustmentIssues(body, context), ...fromServer };
  const dirty = JSON.stringify(body) !== baseline;
  const busy = save.isPending || reset.isPending || approve.isPending || saveDraft.isPending || sendRevision.isPending;

  const restart = (next: AdminQuoteCard) => {
    const fresh = initialAdjustmentState(startFrom(next));
    setState(fresh);
    setBaseline(JSON.stringify(adjustmentBody(fresh, null)));
    setFromServer({});
  };

  const setTyped = (field: TypedField, value: string) => {
    setFromServer({});
    setState((current) => ({ ...current, typed: { ...current.typed, [field]: value } }));
  };
  const setDerived = (field: DerivedField, value: string) => {
    setFromServer({});
    setState((current) => ({
      ...current,
      derived: { ...shownDerived(current, previewOf(current, context)), [field]: value },
      follows: { ...current.follows, [field]: false },
    }));
  };
  const setTerm = (field: TermsField, value: string) => {
    setFromServer({});
    setState((current) => ({ ...current, terms: { ...current.terms, [field]: value } }));
  };
  const followDefault = (field: DerivedField) => setState((current) => ({ ...current, follows: { ...current.follows, [field]: true } }));

  const onSave = (event: FormEvent) => {
    event.preventDefault();
    setApproveProblem(null);
    const atFault = Object.keys(adjustmentIssues(body, context));
    if (atFault.length > 0) {
      // Said, and the first field at fault focused: Save must never do nothing without a word.
      setApproveProblem(atFault.length === 1 ? 'Please correct the field marked below before saving.' : `Please correct the ${atFault.length} fields marked below before saving.`);
      focusFirst(atFault);
      return;
    }
    if (approved) {
      saveDraft.mutate(body, {
        onSuccess: (next) => {
          restart(next);
          focusById(cardHeadingId(quote.id));
          const draftTotal = formatPence(decimalStringToPence(next.revisionDraft?.quote.totalCost ?? next.quote.totalCost) ?? 0);
          toast({ title: adminQuoteMessages.draftSaved, description: `${quote.reference}: ${draftTotal}, not sent. The customer still sees their quote as it was.`, variant: 'success' });
        },
        onError: (error) => {
          const server = serverIssues(error);
          setFromServer(server.issues);
          toast({ title: 'Error', description: `Failed to save the draft${server.message ? `: ${server.message}` : ''}`, variant: 'destructive' });
        },
      });
      return;
    }
    save.mutate(body, {
      onSuccess: (next) => {
        restart(next);
        // Save is disabled now (nothing left to save), and a new total rebuilds this form (its key):
        // focus goes to the card's heading, which stays, not the page's top.
        focusById(cardHeadingId(quote.id));
        toast({ title: adminQuoteMessages.updated, description: `${quote.reference}: total ${formatPence(decimalStringToPence(next.quote.totalCost) ?? 0)}`, variant: 'success' });
      },
      onError: (error) => {
        const server = serverIssues(error);
        setFromServer(server.issues);
        toast({ title: 'Error', description: `Failed to update quote details${server.message ? `: ${server.message}` : ''}`, variant: 'destructive' });
      },
    });
  };

  const onReset = () =>
    reset.mutate(undefined, {
      onSuccess: (next) => {
        restart(next);
        toast({ title: adminQuoteMessages.updated, description: `${quote.reference} is back to the price list.`, variant: 'success' });
        // The form starts again from the new figures: focus goes to the card's heading, as after Save.
        focusById(cardHeadingId(quote.id));
      },
      onError: (error) =>
        toast({ title: 'Error', description: `Failed to update quote details${isApiError(error) && error.userMessage ? `: ${error.userMessage}` : ''}`, variant: 'destructive' }),
    });

  const total = formatPence(decimalStringToPence(quote.totalCost) ?? 0);
  const draftTotal = draft ? formatPence(decimalStringToPence(draft.quote.totalCost) ?? 0) : null;
  const onSend = () => {
    setApproveProblem(null);
    sendRevision.mutate(undefined, {
      onSuccess: (next) => {
        restart(next);
        toast({ title: adminQuoteMessages.revisionSent, description: `${quote.reference}: the customer has been e-mailed the revised quote.`, variant: 'success' });
        // Answered, the quote may leave the needs-attention list: the list's heading stays.
        focusById(next.modificationRequests.length > 0 ? cardHeadingId(quote.id) : 'pending-quotes');
      },
      onError: (error) => {
        const message = isApiError(error) && error.userMessage ? error.userMessage : 'The revised quote could not be sent. Please try again.';
        setApproveProblem(message);
        toast({ title: 'Sending Failed', description: message, variant: 'destructive' });
      },
    });
  };
  const onApprove = () => {
    setApproveProblem(null);
    approve.mutate(quote.totalCost, {
      onSuccess: () => {
        toast({ title: adminQuoteMessages.approved, description: `${quote.reference}: the customer has been e-mailed their quote.`, variant: 'success' });
        // An approved quote leaves the pending list, and its card with it: focus goes to the list's heading.
        if (quote.status === 'pending') focusById('pending-quotes');
        else focusById(cardHeadingId(quote.id));
      },
      onError: (error) => {
        const message = isApiError(error) && error.userMessage ? error.userMessage : 'The quote could not be approved. Please try again.';
        setApproveProblem(message);
        toast({ title: 'Approval Failed', description: message, variant: 'destructive' });
      },
    });
  };

  const correctVat = preview ? formatPence(preview.vatPence) : null;
  const money = (field: TypedField | DerivedField) => `${idPrefix}-${field}`;
  /** The field (or the line items' first box) each issue is shown beside, in the form's order. */
  const focusFirst = (fields: string[]) => {
    const order = ['laborCost', 'partsCost', 'autoReviveFee', 'repairerPayment', 'vatAmount', 'estimatedDays', 'validUntil', 'warrantyMonths', 'workDescription'];
    const first = order.find((field) => fields.includes(field)) ?? fields[0];
    const target = first === 'workDescription' ? document.querySelector<HTMLElement>(`[id^="${idPrefix}-item-"]`) : document.getElementById(`${idPrefix}-${first}`);
    target?.focus();
  };

  return (
    <form onSubmit={onSave} noValidate aria-label={`Adjust quote ${quote.reference}`} className="mt-4">
      <div className="grid gap-6 lg:grid-cols-2">
        <div>
          <h4 className="font-semibold text-navy-900">Adjust the quote</h4>
          <div className="mt-2 grid grid-cols-1 gap-3 sm:grid-cols-2">
            {(['laborCost', 'partsCost'] as const).map((field) => (
              <MoneyField key={field} id={money(field)} label={`${adjustmentLabels[field]} (£)`} value={state.typed[field]} onChange={(value) => setTyped(field, value)} error={issues[field]} />
            ))}
            <MoneyField
              id={money('autoReviveFee')}
              label={`${adjustmentLabels.autoReviveFee} (£)`}
              value={shown.autoReviveFee}
              onChange={(value) => setDerived('autoReviveFee', value)}
              error={issues.autoReviveFee}
              hint={state.follows.autoReviveFee ? '20% of labour and parts' : <FollowButton onClick={() => followDefault('autoReviveFee')}>Use 20%</FollowButton>}
            />
            <MoneyField
              id={money('repairerPayment')}
              label={`${adjustmentLabels.repairerPayment} (£)`}
              value={shown.repairerPayment}
              onChange={(value) => setDerived('repairerPayment', value)}
              error={issues.repairerPayment}
              hint={state.follows.repairerPayment ? '80% of labour and parts' : <FollowButton onClick={() => followDefault('repairerPayment')}>Use 80%</FollowButton>}
            />
            <MoneyField
              id={money('vatAmount')}
              label={`${adjustmentLabels.vatAmount} (£)`}
              value={shown.vatAmount}
              onChange={(value) => setDerived('vatAmount', value)}
              error={issues.vatAmount}
              hint={
                state.follows.vatAmount ? '20% of labour, parts and fee' : correctVat ? <FollowButton onClick={() => followDefault('vatAmount')}>{`Use ${correctVat}`}</FollowButton> : undefined
              }
            />
            <MoneyField id={money('estimatedDays')} label="Estimated days" kind="days" value={state.typed.estimatedDays} onChange={(value) => setTyped('estimatedDays', value)} error={issues.estimatedDays} />
            <TextField
              id={`${idPrefix}-validUntil`}
              label="Valid until"
              type="date"
              min={context.today}
              value={state.terms.validUntil}
              onChange={(event) => setTerm('validUntil', event.target.value)}
              error={issues.validUntil}
              hint={
                quote.status === 'pending'
                  ? `Today or later. Approval makes a quote valid for at least ${QUOTE_VALIDITY_DAYS} days from that day.`
                  : 'Today or later.'
              }
            />
            <TextField
              id={`${idPrefix}-warrantyMonths`}
              label="Warranty (months)"
              type="number"
              inputMode="numeric"
              step="1"
              min={String(site.warrantyMonths)}
              max={String(MAX_WARRANTY_MONTHS)}
              value={state.terms.warrantyMonths}
              onChange={(event) => setTerm('warrantyMonths', event.target.value)}
              error={issues.warrantyMonths}
              hint={`Whole months, at least the ${site.warrantyMonths} we promise on every repair.`}
            />
          </div>
          <LineItemsEditor idPrefix={idPrefix} lines={state.lines} onChange={(lines) => { setFromServer({}); setState((current) => ({ ...current, lines })); }} error={issues.workDescription} />
        </div>
        <LiveBreakdown preview={preview} lines={state.lines} changed={dirty} reference={quote.reference} />
      </div>

      {approveProblem ? (
        <p role="alert" className="mt-4 rounded-md border border-red-700 bg-red-50 p-3 font-semibold text-red-900">
          {approveProblem}
        </p>
      ) : null}

      {approved && draft ? (
        <p className="mt-4 text-sm text-slate-800">
          Draft saved {formatWhen(draft.savedAt)} at {draftTotal}, not sent: the customer still sees {total}.
        </p>
      ) : null}

      <div className="mt-4 flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={busy || !dirty}>
          {save.isPending || saveDraft.isPending ? 'Saving…' : approved ? 'Save as draft' : 'Save changes'}
        </Button>
        {approved ? (
          <ConfirmButton
            variant="secondary"
            disabled={busy || dirty || !draft}
            onConfirm={onSend}
            aria-describedby={dirty || !draft ? `${idPrefix}-approve-hint` : undefined}
            title={`Send the revised quote for ${quote.reference}?`}
            consequence={`The customer is e-mailed the revised quote at ${draftTotal ?? total}, which replaces the one they have.`}
            confirmLabel="Send revised quote">
            {sendRevision.isPending ? 'Sending…' : 'Send revised quote'}
          </ConfirmButton>
        ) : (
          <ConfirmButton
            variant="secondary"
            disabled={busy || dirty}
            onConfirm={onApprove}
            aria-describedby={dirty ? `${idPrefix}-approve-hint` : undefined}
            title={`Approve ${quote.reference}?`}
            consequence={`The customer is e-mailed their quote at ${total}, which they can then book and pay.`}
            confirmLabel="Approve and e-mail">
            {approve.isPending ? 'Approving…' : `Approve at ${total}`}
          </ConfirmButton>
        )}
        <Button variant="outline" disabled={busy} onClick={onReset}>
          Reset to price list
        </Button>
        {dirty || (approved && !draft) ? (
          <p id={`${idPrefix}-approve-hint`} className="text-sm text-slate-700">
            {!approved ? 'Save your changes before approving.' : dirty ? 'Save your changes as a draft before sending.' : 'Change the quote and save it as a draft to send a revision.'}
          </p>
        ) : null}
      </div>
    </form>
  );
}

function FollowButton({ onClick, children }: { onClick: () => void; children: string }) {
  return (
    <button type="button" onClick={onClick} className="font-semibold text-teal-brand-dark underline underline-offset-2">
      {children}
    </button>
  );
}
