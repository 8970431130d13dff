import { AppLink } from '../../components/navigation/app-link';
import { site } from '../../../shared/site';
import { openDaysShort } from '../../../shared/company-details';
import { company } from '../../lib/company';
import { CallToAction } from '../../features/marketing/call-to-action';
import { NetworkSize } from '../../features/marketing/network-size';
import { PageHeader, Section } from '../../features/marketing/section';
import { bodyText, h3Class, textLink } from '../../features/marketing/styles';

// No invented figures (D2, D6): each statistic is a rule the product enforces.
const stats = () => [
  { value: `${site.warrantyMonths}-month warranty`, detail: 'on every completed repair' },
  { value: `${openDaysShort(company().supportHours) ?? 'Weekly'} support`, detail: company().supportHoursSentence },
  { value: '3 steps to a quote', detail: 'upload photos, get pricing, book a repair' },
  { value: '30-mile dispatch radius', detail: 'jobs go to vetted technicians near you' },
];

const differentiators = [
  {
    title: 'We come to you',
    text: 'Technicians are mobile and repair your car at home or at work. There is no body shop to drive to and no days without your car.',
  },
  {
    title: 'A price before you commit',
    text: `Our team reviews your photos and e-mails you an itemised quote, ${site.quoteTurnaround}. The price you accept is the price you pay.`,
  },
  {
    title: 'Independent local specialists',
    text: 'Repairs are carried out by independent local repair businesses who specialise in cosmetic damage. We offer each job to those within 30 miles whose skills match the damage.',
  },
  {
    title: 'One place for everything',
    text: 'Quote, booking, card payment and warranty are handled in one place, with a private link in every e-mail so you can check your quote or booking at any time.',
  },
];

const assurances = [
  {
    title: 'Vetted technicians',
    text: 'Repairers pass background checks and skills assessments before they are verified, and only verified repairers are offered jobs.',
  },
  {
    title: `${site.warrantyMonths}-month warranty`,
    text: `Every completed repair carries a ${site.warrantyMonths}-month warranty from the repairer who carried it out, and we keep a record of it against your booking.`,
  },
  {
    title: 'Payment held until completion',
    text: 'You pay by card when you book and we hold the money. The repairer is paid only once the job is done and you are happy, or 72 hours after completion if you have not raised a problem.',
  },
  {
    title: 'Your details kept private',
    text: 'Repairers see your car, the damage and your area before accepting a job. Your name, phone number, e-mail and address are shared only with the repairer who accepts it.',
  },
];

function CardGrid({ items }: { items: readonly { title: string; text: string }[] }) {
  return (
    <ul className="mt-8 grid gap-6 md:grid-cols-2">
      {items.map((item) => (
        <li key={item.title} className="rounded-lg bg-white p-6 shadow-sm ring-1 ring-slate-200">
          <h3 className={h3Class}>{item.title}</h3>
          <p className={`mt-2 ${bodyText}`}>{item.text}</p>
        </li>
      ))}
    </ul>
  );
}

export default function AboutPage() {
  return (
    <>
      <PageHeader
        title={`About ${site.brand}`}
        lead={
          <>
            For mobile cosmetic car repair (scratches, dents, scuffs, alloy wheels and paintwork),{' '}
            {site.brand} connects UK drivers with <NetworkSize />.
          </>
        }
      />

      <Section id="at-a-glance" title={`${site.brand} at a glance`}>
        <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
          {stats().map((stat) => (
            <li key={stat.value} className="rounded-lg bg-slate-50 p-5 ring-1 ring-slate-200">
              <p className="text-xl font-bold text-teal-brand-dark">{stat.value}</p>
              <p className="mt-1 text-sm text-slate-700">{stat.detail}</p>
            </li>
          ))}
          <li className="rounded-lg bg-slate-50 p-5 ring-1 ring-slate-200">
            <p className="text-xl font-bold text-teal-brand-dark">Vetted technicians</p>
            <p className="mt-1 text-sm text-slate-700">
              <NetworkSize sentenceStart />, checked before they are offered jobs
            </p>
          </li>
        </ul>
      </Section>

      <Section id="mission" tone="muted" title="Our mission">
        <div className={`mt-4 max-w-3xl space-y-4 ${bodyText}`}>
          <p>
            A scratch, a dent or a kerbed wheel is rarely worth a week without your car, or a price
            you cannot see until the work is done. Our mission is to make cosmetic repair simple,
            fairly priced and safe to book.
          </p>
          <p>
            That means a clear price from a few photos, a vetted technician at your door, and your
            money protected until the job is finished. Read how it works on our{' '}
            <AppLink to="/services" className={textLink}>
              services page
            </AppLink>
            .
          </p>
        </div>
      </Section>

      <Section id="what-makes-us-different" title="What makes us different">
        <CardGrid items={differentiators} />
      </Section>

      <Section
        id="quality-assurance"
        tone="muted"
        title="Quality assurance"
        intro={
          <p>
            Repairers on {site.brand} are independent businesses, responsible for their own work and
            its warranty. This is how we make sure you are in safe hands.
          </p>
        }
      >
        <CardGrid items={assurances} />
      </Section>

      <CallToAction title="Ready to get your car looking right again?" />
    </>
  );
}
