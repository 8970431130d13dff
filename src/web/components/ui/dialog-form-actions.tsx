import { AlertDialog } from 'radix-ui';
import { Button, buttonClasses } from './button';

/**
 * The foot of a confirmation dialog's form: the way out that changes nothing (it closes the
 * dialog), then the irreversible action, which submits the form and reads `pendingLabel` while it
 * is under way (the refund after a reported problem, erasing a customer's data).
 */
export function DialogFormActions({ keep, act, pendingLabel, pending, disabled = false }: { keep: string; act: string; pendingLabel: string; pending: boolean; disabled?: boolean }) {
  return (
    <div className="mt-5 flex flex-wrap justify-end gap-3">
      <AlertDialog.Cancel className={buttonClasses('outline')}>{keep}</AlertDialog.Cancel>
      <Button type="submit" variant="danger" pending={pending} disabled={disabled}>
        {pending ? pendingLabel : act}
      </Button>
    </div>
  );
}
