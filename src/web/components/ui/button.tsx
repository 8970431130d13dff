import { Slot } from 'radix-ui';
import type { ComponentPropsWithRef } from 'react';
import { cn } from '../../lib/cn';

const variants = {
  primary: 'bg-teal-brand text-white hover:bg-teal-brand-dark disabled:bg-slate-400 aria-disabled:bg-slate-600',
  secondary: 'bg-navy-900 text-white hover:bg-navy-700 disabled:bg-slate-400 aria-disabled:bg-slate-600',
  outline: 'border border-slate-400 bg-white text-navy-900 hover:bg-navy-50 disabled:text-slate-500 aria-disabled:text-slate-600',
  ghost: 'bg-transparent text-navy-900 hover:bg-navy-50 disabled:text-slate-500 aria-disabled:text-slate-600',
  danger: 'bg-red-700 text-white hover:bg-red-800 disabled:bg-slate-400 aria-disabled:bg-slate-600',
} as const;

const sizes = {
  sm: 'min-h-9 px-3 text-sm',
  md: 'min-h-11 px-4 text-base',
  lg: 'min-h-12 px-6 text-lg',
  icon: 'size-11 p-0',
} as const;

export type ButtonProps = ComponentPropsWithRef<'button'> & {
  variant?: keyof typeof variants;
  size?: keyof typeof sizes;
  /** Render the child element (e.g. a Link) with button styling. */
  asChild?: boolean;
  /**
   * Its action is under way: the button refuses presses (and a form's submission) and says so
   * (aria-disabled), but keeps the keyboard. A `disabled` button drops focus to the page's top
   * while it waits, and the person has to find their place again.
   */
  pending?: boolean;
};

export function buttonClasses(variant: keyof typeof variants = 'primary', size: keyof typeof sizes = 'md') {
  return cn(
    'inline-flex items-center justify-center gap-2 rounded-md font-semibold transition-colors',
    'disabled:cursor-not-allowed aria-disabled:cursor-wait',
    variants[variant],
    sizes[size],
  );
}

export function Button({ variant, size, asChild = false, className, type, pending = false, onClick, ...props }: ButtonProps) {
  const classes = cn(buttonClasses(variant, size), className);
  if (asChild) return <Slot.Root className={classes} onClick={onClick} {...props} />;
  return (
    <button
      type={type ?? 'button'}
      className={classes}
      aria-disabled={pending || undefined}
      onClick={(event) => {
        if (pending) {
          event.preventDefault(); // no second submission of its form either
          return;
        }
        onClick?.(event);
      }}
      {...props}
    />
  );
}
