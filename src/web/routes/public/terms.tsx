import { AppLink } from '../../components/navigation/app-link';
import { isVatRegistered, noVatSentence } from '../../../shared/vat';
import { site } from '../../../shared/site';
import { registeredOfficeLine } from '../../../shared/company-details';
import { company } from '../../lib/company';
import { EmailLink, PhoneLink } from '../../features/marketing/contact-details';
import { BackToHome, LegalBody, LegalContents, LegalSection } from '../../features/marketing/legal';
import { PageHeader } from '../../features/marketing/section';
import { textLink } from '../../features/marketing/styles';

// D22: the platform connects customers with independent repairers, who are responsible
// for their work and its warranty. D14: payment held until completion; cancellation.
const sections = [
  { id: 'our-service', title: 'What we do' },
  { id: 'repairers', title: 'Independent repairers' },
  { id: 'quotes', title: 'Quotes and prices' },
  { id: 'payment', title: 'Payment' },
  { id: 'cancellation', title: 'Cancelling a booking' },
  { id: 'warranty', title: 'Warranty' },
  { id: 'liability', title: 'Our liability' },
  { id: 'complaints', title: 'Complaints' },
  { id: 'law', title: 'Governing law' },
] as const;

export default function TermsPage() {
  return (
    <>
      <PageHeader
        title="Terms of service"
        lead={`These terms apply when you use ${site.brand} to get a quote and book a repair. Please read them before you book.`}
      />
      <LegalBody>
        <LegalContents sections={sections} />

        <LegalSection id="our-service" title="What we do">
          <p>
            {site.brand} is run by {company().name}, a company registered in {company().registeredIn}{' '}
            under company number {company().number}, whose registered office is at{' '}
            {registeredOfficeLine(company())}.{company().vatNumber ? ` Our VAT number is ${company().vatNumber}.` : ''} We run
            an online platform that connects customers who need cosmetic car repairs with independent
            mobile repairers. We review your photos, send you a quote, take your booking and
            payment, and pass the job to a repairer.
          </p>
        </LegalSection>

        <LegalSection id="repairers" title="Independent repairers">
          <p>
            Repairs are carried out by independent repair businesses, not by {company().name}. Each
            repairer is responsible for the quality of their work and for its warranty. We check
            repairers before they can accept jobs, but we do not carry out or supervise the repair
            work ourselves.
          </p>
        </LegalSection>

        <LegalSection id="quotes" title="Quotes and prices">
          <p>
            Quotes are based on the photos and details you send us, are in pounds sterling and
            include {isVatRegistered(company()) ? 'VAT and our service fee' : `our service fee (${noVatSentence})`}. Each quote shows the date until which it is valid. The
            price you accept is the price you pay: we charge exactly the total in the quote you
            accepted.
          </p>
        </LegalSection>

        <LegalSection id="payment" title="Payment">
          <p>
            You pay by credit or debit card when you book. We hold your payment until the repair is
            completed: the repairer is paid only once they mark the job as done and you confirm you
            are happy, or 72 hours after completion if you have not raised a problem with us.
          </p>
        </LegalSection>

        <LegalSection id="cancellation" title="Cancelling a booking">
          <p>
            You can cancel free of charge up to 24 hours before your appointment slot, and we refund
            you in full.
          </p>
          <p>
            You also have the right to cancel within 14 days of booking under the Consumer Contracts
            (Information, Cancellation and Additional Charges) Regulations 2013. When you pay, you
            can ask for the repair to start within those 14 days. If you do, and you cancel after
            the work has started, you pay for the work done up to that point; once the repair is
            complete, the right to cancel ends.
          </p>
          <p>
            To cancel, open your appointment from the link in your booking confirmation e-mail, or
            contact us.
          </p>
        </LegalSection>

        <LegalSection id="warranty" title="Warranty">
          <p>
            Every completed repair comes with a {site.warrantyMonths}-month warranty, given by the
            repairer who did the work. We keep a record of it against your booking. To make a claim,
            contact us and we will pass it to the repairer.
          </p>
        </LegalSection>

        <LegalSection id="liability" title="Our liability">
          <p>
            Because the repairer, not {company().name}, carries out the repair, we are not liable for
            the repair work itself. We are responsible for running the platform with reasonable care
            and skill, and for handling your payment as these terms describe.
          </p>
          <p>
            Nothing in these terms limits liability that cannot be limited by law, such as for death
            or personal injury caused by negligence, or for fraud, and nothing affects your
            statutory rights as a consumer.
          </p>
        </LegalSection>

        <LegalSection id="complaints" title="Complaints">
          <p>
            If something goes wrong, tell us as soon as you can by e-mail at <EmailLink /> or by
            phone on <PhoneLink /> ({company().supportHoursSentence}). If you raise a problem within 72
            hours of the repair being completed, we keep holding the payment while we work with you
            and the repairer to put it right.
          </p>
        </LegalSection>

        <LegalSection id="law" title="Governing law">
          <p>
            These terms are governed by the law of England and Wales, and the courts of England and
            Wales may hear any dispute. If you live in Scotland or Northern Ireland, you may also
            bring proceedings in your local courts.
          </p>
          <p>
            Our{' '}
            <AppLink to="/privacy-policy" className={textLink}>
              privacy policy
            </AppLink>{' '}
            explains how we use your personal data.
          </p>
        </LegalSection>

        <BackToHome />
      </LegalBody>
    </>
  );
}
