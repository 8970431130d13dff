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
