import { specialisationLabels, type Specialisation } from './damage';

export interface Service {
  slug: string;
  name: string;
  specialisation: Specialisation;
  /** One sentence; D6: only claims that are true of the product. */
  description: string;
  /** SPEC section 2 (Services), in UK English. */
  features: readonly string[];
}

export const services: readonly Service[] = [
  {
    slug: 'scratch-repair',
    name: specialisationLabels.scratch,
    specialisation: 'scratch',
    description:
      "Scratches in your car's paintwork, from light surface marks to deeper key damage, repaired by a mobile technician at your address.",
    features: ['light surface', 'deep', 'key damage', 'car park scrapes'],
  },
  {
    slug: 'paintless-dent-removal',
    name: specialisationLabels.pdr,
    specialisation: 'pdr',
    description:
      'Dents where the paint is unbroken are worked out from behind the panel, so the original paint stays in place.',
    features: ['hail', 'door dings', 'minor collision', 'car park dents'],
  },
  {
    slug: 'alloy-wheel-repair',
    name: specialisationLabels.alloy,
    specialisation: 'alloy',
    description: 'Kerbed, scratched and scuffed alloy wheels repaired and refinished, up to a full restoration.',
    features: ['kerb damage', 'scratches and scuffs', 'diamond cut refurbishment', 'full restoration'],
  },
  {
    slug: 'scuff-repair',
    name: specialisationLabels.scuff,
    specialisation: 'scuff',
    description: 'Scuffs on bumpers, plastic trim and panels smoothed, filled and refinished to match the surrounding surface.',
    features: ['bumper', 'plastic trim', 'wheel arch', 'side panel'],
  },
  {
    slug: 'paint-touch-up',
    name: specialisationLabels.paint,
    specialisation: 'paint',
    description: "Stone chips and small areas of damaged paint touched up in your car's own colour and finish.",
    features: ['metallic', 'pearlescent', 'matte', 'standard colours'],
  },
];

export function findService(slug: string): Service | undefined {
  return services.find((service) => service.slug === slug);
}
