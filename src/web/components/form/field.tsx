import type { ComponentPropsWithRef, ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { Input, type InputProps } from '../ui/input';
import { Label } from '../ui/label';
import { FieldError } from './field-error';

// Form rows for every form (the assessment, sign-in, the admin forms to come): a label on
// every field, an optional hint, and the error referenced by aria-describedby so it is read
// with the field. A field's hint is `${id}-hint` and its error `${id}-error`.

/** The aria-describedby of a field with this id: its hint and its error, when shown. */
export function fieldDescribedBy(id: string, { hint = false, error = false }: { hint?: boolean; error?: boolean }): string | undefined {
  const ids = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean);
  return ids.length ? ids.join(' ') : undefined;
}

type RowProps = { id: string; label: string; hint?: ReactNode; error?: string | undefined; className?: string };

function Hint({ id, hint }: { id: string; hint: ReactNode }) {
  return hint ? (
    <p id={`${id}-hint`} className="mb-1 text-sm text-slate-700">
      {hint}
    </p>
  ) : null;
}

export type TextFieldProps = RowProps & Omit<InputProps, 'id'>;

/** A labelled input with its hint and error. */
export function TextField({ id, label, hint, error, className, ...input }: TextFieldProps) {
  return (
    <div className={className}>
      <Label htmlFor={id}>{label}</Label>
      <Hint id={id} hint={hint} />
      <Input id={id} aria-invalid={error ? true : undefined} aria-describedby={fieldDescribedBy(id, { hint: Boolean(hint), error: Boolean(error) })} {...input} />
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

export type TextAreaFieldProps = RowProps & Omit<ComponentPropsWithRef<'textarea'>, 'id'> & { labelClassName?: string };

/** A labelled textarea with its hint and error. */
export function TextAreaField({ id, label, hint, error, className, labelClassName, ...textarea }: TextAreaFieldProps) {
  return (
    <div className={className}>
      {labelClassName ? (
        <label htmlFor={id} className={cn('mb-1 block font-semibold', labelClassName)}>
          {label}
        </label>
      ) : (
        <Label htmlFor={id}>{label}</Label>
      )}
      <Hint id={id} hint={hint} />
      <textarea
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={fieldDescribedBy(id, { hint: Boolean(hint), error: Boolean(error) })}
        className={cn(
          'block min-h-32 w-full rounded-md border border-slate-500 bg-white px-3 py-2 text-base text-slate-900',
          'placeholder:text-slate-500 aria-invalid:border-2 aria-invalid:border-red-700',
        )}
        {...textarea}
      />
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

/** A group of related fields under a legend. */
export function FieldGroup({ legend, children, className }: { legend: string; children: ReactNode; className?: string }) {
  return (
    <fieldset className={cn('rounded-lg border border-slate-200 p-4 sm:p-6', className)}>
      <legend className="px-1 text-lg font-semibold text-navy-900">{legend}</legend>
      <div className="mt-2 grid gap-4 sm:grid-cols-2">{children}</div>
    </fieldset>
  );
}
