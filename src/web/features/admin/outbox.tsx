import type { OutboxEmail } from '../../../shared/api/email';
import { Skeleton } from '../../components/ui/skeleton';
import { formatWhen } from '../../lib/format';
import { OUTBOX_SHOWN, useOutbox } from './api/get-outbox';
import { AdminSubpage } from './admin-subpage';

/** What happened to an e-mail, in a word an operator reads at a glance. */
function statusOf(email: OutboxEmail): { label: string; tone: string } {
  if (email.bouncedAt) return { label: 'Bounced', tone: 'bg-red-100 text-red-900' };
  switch (email.status) {
    case 'sent':
      return { label: 'Sent', tone: 'bg-teal-100 text-teal-900' };
    case 'logged':
      return email.channel === 'sms'
        ? { label: 'Kept here: texts not configured (no SMS_PROVIDER)', tone: 'bg-slate-100 text-slate-900' }
        : { label: 'Kept here (no SMTP)', tone: 'bg-slate-100 text-slate-900' };
    case 'failed':
      return { label: 'Not sent', tone: 'bg-red-100 text-red-900' };
    default:
      return { label: email.sendAfter ? 'Waiting its turn' : 'Waiting to send', tone: 'bg-amber-100 text-amber-900' };
  }
}

/** The e-mail's text with its web addresses as links (React escapes the rest), so they can be followed. */
function TextWithLinks({ text }: { text: string }) {
  return text.split(/(https?:\/\/[^\s<>"]+)/).map((part, index) =>
    index % 2 === 1 ? (
      <a key={index} href={part} target="_blank" rel="noreferrer" className="break-all text-teal-brand-dark underline underline-offset-2">
        {part}
      </a>
    ) : (
      part
    ),
  );
}

function Email({ email }: { email: OutboxEmail }) {
  const status = statusOf(email);
  return (
    <li className="rounded-lg border border-slate-200 bg-white p-4">
      <details>
        <summary className="cursor-pointer">
          <span className="font-semibold break-words text-navy-900">{email.channel === 'sms' ? `Text message (${email.kind})` : email.subject}</span>
          <span className="mt-1 block text-sm break-all text-slate-800">
            To {email.toAddress} · {formatWhen(email.createdAt)} ·{' '}
            <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${status.tone}`}>{status.label}</span>
          </span>
        </summary>
        {email.lastError ? <p className="mt-2 text-sm font-semibold text-red-900">{email.lastError}</p> : null}
        <pre className="mt-3 overflow-x-auto font-sans text-sm whitespace-pre-wrap break-words text-slate-900">
          <TextWithLinks text={email.textBody} />
        </pre>
      </details>
    </li>
  );
}

/**
 * What the site has e-mailed, newest first, each opened to read it whole: where an operator checks
 * what a customer or repairer was told, and, with no SMTP server set, the only place the e-mails
 * go (their links included), so a new site can be tried end to end.
 */
export function OutboxScreen() {
  const outbox = useOutbox();
  return (
    <AdminSubpage
      title="E-mails"
      intro={`The latest ${OUTBOX_SHOWN} e-mails and text messages the site has sent or is sending, newest first. Without an SMTP server set (SMTP_URL), e-mails are kept here instead of being sent, and without a text provider set (SMS_PROVIDER), texts are: open one to read it and follow its links.`}
    >
      {outbox.isPending ? (
        <div role="status" className="mt-4">
          <span className="sr-only">Loading the e-mails…</span>
          <Skeleton className="h-48 w-full" />
        </div>
      ) : outbox.isError ? (
        <p role="alert" className="mt-4 rounded-md border border-red-700 bg-red-50 p-3 text-red-900">
          We could not load the e-mails. Please refresh the page.
        </p>
      ) : outbox.data.length === 0 ? (
        <p className="mt-4 text-slate-800">No e-mails or texts yet.</p>
      ) : (
        <ul aria-label="E-mails, newest first" className="mt-4 grid gap-3">
          {outbox.data.map((email) => (
            <Email key={email.id} email={email} />
          ))}
        </ul>
      )}
    </AdminSubpage>
  );
}
