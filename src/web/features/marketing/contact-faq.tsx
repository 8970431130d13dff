import { AppLink } from '../../components/navigation/app-link';
import { site } from '../../../shared/site';
import { PhoneLink, SupportHoursSentence } from './contact-details';
import type { FaqItem } from './faq';
import { textLink } from './styles';

// SPEC section 2 (Contact) FAQ, corrected by D4, D7, D13 and D14.
export const contactFaq: readonly FaqItem[] = [
  {
    question: 'How do I get a quote?',
    answer: (
      <p>
        Submit photos of the damage through our quote system:{' '}
        <AppLink to="/assessment" className={textLink}>
          start a free assessment
        </AppLink>
        , add your photos, your car and your postcode. There is no charge for a quote.
      </p>
    ),
  },
  {
    question: 'How long does a quote take?',
    answer: (
      <p>
        Your quote arrives by e-mail, {site.quoteTurnaround}. If you have not heard from us after 24
        hours, please call us on <PhoneLink />.
      </p>
    ),
  },
  {
    question: 'What happens once my quote is approved?',
    answer: (
      <p>
        Once your quote is approved you receive it by e-mail, with a link to accept it and book a
        time slot: a morning (8:00–12:00) or afternoon (13:00–17:00), Monday to Friday. You then pay
        by credit or debit card to confirm the booking.
      </p>
    ),
  },
  {
    question: 'Which photos should I take?',
    answer: (
      <>
        <p>
          Take one photo from a few steps back showing the whole panel, then close-ups of the damage
          straight on and at an angle. Daylight works best, and a clean panel shows the damage most
          clearly.
        </p>
        <p>
          You can send up to 10 photos in JPEG, PNG, WebP or HEIC format (the iPhone default), each
          up to 10 MB. We remove location data from photos when you upload them.
        </p>
      </>
    ),
  },
  {
    question: 'What if there is an urgent problem with my booked repair?',
    answer: (
      <p>
        Urgent problems with a booked repair are handled by phone: call <PhoneLink /> during our
        support hours (<SupportHoursSentence />).
      </p>
    ),
  },
  {
    question: 'Is the repair guaranteed?',
    answer: (
      <p>
        Yes. Every completed repair comes with a {site.warrantyMonths}-month warranty from the
        technician who carried it out, and we keep a record of it against your booking. If
        something is not right, contact us and we will take it up with the technician.
      </p>
    ),
  },
  {
    question: 'Can I cancel a booking?',
    answer: (
      <>
        <p>
          Yes. You can cancel free of charge up to 24 hours before your slot and you get a full
          refund.
        </p>
        <p>
          You also have the right to cancel within 14 days of booking under the Consumer Contracts
          Regulations. If you asked for the repair to start within those 14 days and cancel once
          work has begun, you pay only for the work already done; the right ends once the repair is
          complete.
        </p>
      </>
    ),
  },
  {
    question: 'How do I pay?',
    answer: (
      <p>
        By credit or debit card when you book. We hold the payment and release it to the
        technician only once the repair is completed.
      </p>
    ),
  },
];
