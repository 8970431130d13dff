import type { z } from 'zod';

// SPEC section 3: the damage types and locations a customer can choose on the assessment form.
export const damageTypes = ['scratch', 'scuff', 'dent', 'paint_damage'] as const;
export type DamageType = (typeof damageTypes)[number];

export const damageTypeLabels: Record<DamageType, string> = {
  scratch: 'Scratch Repair',
  scuff: 'Scuff Removal',
  dent: 'Paintless Dent Removal (PDR)',
  paint_damage: 'Paint Touch-Up',
};

export const damageLocations = [
  'bonnet',
  'front_bumper',
  'rear_bumper',
  'driver_door',
  'passenger_door',
  'rear_door_left',
  'rear_door_right',
  'wing_left',
  'wing_right',
  'roof',
  'boot',
  'pillar',
  'wheel_arch',
  'sill',
] as const;
export type DamageLocation = (typeof damageLocations)[number];

// UK cars are right-hand drive: the driver's door is the front right, the passenger's the front left.
export const damageLocationLabels: Record<DamageLocation, string> = {
  bonnet: 'Bonnet',
  front_bumper: 'Front bumper',
  rear_bumper: 'Rear bumper',
  driver_door: "Driver's door",
  passenger_door: 'Front passenger door',
  rear_door_left: 'Left rear door',
  rear_door_right: 'Right rear door',
  wing_left: 'Left wing',
  wing_right: 'Right wing',
  roof: 'Roof',
  boot: 'Boot',
  pillar: 'Pillar',
  wheel_arch: 'Wheel arch',
  sill: 'Sill',
};

/** What a repairer says they can do (SPEC section 3, Repairer.specializations). */
export const specialisations = ['scratch', 'pdr', 'alloy', 'scuff', 'paint'] as const;
export type Specialisation = (typeof specialisations)[number];

export const specialisationLabels: Record<Specialisation, string> = {
  scratch: 'Scratch Repair',
  pdr: 'Paintless Dent Removal (PDR)',
  alloy: 'Alloy Wheel Repair',
  scuff: 'Scuff Repair',
  paint: 'Paint Touch-Up',
};

/** D16: a job goes only to repairers whose specialisations cover its damage. */
export const specialisationForDamage: Record<DamageType, Specialisation> = {
  scratch: 'scratch',
  scuff: 'scuff',
  dent: 'pdr',
  paint_damage: 'paint',
};

export function isDamageType(value: unknown): value is DamageType {
  return typeof value === 'string' && (damageTypes as readonly string[]).includes(value);
}

export function isDamageLocation(value: unknown): value is DamageLocation {
  return typeof value === 'string' && (damageLocations as readonly string[]).includes(value);
}

export function isSpecialisation(value: unknown): value is Specialisation {
  return typeof value === 'string' && (specialisations as readonly string[]).includes(value);
}

// Alloy Wheel Repair is one of the five services (SPEC section 2) but SPEC's form cannot ask for
// it. Its damage type and the four wheel positions extend SPEC's lists rather than change them:
// the arrays and labels above stay exactly SPEC section 3's vocabulary, and everything that
// accepts or prices any damage uses the `all…` lists below.
export const ALLOY_WHEEL = 'alloy_wheel' as const;

export const wheelLocations = ['wheel_front_left', 'wheel_front_right', 'wheel_rear_left', 'wheel_rear_right'] as const;
export type WheelLocation = (typeof wheelLocations)[number];

export const wheelLocationLabels: Record<WheelLocation, string> = {
  wheel_front_left: 'Front left wheel',
  wheel_front_right: 'Front right wheel',
  wheel_rear_left: 'Rear left wheel',
  wheel_rear_right: 'Rear right wheel',
};

export const allDamageTypes = [...damageTypes, ALLOY_WHEEL] as const;
export type AnyDamageType = (typeof allDamageTypes)[number];

export const allDamageTypeLabels: Record<AnyDamageType, string> = {
  ...damageTypeLabels,
  alloy_wheel: specialisationLabels.alloy,
};

export const allDamageLocations = [...damageLocations, ...wheelLocations] as const;
export type AnyDamageLocation = (typeof allDamageLocations)[number];

export const allDamageLocationLabels: Record<AnyDamageLocation, string> = {
  ...damageLocationLabels,
  ...wheelLocationLabels,
};

/** D16 for every damage type, alloy wheels included. */
export const specialisationForAnyDamage: Record<AnyDamageType, Specialisation> = {
  ...specialisationForDamage,
  alloy_wheel: 'alloy',
};

export function isAnyDamageType(value: unknown): value is AnyDamageType {
  return typeof value === 'string' && (allDamageTypes as readonly string[]).includes(value);
}

export function isAnyDamageLocation(value: unknown): value is AnyDamageLocation {
  return typeof value === 'string' && (allDamageLocations as readonly string[]).includes(value);
}

export function isWheelLocation(value: unknown): value is WheelLocation {
  return typeof value === 'string' && (wheelLocations as readonly string[]).includes(value);
}

export const damageLocationMessages = {
  wheelsNeeded: 'Please choose which wheels are damaged',
  wheelsOnlyForAlloys: 'Wheel positions go with Alloy Wheel Repair',
} as const;

/**
 * Which locations go with which type: Alloy Wheel Repair takes wheel positions only, and wheel
 * positions go with nothing else. The message to show, or null when they match. An empty list
 * is the caller's own 'at least one location' rule.
 */
export function damageLocationsProblem(type: AnyDamageType, locations: readonly AnyDamageLocation[]): string | null {
  if (type === ALLOY_WHEEL) {
    return locations.every(isWheelLocation) ? null : damageLocationMessages.wheelsNeeded;
  }
  return locations.some(isWheelLocation) ? damageLocationMessages.wheelsOnlyForAlloys : null;
}

/**
 * damageLocationsProblem as a zod refinement for a schema with damageType and damageLocations
 * (CustomerDetailsSchema), reported on damageLocations. It stays quiet while either field is
 * itself invalid, which that field's own rule reports.
 */
export function refineDamageLocations(value: { damageType: unknown; damageLocations: unknown }, ctx: z.RefinementCtx): void {
  const { damageType, damageLocations: locations } = value;
  if (!isAnyDamageType(damageType) || !Array.isArray(locations) || !locations.every(isAnyDamageLocation)) return;
  const message = damageLocationsProblem(damageType, locations);
  if (message) ctx.addIssue({ code: 'custom', message, path: ['damageLocations'], input: locations });
}
