import type { ErasureResult } from '../../../shared/api/privacy';
import { onDemand, useDialogOnDemand } from '../../components/on-demand';
import { Button, buttonClasses } from '../../components/ui/button';
import { focusOnMount } from '../../lib/focus';
import { exportUrl } from './privacy-api';

// The erasure's confirmation (Radix's AlertDialog, the form) is fetched when the customer first
// asks for it: the quote and appointment pages show without it (issue 36).
const EraseDataDialog = onDemand(async () => (await import('./erase-data-dialog')).EraseDataDialog);

/**
 * Issue 14 (UK GDPR): on the customer's quote and appointment pages, download everything we hold
 * about the enquiry, or erase the personal details and photos (typing the reference to confirm).
 */
export function YourDataPanel({ assessmentId, reference, onErased }: { assessmentId: number; reference: string; onErased: (result: ErasureResult) => void }) {
  const { open, setOpen, opened, buttonId, buttonProps } = useDialogOnDemand();
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
        <Button variant="danger" {...buttonProps}>
          Erase my data
        </Button>
        {/* Mounted from its first opening on, so it closes (and returns focus) as a dialog does. */}
        {opened ? (
          <EraseDataDialog assessmentId={assessmentId} reference={reference} onErased={onErased} open={open} onOpenChange={setOpen} returnFocusId={buttonId} />
        ) : null}
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
