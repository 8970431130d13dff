import { Accordion, Dialog } from 'radix-ui';
import { site } from '../../../shared/site';
import { company } from '../../lib/company';
import { cn } from '../../lib/cn';
import { Button } from '../ui/button';
import { useHelpDialog } from './help-dialog-context';
import { helpTopics, priorityLabel, type HelpTopic } from './help-topics';

const linkClass = 'font-semibold text-teal-brand-dark underline underline-offset-2';

/** SPEC section 2: the 'Quick Troubleshooting Guide', opened from the header. */
export function HelpDialog() {
  const { open, setOpen, takeReturnFocus } = useHelpDialog();

  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/60" />
        <Dialog.Content
          onCloseAutoFocus={(event) => {
            // Opened without a Radix trigger, so return focus to whatever opened it.
            event.preventDefault();
            const element = takeReturnFocus();
            if (element?.isConnected) element.focus();
          }}
          className="fixed top-1/2 left-1/2 z-50 flex max-h-[92vh] w-[calc(100%-1.5rem)] max-w-2xl -translate-x-1/2 -translate-y-1/2 flex-col rounded-xl bg-white shadow-2xl"
        >
          <div className="border-b border-slate-200 px-5 py-4">
            <Dialog.Title className="text-xl font-bold text-navy-900">Quick Troubleshooting Guide</Dialog.Title>
            <Dialog.Description className="mt-1 text-sm text-slate-700">
              Answers to the most common problems with photos, forms, quotes and bookings.
            </Dialog.Description>
          </div>

          <div className="overflow-y-auto px-5 py-4">
            <section aria-labelledby="help-immediate" className="rounded-lg border border-teal-brand bg-teal-50 p-4">
              <h3 id="help-immediate" className="font-semibold text-navy-900">
                Need Immediate Help?
              </h3>
              <p className="mt-1 text-sm text-slate-800">
                <CallOrEmail />
              </p>
            </section>

            <Accordion.Root type="multiple" className="mt-4 divide-y divide-slate-200 rounded-lg border border-slate-200">
              {helpTopics().map((topic) => (
                <HelpSection key={topic.id} topic={topic} />
              ))}
            </Accordion.Root>

            <section aria-labelledby="help-still" className="mt-4 rounded-lg bg-navy-50 p-4">
              <h3 id="help-still" className="font-semibold text-navy-900">
                Still Having Issues?
              </h3>
              <p className="mt-1 text-sm text-slate-800">
                Our support team is available {company().supportHoursSentence}. <CallOrEmail /> {site.urgentHelp}
              </p>
            </section>
          </div>

          <div className="flex justify-end border-t border-slate-200 px-5 py-3">
            <Dialog.Close asChild>
              <Button variant="secondary">Back to Application</Button>
            </Dialog.Close>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function HelpSection({ topic }: { topic: HelpTopic }) {
  const urgent = topic.priority === 'urgent';
  return (
    <Accordion.Item value={topic.id}>
      <Accordion.Header className="m-0">
        <Accordion.Trigger className="group flex w-full items-center justify-between gap-3 px-4 py-3 text-left font-semibold text-navy-900 hover:bg-slate-50">
          <span className="flex flex-wrap items-center gap-2">
            {topic.title}
            <span
              className={cn(
                'rounded-full px-2 py-0.5 text-xs font-semibold',
                urgent ? 'bg-red-100 text-red-800' : 'bg-amber-100 text-amber-900',
              )}
            >
              {priorityLabel[topic.priority]}
            </span>
          </span>
          <span aria-hidden="true" className="text-slate-600 transition-transform group-data-[state=open]:rotate-180">
            ▾
          </span>
        </Accordion.Trigger>
      </Accordion.Header>
      <Accordion.Content className="px-4 pb-4 text-sm text-slate-800">
        <p className="font-semibold text-navy-900">Step-by-Step Solution:</p>
        <ol className="mt-1 list-decimal space-y-1 pl-5">
          {topic.steps.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
        <p className="mt-3 font-semibold text-navy-900">Pro Tips:</p>
        <ul className="mt-1 list-disc space-y-1 pl-5">
          {topic.tips.map((tip) => (
            <li key={tip}>{tip}</li>
          ))}
        </ul>
      </Accordion.Content>
    </Accordion.Item>
  );
}

function CallOrEmail() {
  return (
    <>
      Call{' '}
      <a href={`tel:${company().supportPhoneE164}`} className={linkClass}>
        {company().supportPhone}
      </a>{' '}
      or e-mail{' '}
      <a href={`mailto:${company().supportEmail}`} className={linkClass}>
        {company().supportEmail}
      </a>
      .
    </>
  );
}
