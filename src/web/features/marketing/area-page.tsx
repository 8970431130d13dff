import type { ComponentType } from 'react';
import { AppLink } from '../../components/navigation/app-link';
import { findCity } from '../../../shared/cities';
import { site } from '../../../shared/site';
import { CallToAction } from './call-to-action';
import { CityLinks, nearbyCities } from './coverage';
import { NetworkSize } from './network-size';
import { ReviewsSection } from './reviews-section';
import { regionName } from './page-meta';
import { PageHeader, Section } from './section';
import { ServicesSummary } from './services-list';
import { ThreeSteps } from './three-steps';
import { bodyText, container, h1Class, textLink } from './styles';

function AreaNotFound() {
  return (
    <div className={`${container} py-16`}>
      <h1 className={h1Class}>Page not found</h1>
      <p className={`mt-4 ${bodyText}`}>We could not find that area page.</p>
      <p className="mt-6">
        <AppLink to="/" className={textLink}>
          Back to home
        </AppLink>
      </p>
    </div>
  );
}

/** /areas/{slug}: one of the 16 cities (SPEC section 2), or not found. */
export function AreaPage({ slug }: { slug: string }) {
  const city = findCity(slug);
  if (!city) return <AreaNotFound />;

  const region = regionName(city);
  const others = nearbyCities(city);

  return (
    <>
      <PageHeader
        title={`Mobile car scratch and dent repair in ${city.name}`}
        lead={`Get a free quote from your photos, ${site.quoteTurnaround}, then book a vetted technician to repair your car at home or at work in ${city.name}.`}
      />

      <Section id="local-repairs" title={`Car body repairs across ${city.name}`}>
        <div className={`mt-4 max-w-3xl space-y-4 ${bodyText}`}>
          <p>
            Whether you are parked in the city centre ({city.outcode}) or elsewhere in {city.name} and
            across {region}, a vetted technician comes to you. We offer your job to verified
            technicians within 30 miles of your postcode whose skills match the damage.
          </p>
          <p>
            Scratches, dents, scuffed bumpers, kerbed alloys and chipped paint can usually be put
            right on your driveway or at your workplace, with no body shop visit. Every completed
            repair comes with a {site.warrantyMonths}-month warranty, and your payment is held until
            the repair is completed. {site.brand} works with <NetworkSize />.
          </p>
        </div>
      </Section>

      <Section id="services" tone="muted" title={`Repair services in ${city.name}`}>
        <ServicesSummary />
      </Section>

      <ThreeSteps />

      <ReviewsSection tone="muted" />

      <CallToAction
        title={`Get a free repair quote in ${city.name}`}
        text="Upload photos of the damage and we will e-mail you an itemised price. There is nothing to pay until you book."
      />

      <Section
        id="nearby-areas"
        title="Other areas we cover"
        intro={
          <p>
            We aim to cover every UK postcode. Nearby cities include the ones below; see{' '}
            <AppLink to="/#coverage" className={textLink}>
              all areas we cover
            </AppLink>
            .
          </p>
        }
      >
        <CityLinks list={others} />
      </Section>
    </>
  );
}

/** The area page for one city as a component without props, for the public page registry. */
export function areaPageFor(slug: string): ComponentType {
  return function CityAreaPage() {
    return <AreaPage slug={slug} />;
  };
}
