import { formatUkPhone } from '../../shared/phone';

/** A stored phone number (E.164) as a UK reader writes it (07700 900123), dialled as stored. */
export function PhoneLink({ phone }: { phone: string }) {
  return (
    <a className="underline" href={`tel:${phone}`}>
      {formatUkPhone(phone)}
    </a>
  );
}
