import { allDamageTypeLabels, allDamageTypes, ALLOY_WHEEL, type AnyDamageType } from '../../../shared/damage';
import { decimalStringToPence, penceToDecimalString } from '../../../shared/money';
import { locationBands, PriceListEntrySchema, type LocationBand, type PriceList, type PriceListEntry } from '../../../shared/price-list';
import { poundsProblem } from '../../../shared/quote-adjustment';

// The price-list screen as plain data: one draft per damage type and band, amounts in pounds
// as the admin types them. Before anything is sent, every draft is turned into the entry the
// server stores and judged by the same PriceListEntrySchema that PUT /api/admin/price-list
// parses, so a bad figure gets the server's words on its field and nothing is sent.

export type PriceListField = 'labor' | 'parts' | 'materials' | 'hours' | 'labourWording' | 'partsWording' | 'materialsWording';

export type EntryDraft = { damageType: AnyDamageType; locationBand: LocationBand } & Record<PriceListField, string>;

export const priceListFieldLabels: Record<PriceListField, string> = {
  labor: 'Labour (£)',
  parts: 'Parts (£)',
  materials: 'Materials (£)',
  hours: 'Hours',
  labourWording: 'Labour line wording',
  partsWording: 'Parts line wording',
  materialsWording: 'Materials line wording',
};

/** The entry's schema field for each form field: the server's fieldErrors name these. */
const entryKeyOf: Record<PriceListField, keyof PriceListEntry> = {
  labor: 'laborPence',
  parts: 'partsPence',
  materials: 'materialsPence',
  hours: 'hours',
  labourWording: 'labourWording',
  partsWording: 'partsWording',
  materialsWording: 'materialsWording',
};
const fieldOfEntryKey = Object.fromEntries(Object.entries(entryKeyOf).map(([field, key]) => [key, field])) as Partial<Record<string, PriceListField>>;

const moneyLabels = { labor: 'Labour', parts: 'Parts', materials: 'Materials' } as const;

/** '1 location', '3 locations'; wheels for Alloy Wheel Repair. */
export function countLabel(damageType: AnyDamageType, count: number): string {
  const [one, many] = damageType === ALLOY_WHEEL ? ['wheel', 'wheels'] : ['location', 'locations'];
  return `${count} ${count === 1 ? one : many}`;
}

/** '1 location', '2 locations', '3 or more locations' (wheels for Alloy Wheel Repair). */
export function bandLabel(damageType: AnyDamageType, band: LocationBand): string {
  return band === 3 ? `3 or more ${countLabel(damageType, 3).slice(2)}` : countLabel(damageType, band);
}

export const draftKey = (damageType: AnyDamageType, band: LocationBand) => `${damageType}-${band}`;
export const fieldId = (damageType: AnyDamageType, band: LocationBand, field: PriceListField) => `price-${draftKey(damageType, band)}-${field}`;

function draftOf(entry: PriceListEntry): EntryDraft {
  return {
    damageType: entry.damageType,
    locationBand: entry.locationBand,
    labor: penceToDecimalString(entry.laborPence),
    parts: penceToDecimalString(entry.partsPence),
    materials: penceToDecimalString(entry.materialsPence),
    hours: String(entry.hours),
    labourWording: entry.labourWording,
    partsWording: entry.partsWording,
    materialsWording: entry.materialsWording,
  };
}

/** Every damage type and band in the screen's order; one the list lacks starts blank for the admin to price. */
export function draftsFromList(list: PriceList): EntryDraft[] {
  return allDamageTypes.flatMap((damageType) =>
    locationBands.map((locationBand) => {
      const entry = list.find((candidate) => candidate.damageType === damageType && candidate.locationBand === locationBand);
      return entry
        ? draftOf(entry)
        : { damageType, locationBand, labor: '', parts: '', materials: '', hours: '', labourWording: '', partsWording: '', materialsWording: '' };
    }),
  );
}

export type PriceListProblem = { fieldId: string; key: string; field: PriceListField; message: string };

function hoursValue(text: string): number | string {
  const trimmed = text.trim();
  return /^-?\d+(\.\d+)?$/.test(trimmed) ? Number(trimmed) : trimmed;
}

/** The entry the server would store for a draft, or each field's first problem. */
export function entryFromDraft(draft: EntryDraft): { entry: PriceListEntry; problems: [] } | { entry: null; problems: PriceListProblem[] } {
  const problems: PriceListProblem[] = [];
  const problem = (field: PriceListField, message: string) =>
    problems.push({ fieldId: fieldId(draft.damageType, draft.locationBand, field), key: draftKey(draft.damageType, draft.locationBand), field, message });

  const pence: Partial<Record<keyof typeof moneyLabels, number>> = {};
  for (const field of ['labor', 'parts', 'materials'] as const) {
    const trouble = poundsProblem(draft[field], moneyLabels[field]);
    if (trouble) problem(field, trouble);
    else pence[field] = decimalStringToPence(draft[field]) as number;
  }
  const hours = hoursValue(draft.hours);
  if (typeof hours === 'string') problem('hours', hours === '' ? 'Hours are required' : 'Hours must be a number, such as 2.5');

  const candidate = {
    damageType: draft.damageType,
    locationBand: draft.locationBand,
    laborPence: pence.labor ?? 0,
    partsPence: pence.parts ?? 0,
    materialsPence: pence.materials ?? 0,
    hours: typeof hours === 'number' ? hours : 1,
    labourWording: draft.labourWording,
    partsWording: draft.partsWording,
    materialsWording: draft.materialsWording,
  };
  const parsed = PriceListEntrySchema.safeParse(candidate);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = fieldOfEntryKey[String(issue.path[0])];
      if (field && !problems.some((known) => known.fieldId === fieldId(draft.damageType, draft.locationBand, field))) problem(field, issue.message);
    }
  }
  return problems.length > 0 || !parsed.success ? { entry: null, problems } : { entry: parsed.data, problems: [] };
}

/** The whole list to PUT, or every problem in the screen's order. */
export function listFromDrafts(drafts: readonly EntryDraft[]): { list: PriceList; problems: [] } | { list: null; problems: PriceListProblem[] } {
  const list: PriceListEntry[] = [];
  const problems: PriceListProblem[] = [];
  for (const draft of drafts) {
    const result = entryFromDraft(draft);
    if (result.entry) list.push(result.entry);
    else problems.push(...result.problems);
  }
  return problems.length > 0 ? { list: null, problems } : { list, problems: [] };
}

/**
 * A 400's fieldErrors ('3.laborPence': message, indexed as the list was sent) as problems on
 * the screen's fields; paths it cannot place are left to the response's sentence.
 */
export function problemsFromFieldErrors(sent: PriceList, fieldErrors: Record<string, string>): PriceListProblem[] {
  const problems: PriceListProblem[] = [];
  for (const [path, message] of Object.entries(fieldErrors)) {
    const [index, key] = path.split('.');
    const entry = sent[Number(index)];
    const field = key ? fieldOfEntryKey[key] : undefined;
    if (!entry || !field) continue;
    problems.push({ fieldId: fieldId(entry.damageType, entry.locationBand, field), key: draftKey(entry.damageType, entry.locationBand), field, message });
  }
  return problems;
}

/** 'Scratch Repair, 2 locations: Labour cannot be negative', for the error summary. */
export function summaryMessage(problem: PriceListProblem, drafts: readonly EntryDraft[]): string {
  const draft = drafts.find((candidate) => draftKey(candidate.damageType, candidate.locationBand) === problem.key);
  return draft ? `${allDamageTypeLabels[draft.damageType]}, ${bandLabel(draft.damageType, draft.locationBand)}: ${problem.message}` : problem.message;
}
