import type { ComponentPropsWithRef, ReactNode } from 'react';
import { FieldError } from '../../components/ui/field-error';
import { Input, type InputProps } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { cn } from '../../lib/cn';

// Form rows for the assessment: a label on every field, an optional hint, and the error
// referenced by aria-describedby so it is read with the field.

export const fieldId = (name: string) => `assessment-${name}`;

function describedBy(name: string, hint: boolean, error: boolean): string | undefined {
  const ids = [hint && `${fieldId(name)}-hint`, error && `${fieldId(name)}-error`].filter(Boolean);
  return ids.length ? ids.join(' ') : undefined;
}

type RowProps = { name: string; label: string; hint?: ReactNode; error?: string | undefined; className?: string };

export function TextField({ name, label, hint, error, className, ...input }: RowProps & Omit<InputProps, 'id' | 'name'> & { name: string }) {
  const id = fieldId(name);
  return (
    <div className={className}>
      <Label htmlFor={id}>{label}</Label>
      {hint ? (
        <p id={`${id}-hint`} className="mb-1 text-sm text-slate-700">
          {hint}
        </p>
      ) : null}
      <Input id={id} name={name} aria-invalid={error ? true : undefined} aria-describedby={describedBy(name, Boolean(hint), Boolean(error))} {...input} />
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

type TextAreaProps = RowProps & Omit<ComponentPropsWithRef<'textarea'>, 'id' | 'name'> & { name: string; labelClassName?: string };

export function TextAreaField({ name, label, hint, error, className, labelClassName, ...textarea }: TextAreaProps) {
  const id = fieldId(name);
  return (
    <div className={className}>
      {labelClassName ? (
        <label htmlFor={id} className={cn('mb-1 block font-semibold', labelClassName)}>
          {label}
        </label>
      ) : (
        <Label htmlFor={id}>{label}</Label>
      )}
      {hint ? (
        <p id={`${id}-hint`} className="mb-1 text-sm text-slate-700">
          {hint}
        </p>
      ) : null}
      <textarea
        id={id}
        name={name}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(name, Boolean(hint), Boolean(error))}
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
