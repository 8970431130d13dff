// SPEC section 2 (Services): the five services and exactly their listed features.
import type { AnyDamageType } from '../../../shared/damage';

export interface Service {
  /** Anchor on /services, e.g. /services#alloy-wheel-repair. */
  slug: string;
  /** The damage type its quotes are priced as (the price list's, src/shared/damage.ts). */
  damageType: AnyDamageType;
  name: string;
  summary: string;
  description: string;
  features: readonly string[];
}

export const services: readonly Service[] = [
  {
    slug: 'scratch-repair',
    damageType: 'scratch',
    name: 'Scratch Repair',
    summary: 'Surface marks and deeper scratches filled, colour-matched and polished out.',
    description:
      'From light marks in the lacquer to scratches through to the primer, your technician cleans, fills, colour-matches and polishes the damage so the panel looks right again, without taking the car to a body shop.',
    features: ['Light surface scratches', 'Deep scratches', 'Key damage', 'Car park scrapes'],
  },
  {
    slug: 'paintless-dent-removal',
    damageType: 'dent',
    name: 'Paintless Dent Removal (PDR)',
    summary: 'Dents gently worked out from behind the panel, keeping the original paint.',
    description:
      'Paintless Dent Removal uses specialist tools to massage a dent back into shape from behind the panel. Where the paint is not broken, there is no filler and no respray, so your original factory finish stays.',
    features: ['Hail damage', 'Door dings', 'Minor collision dents', 'Car park dents'],
  },
  {
    slug: 'alloy-wheel-repair',
    damageType: 'alloy_wheel',
    name: 'Alloy Wheel Repair',
    summary: 'Kerbed and scuffed alloys repaired and refinished.',
    description:
      'Kerbing, scratches and scuffs on alloy wheels are filled, smoothed and refinished to match, from a single kerbed rim to a full restoration, including diamond cut wheels.',
    features: ['Kerb damage', 'Scratches and scuffs', 'Diamond cut refurbishment', 'Full restoration'],
  },
  {
    slug: 'scuff-repair',
    damageType: 'scuff',
    name: 'Scuff Repair',
    summary: 'Scuffed bumpers, trims and panels smoothed and re-coloured.',
    description:
      'Scuffs on bumpers, trims and panels are smoothed, filled where needed and re-coloured, then blended into the surrounding paint or plastic for an even finish.',
    features: ['Bumper scuffs', 'Plastic trim', 'Wheel arch', 'Side panel'],
  },
  {
    slug: 'paint-touch-up',
    damageType: 'paint_damage',
    name: 'Paint Touch-Up',
    summary: 'Chips and small areas of paint damage matched to your paint code.',
    description:
      "Stone chips and small areas of damaged paint are matched to your car's paint code, applied in layers and blended so the repair sits flush with the paint around it.",
    features: ['Metallic', 'Pearlescent', 'Matte', 'Standard colours'],
  },
];
