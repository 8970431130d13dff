import type { ReactNode } from 'react';
import { fieldDescribedBy } from '../../components/form';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';

type MoneyFieldProps = {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
  /** SPEC section 5: money step 0.01, days step 1 (minimum 1). */
  kind?: 'money' | 'days';
  hint?: ReactNode;
};

/** One of SPEC's adjustment inputs, with its hint and inline error. */
export function MoneyField({ id, label, value, onChange, error, kind = 'money', hint }: MoneyFieldProps) {
  return (
    <div>
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        type="number"
        inputMode={kind === 'money' ? 'decimal' : 'numeric'}
        step={kind === 'money' ? '0.01' : '1'}
        min={kind === 'money' ? '0' : '1'}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={fieldDescribedBy(id, { hint: Boolean(hint), error: Boolean(error) })}
        onChange={(event) => onChange(event.target.value)}
      />
      {hint ? (
        <div id={`${id}-hint`} className="mt-1 text-sm text-slate-700">
          {hint}
        </div>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm font-semibold text-red-800">
          {error}
        </p>
      ) : null}
    </div>
  );
}
