import { AppLink } from '../../components/navigation/app-link';
import { site } from '../../../shared/site';
import { isVatRegistered, noVatSentence, vatRatePercentFor } from '../../../shared/vat';
import { company } from '../../lib/company';
import { specialisationLabels, specialisations } from '../../../shared/damage';
import { commissionLabel } from '../../../shared/money-split';
import { splitExample, technicianTerms } from '../../../shared/technician-rules';
import { PageHeader, Section } from '../../features/marketing/section';
import { bodyText, h3Class, textLink } from '../../features/marketing/styles';
import { TechnicianApplication } from '../../features/marketing/technician-application';

// Issue 35 item 5: "Work with AutoRevive", the technicians' way in. Every figure is a rule the
// product enforces (D6): the split is computed from the constants the payout uses
// (shared/technician-rules.ts, over shared/pricing.ts), never typed here.

const card = 'rounded-lg bg-white p-6 shadow-sm ring-1 ring-slate-200';

function Cards({ items }: { items: readonly { title: string; text: string }[] }) {
  return (
    <ul className="mt-8 grid gap-6 md:grid-cols-3">
      {items.map((item) => (
        <li key={item.title} className={card}>
          <h3 className={h3Class}>{item.title}</h3>
          <p className={`mt-2 ${bodyText}`}>{item.text}</p>
        </li>
      ))}
    </ul>
  );
}

export default function TechniciansPage() {
  const vatRegistered = isVatRegistered(company());
  const split = splitExample(vatRatePercentFor(company()));
  const { releaseHours, warrantyMonths, radiusMiles } = technicianTerms;
  const services = specialisations.map((s) => specialisationLabels[s].toLowerCase()).join(', ');
  const work = [
    {
      title: 'Jobs near you',
      text: `Customers send photos of the damage and our team prices the repair. Once they book and pay, we offer the job to verified technicians within ${radiusMiles} miles (and your own service radius) who do that kind of repair.`,
    },
    {
      title: 'You choose what to take',
      text: 'Each offer shows the car, the damage, the area and the slot before you accept. The customer’s name, phone number and address are shared with you once you accept.',
    },
    {
      title: 'Mobile work',
      text: `You repair the car at the customer’s home or work: ${services}. Morning slots run 8:00–12:00 and afternoon slots 13:00–17:00.`,
    },
  ];
  return (
    <>
      <PageHeader
        title={`Work with ${site.brand}`}
        lead={
          <>
            Are you a mobile cosmetic repair technician? Join {site.brand} and get paid repair jobs near you, with the
            customer’s payment held before you set off. Already with us?{' '}
            <AppLink to="/sign-in" className={textLink}>
              Sign in to your technician account
            </AppLink>
            .
          </>
        }
      />

      <Section id="the-work" title="What the work is">
        <Cards items={work} />
      </Section>

      <Section id="what-you-earn" tone="muted" title="What you earn">
        <div className={`mt-4 max-w-3xl space-y-4 ${bodyText}`}>
          <p>
            You receive <strong>{split.sharePercent}%</strong> of the repair’s price: the labour, parts and materials on the
            customer’s quote. {site.brand} keeps the other {100 - split.sharePercent}%, and the customer pays our{' '}
            {split.feePercent}% service fee{vatRegistered ? ' and VAT' : ''} on top, so {vatRegistered ? 'they never come' : 'it never comes'} out of your share.
          </p>
          <div className="rounded-lg bg-white p-4 ring-1 ring-slate-200">
            <p>For example, on a {split.repair} repair, as your job offers and dashboard show it:</p>
            <dl className="mt-2 grid gap-1 sm:grid-cols-[max-content_1fr] sm:gap-x-6">
              <dt>{vatRegistered ? 'Customer pays (incl. VAT)' : 'Customer pays'}</dt>
              <dd className="font-semibold text-navy-900">{split.customerPays}</dd>
              <dt>{commissionLabel}</dt>
              <dd className="font-semibold text-navy-900">
                {split.commission} <span className="font-normal">({split.commissionInWords})</span>
              </dd>
              <dt>You earn</dt>
              <dd className="font-semibold text-navy-900">{split.youEarn}</dd>
            </dl>
            <p className="mt-2">{vatRegistered ? `The other ${split.vat} is VAT, which goes to HMRC.` : `${noVatSentence}.`}</p>
          </div>
          <p>You see your share of every job before you accept it, and your dashboard adds up what has been paid and what is to come.</p>
        </div>
      </Section>

      <Section id="payment-and-warranty" title="How payment and the warranty work">
        <ul className="mt-8 grid gap-6 md:grid-cols-2">
          <li className={card}>
            <h3 className={h3Class}>Paid once the job is done</h3>
            <p className={`mt-2 ${bodyText}`}>
              The customer pays by card when they book, and we hold the money. Your share is paid to your bank account
              through Stripe once the customer confirms the repair, or {releaseHours} hours after you mark it complete if they
              have not reported a problem.
            </p>
          </li>
          <li className={card}>
            <h3 className={h3Class}>{warrantyMonths}-month warranty</h3>
            <p className={`mt-2 ${bodyText}`}>
              Every completed repair carries a {warrantyMonths}-month warranty from the technician who carried it out. If a
              customer reports a problem with your work in that time, we ask you to put it right.
            </p>
          </li>
        </ul>
      </Section>

      <Section
        id="how-we-vet"
        tone="muted"
        title="Before your first job"
        intro={
          <p>
            We promise customers vetted technicians, so our team checks every applicant before offering them jobs: your
            public liability insurance (and that it stays in date), your identity, and your skills. We will be in touch to
            arrange them, then e-mail you a link to create your account.
          </p>
        }
      />

      <Section id="apply" title="Apply to join">
        <p id="apply-intro" className={`mt-3 max-w-3xl ${bodyText}`}>
          Your application to join the {site.brand} network. Every field is needed except your website.
        </p>
        <TechnicianApplication />
      </Section>
    </>
  );
}
