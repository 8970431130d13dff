import { AppLink } from '../../components/navigation/app-link';
import { site } from '../../../shared/site';
import { registeredOfficeLine } from '../../../shared/company-details';
import { company } from '../../lib/company';
import { EmailLink, PhoneLink, PostalAddress } from '../../features/marketing/contact-details';
import { BackToHome, LegalBody, LegalContents, LegalSection } from '../../features/marketing/legal';
import { PageHeader } from '../../features/marketing/section';
import { textLink } from '../../features/marketing/styles';

const sections = [
  { id: 'who-we-are', title: 'Who we are' },
  { id: 'cookies', title: 'Cookie policy' },
  { id: 'data-we-collect', title: 'Data we collect' },
  { id: 'how-we-use-it', title: 'How we use and share your data' },
  { id: 'security', title: 'Security' },
  { id: 'retention', title: 'How long we keep your data' },
  { id: 'your-rights', title: 'Your rights under UK GDPR' },
  { id: 'contact-us', title: 'Contact us about your data' },
] as const;

export default function PrivacyPolicyPage() {
  return (
    <>
      <PageHeader
        title="Privacy policy"
        lead="How we collect, use and protect your personal data when you use our website to get a quote, book a repair or work with us as a repairer."
      />
      <LegalBody>
        <LegalContents sections={sections} />

        <LegalSection id="who-we-are" title="Who we are">
          <p>
            {site.brand} is run by {company().name}, which is the controller of the personal data
            described here. You can write to us at:
          </p>
          <div className="mt-3">
            <PostalAddress />
          </div>
          <p>
            or e-mail <EmailLink />.
          </p>
        </LegalSection>

        <LegalSection id="cookies" title="Cookie policy">
          <p>We use essential cookies, which the site needs to work. They are used to:</p>
          <ul>
            <li>keep admins and repairers signed in;</li>
            <li>
              remember your access link, so you can return to your own assessment, quote and booking
              without an account;
            </li>
            <li>process card payments securely, through our card processor.</li>
          </ul>
          <p>
            Analytics cookies, which would help us improve the service, are set only if you agree to
            them in the cookie banner. At present the site sets none, whatever you choose: if we add
            them, this policy will name them first, and only visitors who chose Accept All will get
            them. If you choose Decline, or close the banner, no analytics cookies are ever set.
          </p>
          <p>
            Your choice is stored in your browser&apos;s local storage (under the key{' '}
            <code className="rounded bg-slate-100 px-1 text-sm">{site.cookieConsentKey}</code>), not
            on our servers. To change it, clear this site&apos;s data in your browser settings and the
            banner will ask again.
          </p>
        </LegalSection>

        <LegalSection id="data-we-collect" title="Data we collect">
          <p>When you ask for a quote or book a repair, we collect:</p>
          <ul>
            <li>contact details: your name, e-mail address and phone number;</li>
            <li>your address, town, county and postcode, where the repair will take place;</li>
            <li>vehicle details: make, model and year;</li>
            <li>
              a description of the damage and photos of it. Photos are re-encoded when you upload
              them and their metadata, including location data, is removed;
            </li>
            <li>your quote, booking, appointment and warranty records, and messages you send us.</li>
          </ul>
          <p>
            Card payments are handled by our card processor, Stripe. Your card details go directly to
            them: we never see or store your full card number.
          </p>
          <p>
            If you are a repairer, we hold your business name, contact name, e-mail address, phone
            number, location, service radius and specialisations. We may collect a business e-mail
            address from your own public website to introduce our service; every such e-mail has an
            unsubscribe link, and we never write again to anyone who unsubscribes.
          </p>
        </LegalSection>

        <LegalSection id="how-we-use-it" title="How we use and share your data">
          <p>We use your data to:</p>
          <ul>
            <li>prepare, review and send you a quote (to carry out our contract with you);</li>
            <li>book your repair, take payment and pay the repairer (to carry out the contract);</li>
            <li>send you e-mails about your quote, booking and repair;</li>
            <li>handle warranty claims, complaints and support requests;</li>
            <li>keep accounting records that the law requires us to keep.</li>
          </ul>
          <p>
            When we offer your job to repairers within 30 miles, they see your car, the damage, the
            photos, the price and your area (town and postcode district). Your name, phone number,
            e-mail address and full address are shared only with the repairer who accepts the job,
            and only after they accept it. To find repairers near you we place your postcode on a map
            using the centre of its postcode district, from public data that contains OS data ©
            Crown copyright and database right, Royal Mail data © Royal Mail copyright and database
            right, and National Statistics data © Crown copyright and database right (Open
            Government Licence v3.0).
          </p>
          <p>
            We also share data with the service providers that run parts of our service for us, such
            as our card processor, e-mail delivery and hosting, who may use it only on our
            instructions. We never sell your personal data.
          </p>
        </LegalSection>

        <LegalSection id="security" title="Security">
          <p>
            All traffic to our website is encrypted (HTTPS). Your assessment, quote, booking and
            photos can be opened only with your private access link, by our staff, or by the repairer
            who has accepted your job. Access links are long and unguessable, so records cannot be
            found by trying numbers. Staff and repairers must sign in, and each repairer sees only
            their own jobs.
          </p>
        </LegalSection>

        <LegalSection id="retention" title="How long we keep your data">
          <p>
            We keep your data only as long as we need it: while your quote or booking is active, and
            then for {company().retentionMonths} months after your repair (or your enquiry, if you did
            not book), which covers the {site.warrantyMonths}-month warranty and any claim under it.
            After that we erase your name, contact details, address, registration, description and
            photos automatically. We keep the amounts paid, with no name or address, for as long as UK
            tax and accounting law requires (generally six years). The one exception is your VAT
            invoice (and any credit note): HMRC requires us to keep it as issued, with the name and
            address it was made out to, for six years from the end of the tax year it belongs to, so
            erasing your data does not erase it. It is included when you download your data.
          </p>
          <p>
            You can download your data, or erase it sooner, at any time from your quote or appointment
            page (&ldquo;Your data&rdquo;), unless a booking is still to come; or ask us to.
          </p>
        </LegalSection>

        <LegalSection id="your-rights" title="Your rights under UK GDPR">
          <p>Under UK data protection law you have the right to:</p>
          <ul>
            <li>access the personal data we hold about you and get a copy of it;</li>
            <li>rectification: have inaccurate or incomplete data corrected;</li>
            <li>erasure: have your data deleted where we have no reason to keep it;</li>
            <li>restriction: ask us to limit how we use your data;</li>
            <li>object to our use of your data, including for direct marketing;</li>
            <li>data portability: receive your data in a machine-readable format;</li>
            <li>withdraw your consent to analytics cookies at any time.</li>
          </ul>
          <p>
            To use any of these rights, e-mail <EmailLink />. We reply within one month. If you are
            unhappy with how we handle your data, you can complain to the Information
            Commissioner&apos;s Office (ICO) at{' '}
            <a href="https://ico.org.uk" className={textLink} rel="noopener noreferrer">
              ico.org.uk
            </a>
            .
          </p>
        </LegalSection>

        <LegalSection id="contact-us" title="Contact us about your data">
          <p>
            E-mail <EmailLink />, call <PhoneLink /> ({company().supportHoursSentence}), or write to{' '}
            {company().name}, {registeredOfficeLine(company())}. Our{' '}
            <AppLink to="/terms" className={textLink}>
              terms of service
            </AppLink>{' '}
            explain how bookings work.
          </p>
        </LegalSection>

        <BackToHome />
      </LegalBody>
    </>
  );
}
