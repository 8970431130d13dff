import type { z } from 'zod';

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

// One list per vocabulary, in the order screens show it. `spec` marks SPEC section 3's values,
// which SPEC's four-value damage type and fourteen locations accept; Alloy Wheel Repair is one
// of the five services (SPEC section 2) that SPEC's form cannot ask for, so it and the four
// wheel positions are in the lists with `spec: false`. Everything that accepts, prices or names
// damage uses the `all…` views below; the SPEC-only views exist for what must stay SPEC's.

export const ALLOY_WHEEL = 'alloy_wheel' as const;

const damageTypeCatalogue = [
  { value: 'scratch', label: 'Scratch Repair', specialisation: 'scratch', spec: true },
  { value: 'scuff', label: 'Scuff Removal', specialisation: 'scuff', spec: true },
  { value: 'dent', label: 'Paintless Dent Removal (PDR)', specialisation: 'pdr', spec: true },
  { value: 'paint_damage', label: 'Paint Touch-Up', specialisation: 'paint', spec: true },
  { value: ALLOY_WHEEL, label: 'Alloy Wheel Repair', specialisation: 'alloy', spec: false },
] as const satisfies readonly { value: string; label: string; specialisation: Specialisation; spec: boolean }[];

// UK cars are right-hand drive: the driver's door is the front right, the passenger's the front left.
const damageLocationCatalogue = [
  { value: 'bonnet', label: 'Bonnet', spec: true },
  { value: 'front_bumper', label: 'Front bumper', spec: true },
  { value: 'rear_bumper', label: 'Rear bumper', spec: true },
  { value: 'driver_door', label: "Driver's door", spec: true },
  { value: 'passenger_door', label: 'Front passenger door', spec: true },
  { value: 'rear_door_left', label: 'Left rear door', spec: true },
  { value: 'rear_door_right', label: 'Right rear door', spec: true },
  { value: 'wing_left', label: 'Left wing', spec: true },
  { value: 'wing_right', label: 'Right wing', spec: true },
  { value: 'roof', label: 'Roof', spec: true },
  { value: 'boot', label: 'Boot', spec: true },
  { value: 'pillar', label: 'Pillar', spec: true },
  { value: 'wheel_arch', label: 'Wheel arch', spec: true },
  { value: 'sill', label: 'Sill', spec: true },
  // Alloy Wheel Repair's positions: the locations outside SPEC are exactly the wheels.
  { value: 'wheel_front_left', label: 'Front left wheel', spec: false },
  { value: 'wheel_front_right', label: 'Front right wheel', spec: false },
  { value: 'wheel_rear_left', label: 'Rear left wheel', spec: false },
  { value: 'wheel_rear_right', label: 'Rear right wheel', spec: false },
] as const satisfies readonly { value: string; label: string; spec: boolean }[];

type TypeRow = (typeof damageTypeCatalogue)[number];
type LocationRow = (typeof damageLocationCatalogue)[number];

export type AnyDamageType = TypeRow['value'];
/** SPEC section 3's four damage types. */
export type DamageType = Extract<TypeRow, { spec: true }>['value'];
export type AnyDamageLocation = LocationRow['value'];
/** SPEC section 3's fourteen locations. */
export type DamageLocation = Extract<LocationRow, { spec: true }>['value'];
export type WheelLocation = Extract<LocationRow, { spec: false }>['value'];

const isSpec = <Row extends { spec: boolean }>(row: Row): row is Extract<Row, { spec: true }> => row.spec;
const isNotSpec = <Row extends { spec: boolean }>(row: Row): row is Extract<Row, { spec: false }> => !row.spec;

/** { value: label } in the list's order. */
function recordOf<Row extends { value: string }, V>(rows: readonly Row[], pick: (row: Row) => V): Record<Row['value'], V> {
  return Object.fromEntries(rows.map((row) => [row.value, pick(row)])) as Record<Row['value'], V>;
}

const specTypes = damageTypeCatalogue.filter(isSpec);
const specLocations = damageLocationCatalogue.filter(isSpec);
const wheelRows = damageLocationCatalogue.filter(isNotSpec);

// SPEC section 3's vocabulary: what the customer can choose on SPEC's assessment form.
export const damageTypes: readonly DamageType[] = specTypes.map((row) => row.value);
export const damageTypeLabels: Record<DamageType, string> = recordOf(specTypes, (row) => row.label);
export const damageLocations: readonly DamageLocation[] = specLocations.map((row) => row.value);
export const damageLocationLabels: Record<DamageLocation, string> = recordOf(specLocations, (row) => row.label);
/** D16: a job goes only to repairers whose specialisations cover its damage. */
export const specialisationForDamage: Record<DamageType, Specialisation> = recordOf(specTypes, (row) => row.specialisation);

// Every value, alloy wheels included.
export const allDamageTypes: readonly AnyDamageType[] = damageTypeCatalogue.map((row) => row.value);
export const allDamageTypeLabels: Record<AnyDamageType, string> = recordOf(damageTypeCatalogue, (row) => row.label);
export const allDamageLocations: readonly AnyDamageLocation[] = damageLocationCatalogue.map((row) => row.value);
export const allDamageLocationLabels: Record<AnyDamageLocation, string> = recordOf(damageLocationCatalogue, (row) => row.label);
/** D16 for every damage type, alloy wheels included. */
export const specialisationForAnyDamage: Record<AnyDamageType, Specialisation> = recordOf(damageTypeCatalogue, (row) => row.specialisation);

export const wheelLocations: readonly WheelLocation[] = wheelRows.map((row) => row.value);
export const wheelLocationLabels: Record<WheelLocation, string> = recordOf(wheelRows, (row) => row.label);

export function isDamageType(value: unknown): value is DamageType {
  return typeof value === 'string' && (damageTypes as readonly string[]).includes(value);
}

export function isDamageLocation(value: unknown): value is DamageLocation {
  return typeof value === 'string' && (damageLocations as readonly string[]).includes(value);
}

export function isSpecialisation(value: unknown): value is Specialisation {
  return typeof value === 'string' && (specialisations as readonly string[]).includes(value);
}

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
