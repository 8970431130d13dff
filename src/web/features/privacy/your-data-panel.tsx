import { AlertDialog } from 'radix-ui';
import { useId, useState } from 'react';
import type { ErasureResult } from '../../../shared/api/privacy';
import { TextField } from '../../components/form';
import { DialogFormActions } from '../../components/ui/dialog-form-actions';
import { Button, buttonClasses } from '../../components/ui/button';
import { ConfirmDialogContent } from '../../components/ui/confirm-dialog';
import { userMessageOf } from '../../lib/api';
import { focusOnMount } from '../../lib/focus';
import { exportUrl, useEraseData } from './privacy-api';

/**
 * Issue 14 (UK GDPR): on the customer's quote and appointment pages, download everything we hold
 * about the enquiry, or erase the personal details and photos (typing the reference to confirm).
 */
export function YourDataPanel({ assessmentId, reference, onErased }: { assessmentId: number; reference: string; onErased: (result: ErasureResult) => void }) {
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const erase = useEraseData(assessmentId);
  const fieldId = useId();
  const onConfirm = () => erase.mutate(typed, { onSuccess: (result) => onErased(result) });
  return (
    <section aria-labelledby="your-data-heading" className="mt-10 rounded-xl border border-slate-200 bg-white p-5">
      <h2 id="your-data-heading" className="text-lg font-bold text-navy-900">
        Your data
      </h2>
      <p className="mt-2 text-slate-800">
        Download everything we hold about this enquiry (your details, the quote, any booking and your photos) as a file, or ask us to erase your
        personal details and photos. We then keep only the amounts paid, as UK accounting law requires.
      </p>
      <div className="mt-4 flex flex-wrap gap-3">
        <a href={exportUrl(assessmentId)} download className={buttonClasses('outline')}>
          Download your data
        </a>
        <AlertDialog.Root
          open={open}
          onOpenChange={(next) => {
            setOpen(next);
            if (!next) erase.reset();
          }}
        >
          <AlertDialog.Trigger asChild>
            <Button variant="danger">Erase my data</Button>
          </AlertDialog.Trigger>
          <ConfirmDialogContent
            title="Erase your personal data?"
            description="Your name, contact details, address, registration, description and photos will be deleted for good, and the links in our e-mails will stop working. This cannot be undone. Download your data first if you want a copy."
          >
            <form
              className="mt-4"
              onSubmit={(event) => {
                event.preventDefault();
                onConfirm();
              }}
            >
              <TextField id={fieldId} label={`Type your reference (${reference}) to confirm`} value={typed} onChange={(event) => setTyped(event.target.value)} autoComplete="off" />
              {erase.isError ? (
                <p role="alert" className="mt-3 rounded-md border border-red-700 bg-red-50 p-3 text-sm text-red-900">
                  {userMessageOf(erase.error, 'We could not erase your data. Please try again.')}
                </p>
              ) : null}
              <DialogFormActions keep="Keep my data" act="Erase my data" pendingLabel="Erasing…" pending={erase.isPending} disabled={typed.trim() === ''} />
            </form>
          </ConfirmDialogContent>
        </AlertDialog.Root>
      </div>
    </section>
  );
}

/** What the customer sees once their data is erased: the page's record can no longer be read. */
export function DataErased({ result }: { result: ErasureResult }) {
  return (
    <section aria-labelledby="erased-heading" className="mx-auto max-w-2xl rounded-xl border border-slate-200 bg-white p-6">
      {/* The page the customer acted on has gone: the keyboard (and a screen reader) goes to what replaced it. */}
      <h1 id="erased-heading" ref={focusOnMount} tabIndex={-1} className="text-2xl font-bold text-navy-900 focus:outline-none">
        Your data has been erased
      </h1>
      <p className="mt-3 text-slate-800">
        We have deleted the personal details and {result.photosDeleted === 1 ? 'the photo' : `${result.photosDeleted} photos`} of enquiry {result.reference}. The
        links in our e-mails no longer open it. We keep only the amounts paid, with no name or address, for as long as UK accounting law requires.
      </p>
    </section>
  );
}
