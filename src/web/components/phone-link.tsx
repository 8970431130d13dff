import { formatUkPhone } from '../../shared/phone';

/**
 * A stored phone number (E.164) as a UK reader writes it (07700 900123), dialled as stored. None
 * for no number (an erased enquiry's): an empty `tel:` link is a link to nothing, with no name.
 */
export function PhoneLink({ phone }: { phone: string | null }) {
  if (!phone) return null;
  return (
    <a className="underline" href={`tel:${phone}`}>
      {formatUkPhone(phone)}
    </a>
  );
}
