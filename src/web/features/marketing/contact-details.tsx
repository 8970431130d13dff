import { company } from '../../lib/company';
import { h3Class, quietLink, textLink } from './styles';

// D1 and D3: every contact detail and the support hours come from the settings (lib/company.ts).
export function PhoneLink({ className = textLink }: { className?: string }) {
  return (
    <a href={`tel:${company().supportPhoneE164}`} className={className}>
      {company().supportPhone}
    </a>
  );
}

export function EmailLink({ className = textLink }: { className?: string }) {
  return (
    <a href={`mailto:${company().supportEmail}`} className={className}>
      {company().supportEmail}
    </a>
  );
}

/** The support hours as a sentence, read when it renders. */
export function SupportHoursSentence() {
  return <>{company().supportHoursSentence}</>;
}

export function SupportHoursTable({ caption = 'Support hours' }: { caption?: string }) {
  return (
    <table className="mt-2 w-full max-w-sm text-left text-slate-700">
      <caption className="sr-only">{caption}</caption>
      <tbody>
        {company().supportHours.map((row) => (
          <tr key={row.days} className="border-b border-slate-200 last:border-0">
            <th scope="row" className="py-2 pr-4 font-medium text-navy-900">
              {row.days}
            </th>
            <td className="py-2">{row.hours}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The company's registered office, which is also where customers write to. */
export function PostalAddress() {
  const details = company();
  const lines = [details.name, ...details.registeredOffice.street, details.registeredOffice.town, details.registeredOffice.postcode];
  return (
    <address className="not-italic leading-7 text-slate-700">
      {lines.map((line) => (
        <span key={line} className="block">
          {line}
        </span>
      ))}
    </address>
  );
}

/** 'AutoRevive Ltd is registered in England and Wales, company number 00000000.' and the VAT number when there is one. */
export function CompanyRegistration({ className }: { className?: string }) {
  const details = company();
  return (
    <p className={className}>
      {details.name} is registered in {details.registeredIn}, company number {details.number}.
      {details.vatNumber ? ` VAT number ${details.vatNumber}.` : ''}
    </p>
  );
}

/** The compact block used on the home page, under a section's h2. */
export function ContactDetails() {
  const card = 'rounded-lg border border-slate-200 bg-white p-6 shadow-sm';
  return (
    <div className="mt-8 grid gap-6 md:grid-cols-3">
      <div className={card}>
        <h3 className={h3Class}>Phone</h3>
        <p className="mt-2 text-lg">
          <PhoneLink className={quietLink} />
        </p>
        <p className="mt-2 text-slate-700">Urgent problems with a booked repair: by phone in our support hours.</p>
      </div>
      <div className={card}>
        <h3 className={h3Class}>E-mail</h3>
        <p className="mt-2 text-lg">
          <EmailLink className={`break-all ${quietLink}`} />
        </p>
        <p className="mt-2 text-slate-700">We reply to e-mails during our support hours.</p>
      </div>
      <div className={card}>
        <h3 className={h3Class}>Support hours</h3>
        <SupportHoursTable />
      </div>
    </div>
  );
}
