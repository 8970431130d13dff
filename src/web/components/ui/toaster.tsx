import { Toast } from 'radix-ui';
import { cn } from '../../lib/cn';
import { TOAST_DURATION_MS, useToast, type ToastVariant } from './use-toast';

const variantClasses: Record<ToastVariant, string> = {
  default: 'border-slate-300 bg-white text-slate-900',
  success: 'border-teal-brand bg-white text-slate-900',
  destructive: 'border-red-700 bg-red-50 text-red-900',
};

/** Renders the toast store with Radix Toast; mounted once in the root layout. */
export function Toaster() {
  const { toasts, dismiss } = useToast();
  return (
    <Toast.Provider duration={TOAST_DURATION_MS} swipeDirection="right" label="Notification">
      {toasts.map((item) => (
        <Toast.Root
          key={item.id}
          open={item.open}
          onOpenChange={(open) => {
            if (!open) dismiss(item.id);
          }}
          // Errors interrupt the screen reader; everything else waits its turn.
          type={item.variant === 'destructive' ? 'foreground' : 'background'}
          className={cn(
            'relative flex w-full items-start gap-3 rounded-lg border-l-4 border p-4 pr-10 shadow-lg',
            variantClasses[item.variant ?? 'default'],
          )}
        >
          <div className="grid gap-1">
            <Toast.Title className="font-semibold">{item.title}</Toast.Title>
            {item.description ? <Toast.Description className="text-sm">{item.description}</Toast.Description> : null}
          </div>
          <Toast.Close
            aria-label="Dismiss notification"
            className="absolute top-2 right-2 inline-flex size-8 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100"
          >
            <span aria-hidden="true">×</span>
          </Toast.Close>
        </Toast.Root>
      ))}
      <Toast.Viewport className="fixed top-0 right-0 z-[100] m-0 flex w-full max-w-sm list-none flex-col gap-2 p-4 outline-none" />
    </Toast.Provider>
  );
}
