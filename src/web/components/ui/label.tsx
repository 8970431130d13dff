import type { ComponentPropsWithRef } from 'react';
import { cn } from '../../lib/cn';

export type LabelProps = ComponentPropsWithRef<'label'>;

export function Label({ className, ...props }: LabelProps) {
  return <label className={cn('mb-1 block text-sm font-semibold text-slate-900', className)} {...props} />;
}
