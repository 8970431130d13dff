import { company } from '../lib/company';

/** "E-mail … or call … (hours)." under a message a person cannot act on alone, such as a link that no longer works. */
export function SupportContact() {
  const details = company();
  return (
    <p className="mt-2">
      E-mail <a className="underline" href={`mailto:${details.supportEmail}`}>{details.supportEmail}</a> or call {details.supportPhone} ({details.supportHoursSentence}).
    </p>
  );
}
