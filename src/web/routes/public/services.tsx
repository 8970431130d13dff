import { CallToAction } from '../../features/marketing/call-to-action';
import { CoverageSection } from '../../features/marketing/coverage';
import { NetworkSize } from '../../features/marketing/network-size';
import { ReviewsSection } from '../../features/marketing/reviews-section';
import { useScrollToHash } from '../../features/marketing/scroll';
import { PageHeader, Section } from '../../features/marketing/section';
import { ServiceCards } from '../../features/marketing/services-list';
import { WhyChoose } from '../../features/marketing/why-choose';

export default function ServicesPage() {
  // Home page service links point at /services#{slug}.
  useScrollToHash();

  return (
    <>
      <PageHeader
        title="Mobile car repair services"
        lead={
          <>
            Scratch repair, Paintless Dent Removal (PDR), alloy wheel repair, scuff repair and paint
            touch-up, carried out at your home or workplace by <NetworkSize />.
          </>
        }
      />

      <Section
        id="services"
        title="What we repair"
        intro={
          <p>
            Every repair starts with a free quote from your photos. Each card lists the kinds of
            damage the service covers; if you are not sure which one you need, send us photos and we
            will tell you.
          </p>
        }
      >
        <ServiceCards />
      </Section>

      <WhyChoose />

      <ReviewsSection />

      <CoverageSection tone="muted" />

      <CallToAction
        title="Get a free quote for your repair"
        text="Upload photos of the damage and we will e-mail you an itemised price. There is nothing to pay until you book."
      />
    </>
  );
}
