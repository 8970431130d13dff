import { AppLink } from '../../components/navigation/app-link';
import { site } from '../../../shared/site';
import { CompanyRegistration, EmailLink, PhoneLink, PostalAddress, SupportHoursTable } from '../../features/marketing/contact-details';
import { contactFaq } from '../../features/marketing/contact-faq';
import { CityLinks } from '../../features/marketing/coverage';
import { Faq } from '../../features/marketing/faq';
import { PageHeader, Section } from '../../features/marketing/section';
import { bodyText, h3Class, quietLink, textLink } from '../../features/marketing/styles';

const bigLink = `text-xl ${quietLink}`;
const card = 'rounded-lg bg-white p-6 shadow-sm ring-1 ring-slate-200';

export default function ContactPage() {
  return (
    <>
      <PageHeader
        title="Contact us"
        lead={
          <>
            Questions about a quote, a booking or a repair? Call or e-mail our support team. For a
            new quote, the quickest way is to{' '}
            <AppLink to="/assessment" className={textLink}>
              start a free assessment
            </AppLink>
            .
          </>
        }
      />

      <Section id="get-in-touch" title="Get in touch">
        <div className="mt-8 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
          <div className={card}>
            <h3 className={h3Class}>Phone</h3>
            <p className="mt-2">
              <PhoneLink className={bigLink} />
            </p>
            <p className={`mt-2 ${bodyText}`}>
              Urgent problems with a booked repair: by phone in our support hours.
            </p>
          </div>
          <div className={card}>
            <h3 className={h3Class}>E-mail</h3>
            <p className="mt-2">
              <EmailLink className={`break-all ${bigLink}`} />
            </p>
            <p className={`mt-2 ${bodyText}`}>We reply during our support hours.</p>
          </div>
          <div className={card}>
            <h3 className={h3Class}>Postal address</h3>
            <div className="mt-2">
              <PostalAddress />
            </div>
            <CompanyRegistration className="mt-3 text-sm leading-6 text-slate-700" />
          </div>
        </div>
      </Section>

      <Section id="support-hours" tone="muted" title="Support hours">
        <SupportHoursTable />
        <p className={`mt-4 ${bodyText}`}>
          Urgent problems with a booked repair: by phone in those hours, on <PhoneLink />.
        </p>
        <p className={`mt-2 ${bodyText}`}>
          Quotes arrive by e-mail, {site.quoteTurnaround}. Repair appointments run Monday to Friday.
        </p>
      </Section>

      <Section
        id="service-area"
        title="Service area"
        intro={
          <p>
            We aim to cover every UK postcode, with vetted technicians within 30 miles of you. Our
            main areas are these 16 cities; see{' '}
            <AppLink to="/#coverage" className={textLink}>
              our UK coverage
            </AppLink>{' '}
            for more.
          </p>
        }
      >
        <CityLinks />
      </Section>

      <Section id="faq" tone="muted" title="Frequently asked questions">
        <Faq items={contactFaq} />
      </Section>
    </>
  );
}
