import type { ComponentPropsWithRef } from 'react';
import { cn } from '../../lib/cn';

export type InputProps = ComponentPropsWithRef<'input'>;

export function Input({ className, ...props }: InputProps) {
  return (
    <input
      className={cn(
        'block min-h-11 w-full rounded-md border border-slate-500 bg-white px-3 py-2 text-base text-slate-900',
        'placeholder:text-slate-500 aria-invalid:border-red-700 aria-invalid:border-2',
        'disabled:cursor-not-allowed disabled:bg-slate-100',
        className,
      )}
      {...props}
    />
  );
}
