import type { ReactNode } from 'react';
import { site } from '../../../shared/site';
import { Section } from './section';
import { bodyText, h3Class } from './styles';

// D6 and D14: every claim here must stay true of the product.
export const benefits = [
  {
    title: `${site.warrantyMonths}-month warranty`,
    text: `Every completed repair comes with a ${site.warrantyMonths}-month warranty from the technician who carried it out, recorded against your booking.`,
  },
  {
    title: 'No hidden fees',
    // Issue 37: true whether or not the company charges VAT (COMPANY_VAT_NUMBER=none); the quote says which.
    text: 'Your quote is itemised, with our service fee and any VAT included. The price you accept is the price you pay.',
  },
  {
    title: 'Payment held until the repair is completed',
    text: 'You pay by card when you book and we hold the money. The technician is paid only once the job is done and you are happy, or 72 hours after completion if you have not raised a problem.',
  },
  {
    title: 'Vetted technicians',
    text: 'Technicians pass background checks and skills assessments before they can accept jobs.',
  },
  {
    title: 'Repairs at your door',
    text: 'Mobile technicians repair your car at home or at work, so there is no body shop visit and no courtesy car to arrange.',
  },
  {
    title: 'Quick to book',
    text: 'Appointments are usually available within 24–48 hours, Monday to Friday, in morning or afternoon slots.',
  },
  {
    title: 'Secure card payment',
    text: 'Pay by credit or debit card through our card processor. We never see your full card number.',
  },
] as const;

interface WhyChooseProps {
  id?: string;
  title?: ReactNode;
  intro?: ReactNode;
  tone?: 'white' | 'muted';
}

export function WhyChoose({
  id = 'why-choose',
  title = `Why choose ${site.brand}`,
  intro,
  tone = 'muted',
}: WhyChooseProps) {
  return (
    <Section id={id} title={title} intro={intro} tone={tone}>
      <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {benefits.map((benefit) => (
          <li key={benefit.title} className="rounded-lg bg-white p-6 shadow-sm ring-1 ring-slate-200">
            <h3 className={h3Class}>{benefit.title}</h3>
            <p className={`mt-2 ${bodyText}`}>{benefit.text}</p>
          </li>
        ))}
      </ul>
    </Section>
  );
}
