import { cn } from '../../lib/cn';

// SPEC section 2: three steps, each a screen of its own: photos, details, then a review to submit.
export const wizardSteps = ['Upload Photos', 'Customer Details', 'Review'] as const;

export type WizardStep = 1 | 2 | 3;

export function StepIndicator({ current }: { current: WizardStep }) {
  return (
    <nav aria-label="Progress">
      <ol className="flex items-start gap-2 sm:gap-4">
        {wizardSteps.map((label, index) => {
          const step = index + 1;
          const state = step < current ? 'done' : step === current ? 'current' : 'upcoming';
          return (
            <li key={label} aria-current={state === 'current' ? 'step' : undefined} className="flex flex-1 flex-col items-center gap-2 text-center">
              <span
                aria-hidden="true"
                className={cn(
                  'flex size-9 items-center justify-center rounded-full border-2 text-sm font-bold',
                  state === 'done' && 'border-teal-brand bg-teal-brand text-white',
                  state === 'current' && 'border-teal-brand bg-white text-teal-brand-dark',
                  state === 'upcoming' && 'border-slate-400 bg-white text-slate-600',
                )}
              >
                {state === 'done' ? '✓' : step}
              </span>
              <span className={cn('text-sm', state === 'current' ? 'font-semibold text-navy-900' : 'text-slate-700')}>
                <span className="sr-only">Step {step}: </span>
                {label}
                {state === 'done' ? <span className="sr-only"> (done)</span> : null}
              </span>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
