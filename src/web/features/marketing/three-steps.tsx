import { site } from '../../../shared/site';
import { Section } from './section';
import { bodyText, eyebrow, h3Class } from './styles';

// SPEC section 1: "a free quote in three steps".
const steps = [
  {
    title: 'Upload photos of the damage',
    text: 'Take a few photos on your phone and send them with your car and postcode details. It takes a few minutes and costs nothing.',
  },
  {
    title: 'Get pricing',
    text: `We review your photos and e-mail you an itemised quote, ${site.quoteTurnaround}. The price you accept is the price you pay.`,
  },
  {
    title: 'Book a repair',
    text: 'Accept the quote, pick a morning or afternoon slot on a weekday and pay by card. A vetted technician comes to your home or workplace.',
  },
] as const;

export function ThreeSteps({ id = 'how-it-works', tone = 'white' }: { id?: string; tone?: 'white' | 'muted' }) {
  return (
    <Section id={id} tone={tone} title="A free quote in three steps">
      <ol className="mt-8 grid gap-6 md:grid-cols-3">
        {steps.map((step, index) => (
          <li key={step.title} className="rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
            <p className={eyebrow}>Step {index + 1}</p>
            <h3 className={`mt-1 ${h3Class}`}>{step.title}</h3>
            <p className={`mt-2 ${bodyText}`}>{step.text}</p>
          </li>
        ))}
      </ol>
    </Section>
  );
}
