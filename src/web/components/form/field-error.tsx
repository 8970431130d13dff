import { cn } from '../../lib/cn';

type FieldErrorProps = {
  /** Referenced by the field's aria-describedby. */
  id: string;
  message?: string | undefined;
  className?: string;
};

/** A field's error, announced as it appears; renders nothing when there is no error. */
export function FieldError({ id, message, className }: FieldErrorProps) {
  if (!message) return null;
  return (
    <p id={id} role="alert" className={cn('mt-1 text-sm font-medium text-red-700', className)}>
      {message}
    </p>
  );
}
