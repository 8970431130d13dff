import { AppLink } from '../../components/navigation/app-link';
import { site } from '../../../shared/site';
import { ContactDetails } from '../../features/marketing/contact-details';
import { CoverageSection } from '../../features/marketing/coverage';
import { TickList } from '../../features/marketing/icons';
import { NetworkSize } from '../../features/marketing/network-size';
import { ReviewsSection } from '../../features/marketing/reviews-section';
import { scrollToSection, useScrollToHash } from '../../features/marketing/scroll';
import { Section } from '../../features/marketing/section';
import { ServicesSummary } from '../../features/marketing/services-list';
import { ThreeSteps } from '../../features/marketing/three-steps';
import { WhyChoose } from '../../features/marketing/why-choose';
import { bodyText, container, eyebrow, h1Class, primaryButton, quietLink } from '../../features/marketing/styles';

const heroPoints = [
  `${site.warrantyMonths}-month warranty on all repairs`,
  'No hidden fees: the price you accept is the price you pay',
  'Payment held until the repair is completed',
  'Pay by credit or debit card',
];

export default function HomePage() {
  useScrollToHash();

  return (
    <>
      <section aria-labelledby="hero-heading" className="bg-slate-50">
        <div className={`${container} py-16 sm:py-24`}>
          <p className={eyebrow}>{site.tagline}</p>
          <h1 id="hero-heading" className={`mt-2 max-w-3xl ${h1Class} sm:text-5xl`}>
            Car scratch and dent repair that comes to you
          </h1>
          <p className="mt-6 max-w-2xl text-lg leading-8 text-slate-700">
            Send us photos of the damage and get a free quote, {site.quoteTurnaround}. Your car is
            repaired at home or at work by <NetworkSize />.
          </p>
          <div className="mt-8 flex flex-wrap items-center gap-4">
            <button type="button" className={primaryButton} onClick={() => scrollToSection('assessment')}>
              Get Free Quote
            </button>
            <AppLink
              to="/services"
              className={`rounded-sm ${quietLink}`}
            >
              See our repair services
            </AppLink>
          </div>
          <TickList items={heroPoints} className="mt-10 grid gap-2 sm:grid-cols-2" />
        </div>
      </section>

      <ThreeSteps />

      <Section
        id="services"
        tone="muted"
        title="Our repair services"
        intro={<p>Five kinds of cosmetic repair, all carried out by mobile technicians at your home or workplace.</p>}
      >
        <ServicesSummary />
      </Section>

      <WhyChoose tone="white" />

      <ReviewsSection tone="muted" />

      <Section id="assessment" tone="white" focusTarget title="Your free assessment">
        <div className="mt-4 grid gap-8 md:grid-cols-2 md:items-start">
          <div className={`space-y-4 ${bodyText}`}>
            <p>
              Upload up to 10 photos of the damage from your phone (JPEG, PNG, WebP or HEIC, up to 10
              MB each), then tell us about your car and where it is parked.
            </p>
            <p>
              We review your photos and e-mail you an itemised quote, {site.quoteTurnaround}. There is
              no obligation and nothing to pay until you accept the quote and book.
            </p>
          </div>
          <div className="rounded-lg bg-slate-50 p-6 shadow-sm ring-1 ring-slate-200">
            <p className="font-semibold text-navy-900">What you will need</p>
            <p className="mt-2 text-slate-700">
              Your photos, your contact details, your car&apos;s make, model and year, and the address where it will be repaired.
            </p>
            <AppLink to="/assessment" className={`mt-6 ${primaryButton}`}>
              Start free assessment
            </AppLink>
          </div>
        </div>
      </Section>

      <CoverageSection tone="muted" />

      <Section
        id="contact"
        tone="white"
        title="Contact us"
        intro={<p>Questions about a quote or a booking? Our team is here to help in our support hours.</p>}
      >
        <ContactDetails />
      </Section>
    </>
  );
}
