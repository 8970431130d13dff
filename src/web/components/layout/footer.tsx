import { AppLink } from '../navigation/app-link';
import { site } from '../../../shared/site';
import { companyRegistration, registeredOfficeLine } from '../../../shared/company-details';
import { company } from '../../lib/company';

const linkClass = 'rounded-sm text-slate-100 underline-offset-4 hover:underline';

const companyLinks = [
  { to: '/about', label: 'About' },
  { to: '/services', label: 'Services' },
  { to: '/contact', label: 'Contact' },
  { to: '/#coverage', label: 'Areas we cover' },
] as const;

// Issue 35 item 5: a technician's way in, and back in.
const technicianLinks = [
  { to: '/technicians', label: 'For technicians' },
  { to: '/sign-in', label: 'Technician sign in' },
] as const;

// D22: Terms of service has a real page.
const legalLinks = [
  { to: '/privacy-policy', label: 'Privacy policy' },
  { to: '/terms', label: 'Terms of service' },
] as const;

export function Footer() {
  const details = company();
  return (
    <footer className="surface-dark mt-auto bg-navy-900 text-slate-100">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <p className="text-lg font-extrabold text-white">{site.brand}</p>
          <p className="text-sm text-slate-200">{site.tagline}</p>
        </div>
        <FooterLinks title="Company" links={companyLinks} />
        <div className="space-y-8">
          <FooterLinks title="Legal" links={legalLinks} />
          <FooterLinks title="Technicians" links={technicianLinks} />
        </div>
        <div>
          <h2 className="text-sm font-semibold tracking-wide text-white uppercase">Contact us</h2>
          <address className="mt-3 space-y-1 text-sm not-italic">
            <p>
              <a href={`tel:${details.supportPhoneE164}`} className={linkClass}>
                {details.supportPhone}
              </a>
            </p>
            <p>
              <a href={`mailto:${details.supportEmail}`} className={linkClass}>
                {details.supportEmail}
              </a>
            </p>
            <p className="pt-2 text-slate-200">{details.name}, {registeredOfficeLine(details)}</p>
          </address>
          <ul className="mt-3 space-y-0.5 text-sm text-slate-200">
            {details.supportHours.map((row) => (
              <li key={row.days}>
                {row.days}: {row.hours}
              </li>
            ))}
          </ul>
        </div>
      </div>
      <div className="border-t border-navy-700">
        <p className="mx-auto max-w-6xl px-4 pt-4 text-sm text-slate-200">
          © <span suppressHydrationWarning>{new Date().getFullYear()}</span> {details.name}. All rights reserved.
        </p>
        {/* Issue 14: a company's website names its registration (Companies Act 2006). */}
        <p className="mx-auto max-w-6xl px-4 pt-1 pb-4 text-sm text-slate-200">{companyRegistration(details)}</p>
      </div>
    </footer>
  );
}

function FooterLinks({ title, links }: { title: string; links: readonly { to: string; label: string }[] }) {
  return (
    <nav aria-label={title}>
      <h2 className="text-sm font-semibold tracking-wide text-white uppercase">{title}</h2>
      <ul className="mt-3 space-y-2 text-sm">
        {links.map((link) => (
          <li key={link.to}>
            <AppLink to={link.to} className={linkClass}>
              {link.label}
            </AppLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
