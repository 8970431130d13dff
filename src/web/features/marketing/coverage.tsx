import { AppLink } from '../../components/navigation/app-link';
import type { City } from '../../../shared/cities';
import { cities } from '../../../shared/cities';
import { PinIcon } from './icons';
import { Section } from './section';

/** The 16 cities (SPEC section 2), each linking to its area page. */
export function CityLinks({ list = cities }: { list?: readonly City[] }) {
  return (
    <ul className="mt-6 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
      {list.map((city) => (
        <li key={city.slug}>
          <AppLink
            to={`/areas/${city.slug}`}
            className="flex items-center gap-2 rounded-md border border-slate-200 bg-white px-3 py-2 font-medium text-teal-brand-dark hover:border-teal-brand hover:underline"
          >
            <PinIcon className="h-4 w-4 text-teal-brand" />
            {city.name}
          </AppLink>
        </li>
      ))}
    </ul>
  );
}

interface CoverageSectionProps {
  id?: string;
  tone?: 'white' | 'muted';
}

export function CoverageSection({ id = 'coverage', tone = 'white' }: CoverageSectionProps) {
  return (
    <Section
      id={id}
      tone={tone}
      focusTarget
      title="Coverage across the UK"
      intro={
        <p>
          We aim to cover every UK postcode, and offer each job to vetted technicians within 30
          miles of your postcode. Our main areas include these 16 cities; choose yours to find out
          more.
        </p>
      }
    >
      <CityLinks />
    </Section>
  );
}

function distanceKm(a: City, b: City): number {
  const rad = Math.PI / 180;
  const dLat = (b.latitude - a.latitude) * rad;
  const dLon = (b.longitude - a.longitude) * rad;
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(a.latitude * rad) * Math.cos(b.latitude * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(h));
}

/** The covered cities closest to the given one, nearest first. */
export function nearbyCities(city: City, count = 4): City[] {
  return cities
    .filter((other) => other.slug !== city.slug)
    .map((other) => ({ other, km: distanceKm(city, other) }))
    .sort((x, y) => x.km - y.km)
    .slice(0, count)
    .map(({ other }) => other);
}
