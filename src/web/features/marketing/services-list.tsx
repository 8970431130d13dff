import { AppLink } from '../../components/navigation/app-link';
import { TickList } from './icons';
import { ServiceFromPrice, servicePriceNote } from './service-prices';
import { services } from './services';
import { bodyText, h3Class, textLink } from './styles';

/** Short cards for the home and area pages, each linking to its card on /services. */
export function ServicesSummary() {
  return (
    <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {services.map((service) => (
        <li key={service.slug} className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
          <h3 className={h3Class}>
            <AppLink to={`/services#${service.slug}`} className="rounded-sm underline-offset-2 hover:underline">
              {service.name}
            </AppLink>
          </h3>
          <p className={`mt-2 ${bodyText}`}>{service.summary}</p>
        </li>
      ))}
      <li className="flex items-center rounded-lg border border-dashed border-slate-300 p-5">
        <AppLink to="/services" className={textLink}>
          Compare all our repair services
        </AppLink>
      </li>
    </ul>
  );
}

/** The full cards on /services: description, the typical price from the price list and SPEC's features for each service. */
export function ServiceCards() {
  return (
    <>
      <ul className="mt-8 grid gap-6 md:grid-cols-2">
        {services.map((service) => (
          <li
            key={service.slug}
            id={service.slug}
            tabIndex={-1}
            className="rounded-lg border border-slate-200 bg-white p-6 shadow-sm focus:outline-none"
          >
            <h3 className={h3Class}>{service.name}</h3>
            <p className={`mt-2 ${bodyText}`}>{service.description}</p>
            <ServiceFromPrice damageType={service.damageType} className="mt-3 text-base text-navy-900" />
            <p className="mt-4 text-sm font-semibold text-navy-900">What it covers</p>
            <TickList items={service.features} className="mt-2" />
          </li>
        ))}
      </ul>
      <p className={`mt-6 ${bodyText}`}>{servicePriceNote}</p>
    </>
  );
}
