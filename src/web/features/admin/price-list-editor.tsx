import { useEffect, useState, type FormEvent } from 'react';
import { ErrorSummary, focusErrorSummary, TextField } from '../../components/form';
import { Button } from '../../components/ui/button';
import { Skeleton } from '../../components/ui/skeleton';
import { toast } from '../../components/ui/use-toast';
import { isApiError } from '../../lib/api';
import { allDamageTypeLabels, allDamageTypes, type AnyDamageType } from '../../../shared/damage';
import { formatPence } from '../../../shared/money';
import { locationBands, type LocationBand, type PriceList } from '../../../shared/price-list';
import { priceQuote } from '../../../shared/pricing';
import { isVatRegistered, noVatSentence, vatRatePercentFor } from '../../../shared/vat';
import { company } from '../../lib/company';
import { priceListMessages } from '../../../shared/api/admin';
import { usePriceList, useSavePriceList } from './api/price-list';
import { AdminSubpage } from './admin-subpage';
import {
  bandLabel,
  countLabel,
  draftKey,
  draftsFromList,
  entryFromDraft,
  fieldId,
  listFromDrafts,
  priceListFieldLabels,
  problemsFromFieldErrors,
  summaryMessage,
  type EntryDraft,
  type PriceListField,
  type PriceListProblem,
} from './price-list-state';

const moneyFields = ['labor', 'parts', 'materials'] as const;
const wordingFields = ['labourWording', 'partsWording', 'materialsWording'] as const;

/** The admin's price list (D12): every damage type × number of damaged locations, saved as a whole. */
export function PriceListScreen() {
  const priceList = usePriceList();
  return (
    <AdminSubpage
      title="Price list"
      intro={
        <>
          Every new enquiry gets its draft quote from this list. Each row prices one damaged location (one wheel for Alloy Wheel
          Repair) at the rate for the number of locations in the job, so a job costs these figures times its number of locations.
          Amounts are before our 20% service fee{isVatRegistered(company()) ? ' and VAT' : ` (${noVatSentence})`}. Saving changes the drafts of new enquiries only; use “Reset to price
          list” on a quote card to redraft an existing quote.
        </>
      }
    >
      {priceList.isError ? (
        <p role="alert" className="mt-6 rounded-md border border-red-700 bg-red-50 p-3 text-red-900">
          We could not load the price list. Please refresh the page.
        </p>
      ) : priceList.data ? (
        <PriceListForm list={priceList.data} />
      ) : (
        <div role="status" className="mt-6 grid gap-3">
          <span className="sr-only">Loading the price list…</span>
          <Skeleton className="h-64 w-full" />
          <Skeleton className="h-64 w-full" />
        </div>
      )}
    </AdminSubpage>
  );
}

function PriceListForm({ list }: { list: PriceList }) {
  const [drafts, setDrafts] = useState<EntryDraft[]>(() => draftsFromList(list));
  const [baseline, setBaseline] = useState(() => JSON.stringify(draftsFromList(list)));
  const [submitted, setSubmitted] = useState(false);
  const [fromServer, setFromServer] = useState<PriceListProblem[]>([]);
  const [serverMessage, setServerMessage] = useState<string | null>(null);
  const save = useSavePriceList();

  const checked = listFromDrafts(drafts);
  const problems = [...(submitted ? checked.problems : []), ...fromServer];
  const errorFor = (id: string) => problems.find((problem) => problem.fieldId === id)?.message;
  const dirty = JSON.stringify(drafts) !== baseline;

  // A failed save moves focus to the summary, so the admin hears what to fix and can jump to it.
  const [focusSummary, setFocusSummary] = useState(0);
  useEffect(() => {
    if (focusSummary > 0) focusErrorSummary('price-list-errors');
  }, [focusSummary]);

  const change = (damageType: AnyDamageType, band: LocationBand, field: PriceListField, value: string) => {
    setFromServer([]);
    setServerMessage(null);
    setDrafts((current) =>
      current.map((draft) => (draft.damageType === damageType && draft.locationBand === band ? { ...draft, [field]: value } : draft)),
    );
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (!checked.list) {
      setFocusSummary((count) => count + 1);
      return;
    }
    const sent = checked.list;
    save.mutate(sent, {
      onSuccess: (saved) => {
        const fresh = draftsFromList(saved);
        setDrafts(fresh);
        setBaseline(JSON.stringify(fresh));
        setSubmitted(false);
        toast({ title: priceListMessages.saved, description: priceListMessages.savedDescription, variant: 'success' });
      },
      onError: (error) => {
        const message = isApiError(error) && error.userMessage ? error.userMessage : 'The price list could not be saved. Please try again.';
        setFromServer(problemsFromFieldErrors(sent, isApiError(error) ? error.fieldErrors : {}));
        setServerMessage(message);
        setFocusSummary((count) => count + 1);
        toast({ title: 'Error', description: `The price list was not saved: ${message}`, variant: 'destructive' });
      },
    });
  };

  const summary = problems.map((problem) => ({ ...problem, message: summaryMessage(problem, drafts) }));

  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby="price-list-form-title" className="mt-6 grid gap-6">
      <h2 id="price-list-form-title" className="text-xl font-bold text-navy-900">
        Prices for each damaged location
      </h2>
      <div id="price-list-errors" tabIndex={-1} className="grid gap-3 outline-none">
        <ErrorSummary
          problems={summary}
          subject="the price list"
          titleId="price-list-errors-title"
          onSelect={(problem) => document.getElementById(problem.fieldId)?.focus()}
        />
        {serverMessage && fromServer.length === 0 ? (
          <p role="alert" className="rounded-md border-2 border-red-700 bg-red-50 p-4 font-semibold text-red-900">
            {serverMessage}
          </p>
        ) : null}
      </div>

      {allDamageTypes.map((damageType) => (
        <fieldset key={damageType} className="rounded-lg border border-slate-300 bg-white p-3 sm:p-5">
          <legend className="px-1 text-xl font-bold text-navy-900">{allDamageTypeLabels[damageType]}</legend>
          <div className="grid gap-4 lg:grid-cols-3">
            {locationBands.map((band) => {
              const draft = drafts.find((candidate) => candidate.damageType === damageType && candidate.locationBand === band)!;
              return <BandFields key={draftKey(damageType, band)} draft={draft} errorFor={errorFor} onChange={(field, value) => change(damageType, band, field, value)} />;
            })}
          </div>
        </fieldset>
      ))}

      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" pending={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save price list'}
        </Button>
        <p className="text-sm text-slate-700" aria-live="polite">
          {dirty ? 'You have unsaved changes.' : 'No unsaved changes.'}
        </p>
      </div>
    </form>
  );
}

function BandFields({
  draft,
  errorFor,
  onChange,
}: {
  draft: EntryDraft;
  errorFor: (id: string) => string | undefined;
  onChange: (field: PriceListField, value: string) => void;
}) {
  const { damageType, locationBand: band } = draft;
  const id = (field: PriceListField) => fieldId(damageType, band, field);
  const entry = entryFromDraft(draft).entry;
  const example = entry
    ? priceQuote({ laborPence: entry.laborPence * band, partsPence: entry.partsPence * band, materialsPence: entry.materialsPence * band, vatRatePercent: vatRatePercentFor(company()) }).totalPence
    : null;
  return (
    <fieldset className="rounded-md border border-slate-200 p-3">
      <legend className="px-1 font-semibold text-navy-900">{bandLabel(damageType, band)}</legend>
      <div className="grid grid-cols-2 gap-3">
        {moneyFields.map((field) => (
          <TextField
            key={field}
            id={id(field)}
            label={priceListFieldLabels[field]}
            inputMode="decimal"
            autoComplete="off"
            value={draft[field]}
            error={errorFor(id(field))}
            onChange={(event) => onChange(field, event.target.value)}
          />
        ))}
        <TextField
          id={id('hours')}
          label={priceListFieldLabels.hours}
          inputMode="decimal"
          autoComplete="off"
          hint="Quarter hours"
          value={draft.hours}
          error={errorFor(id('hours'))}
          onChange={(event) => onChange('hours', event.target.value)}
        />
      </div>
      <div className="mt-3 grid gap-3">
        {wordingFields.map((field) => (
          <TextField
            key={field}
            id={id(field)}
            label={priceListFieldLabels[field]}
            autoComplete="off"
            value={draft[field]}
            error={errorFor(id(field))}
            onChange={(event) => onChange(field, event.target.value)}
          />
        ))}
      </div>
      <p className="mt-3 text-sm text-slate-700">
        {example !== null
          ? `For ${countLabel(damageType, band)} the customer pays ${formatPence(example)} with fee${isVatRegistered(company()) ? ' and VAT' : ' (no VAT)'}.`
          : 'Fix the figures to see what the customer pays.'}
      </p>
    </fieldset>
  );
}
