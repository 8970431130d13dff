import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { focusById } from '../../lib/focus';
import { MAX_LINE_ITEMS } from '../../../shared/quote-adjustment';
import { newLineKey, type LineDraft } from './adjustment-state';

type LineItemsEditorProps = {
  idPrefix: string;
  lines: LineDraft[];
  onChange: (lines: LineDraft[]) => void;
  error: string | undefined;
};

/** The quote's line items: description and cost in pounds; they must add up to labour, parts and materials. */
export function LineItemsEditor({ idPrefix, lines, onChange, error }: LineItemsEditorProps) {
  const errorId = `${idPrefix}-items-error`;
  const update = (key: number, patch: Partial<LineDraft>) => onChange(lines.map((line) => (line.key === key ? { ...line, ...patch } : line)));
  return (
    <fieldset className="mt-4" aria-describedby={error ? errorId : undefined}>
      <legend className="font-semibold text-navy-900">Line items</legend>
      <ul className="mt-2 grid gap-3">
        {lines.map((line, index) => (
          // On a phone the description has the row to itself; its cost and Remove go under it.
          <li key={line.key} className="grid grid-cols-[1fr_auto] items-end gap-2 sm:grid-cols-[1fr_8rem_auto]">
            <div className="col-span-2 sm:col-span-1">
              <label htmlFor={`${idPrefix}-item-${line.key}`} className="text-sm font-medium text-slate-800">
                Item {index + 1}
              </label>
              <Input id={`${idPrefix}-item-${line.key}`} value={line.item} maxLength={200} onChange={(event) => update(line.key, { item: event.target.value })} />
            </div>
            <div>
              <label htmlFor={`${idPrefix}-item-cost-${line.key}`} className="text-sm font-medium text-slate-800">
                Item {index + 1} cost (£)
              </label>
              <Input
                id={`${idPrefix}-item-cost-${line.key}`}
                type="number"
                inputMode="decimal"
                step="0.01"
                min="0"
                value={line.cost}
                onChange={(event) => update(line.key, { cost: event.target.value })}
              />
            </div>
            <Button
              variant="ghost"
              size="sm"
              className="min-h-11"
              aria-label={`Remove item ${index + 1}`}
              onClick={() => {
                onChange(lines.filter((other) => other.key !== line.key));
                // The button goes with its line: the keyboard goes to the line now in its place, else to Add.
                const next = lines[index + 1] ?? lines[index - 1];
                requestAnimationFrame(() => focusById(next ? `${idPrefix}-item-${next.key}` : `${idPrefix}-add-item`));
              }}
            >
              Remove
            </Button>
          </li>
        ))}
      </ul>
      <Button
        id={`${idPrefix}-add-item`}
        variant="outline"
        size="sm"
        className="mt-3"
        disabled={lines.length >= MAX_LINE_ITEMS}
        onClick={() => onChange([...lines, { key: newLineKey(), item: '', cost: '0.00' }])}
      >
        Add line item
      </Button>
      {error ? (
        <p id={errorId} className="mt-2 text-sm font-semibold text-red-800">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
