import { describe, expect, it } from 'vitest';
import { CustomerDetailsSchema } from './customer-details';
import {
  allDamageLocationLabels,
  allDamageLocations,
  allDamageTypeLabels,
  allDamageTypes,
  damageLocationMessages,
  damageLocationsProblem,
  isAnyDamageLocation,
  isAnyDamageType,
  isWheelLocation,
  specialisationForAnyDamage,
  wheelLocationLabels,
  damageLocationLabels,
  damageLocations,
  damageTypeLabels,
  damageTypes,
  isDamageLocation,
  isDamageType,
  isSpecialisation,
  specialisationForDamage,
  specialisationLabels,
  specialisations,
} from './damage';

describe('damage vocabulary', () => {
  it('keeps SPEC section 3 values and labels', () => {
    expect(damageTypes).toEqual(['scratch', 'scuff', 'dent', 'paint_damage']);
    expect(damageTypeLabels).toEqual({
      scratch: 'Scratch Repair',
      scuff: 'Scuff Removal',
      dent: 'Paintless Dent Removal (PDR)',
      paint_damage: 'Paint Touch-Up',
    });
    expect(damageLocations).toEqual([
      'bonnet', 'front_bumper', 'rear_bumper', 'driver_door', 'passenger_door', 'rear_door_left',
      'rear_door_right', 'wing_left', 'wing_right', 'roof', 'boot', 'pillar', 'wheel_arch', 'sill',
    ]);
  });

  it('labels every location in UK English', () => {
    expect(Object.keys(damageLocationLabels)).toEqual([...damageLocations]);
    expect(damageLocationLabels.bonnet).toBe('Bonnet');
    expect(damageLocationLabels.boot).toBe('Boot');
    expect(damageLocationLabels.driver_door).toBe("Driver's door");
    expect(damageLocationLabels.rear_door_left).toBe('Left rear door');
    expect(damageLocationLabels.wing_left).toBe('Left wing');
    expect(damageLocationLabels.sill).toBe('Sill');
  });

  it('maps every damage type to a specialisation for dispatch (D16)', () => {
    expect(specialisationForDamage).toEqual({ scratch: 'scratch', scuff: 'scuff', dent: 'pdr', paint_damage: 'paint' });
    for (const type of damageTypes) expect(specialisations).toContain(specialisationForDamage[type]);
    expect(Object.keys(specialisationLabels)).toEqual([...specialisations]);
  });

  it('guards unknown values', () => {
    expect(isDamageType('dent')).toBe(true);
    expect(isDamageType('hail')).toBe(false);
    expect(isDamageLocation('sill')).toBe(true);
    expect(isDamageLocation('hood')).toBe(false);
    expect(isSpecialisation('alloy')).toBe(true);
    expect(isSpecialisation(3)).toBe(false);
  });
});

describe('alloy wheels', () => {
  it('extends SPEC section 3 with the alloy wheel type and four wheel positions', () => {
    expect(allDamageTypes).toEqual([...damageTypes, 'alloy_wheel']);
    expect(allDamageTypeLabels.alloy_wheel).toBe('Alloy Wheel Repair');
    expect(allDamageLocations).toEqual([
      ...damageLocations, 'wheel_front_left', 'wheel_front_right', 'wheel_rear_left', 'wheel_rear_right',
    ]);
    expect(Object.keys(allDamageLocationLabels)).toEqual([...allDamageLocations]);
    expect(wheelLocationLabels).toEqual({
      wheel_front_left: 'Front left wheel',
      wheel_front_right: 'Front right wheel',
      wheel_rear_left: 'Rear left wheel',
      wheel_rear_right: 'Rear right wheel',
    });
  });

  it('sends alloy wheel jobs to alloy specialists and keeps the other mappings (D16)', () => {
    expect(specialisationForAnyDamage.alloy_wheel).toBe('alloy');
    for (const type of damageTypes) expect(specialisationForAnyDamage[type]).toBe(specialisationForDamage[type]);
  });

  it('guards the extended values', () => {
    expect(isAnyDamageType('alloy_wheel')).toBe(true);
    expect(isDamageType('alloy_wheel')).toBe(false);
    expect(isAnyDamageLocation('wheel_rear_left')).toBe(true);
    expect(isAnyDamageLocation('wheel_middle')).toBe(false);
    expect(isWheelLocation('wheel_arch')).toBe(false);
  });

  it('pairs wheel positions with Alloy Wheel Repair and nothing else', () => {
    expect(damageLocationsProblem('alloy_wheel', ['wheel_front_left', 'wheel_rear_right'])).toBeNull();
    expect(damageLocationsProblem('alloy_wheel', ['wheel_arch'])).toBe(damageLocationMessages.wheelsNeeded);
    expect(damageLocationsProblem('alloy_wheel', ['wheel_front_left', 'sill'])).toBe(damageLocationMessages.wheelsNeeded);
    expect(damageLocationsProblem('scuff', ['wheel_arch', 'front_bumper'])).toBeNull();
    expect(damageLocationsProblem('scuff', ['front_bumper', 'wheel_front_left'])).toBe(damageLocationMessages.wheelsOnlyForAlloys);
    expect(damageLocationMessages).toEqual({
      wheelsNeeded: 'Please choose which wheels are damaged',
      wheelsOnlyForAlloys: 'Wheel positions go with Alloy Wheel Repair',
    });
  });
});

describe('CustomerDetailsSchema with alloy wheels', () => {
  const details = {
    name: 'Priya Shah',
    email: 'priya@example.co.uk',
    phone: '07700 900123',
    address: '14 Harbour Road',
    city: 'Bristol',
    county: 'City of Bristol',
    postcode: 'BS1 5TY',
    vehicleMake: 'Ford',
    vehicleModel: 'Focus',
    vehicleYear: '2019',
    damageDescription: 'Kerbed both nearside wheels on a high kerb.',
  };

  function locationMessages(input: Record<string, unknown>): string[] {
    const result = CustomerDetailsSchema.safeParse({ ...details, ...input });
    return result.success ? [] : result.error.issues.filter((issue) => issue.path[0] === 'damageLocations').map((issue) => issue.message);
  }

  it('accepts alloy wheel repair on wheel positions', () => {
    const parsed = CustomerDetailsSchema.parse({ ...details, damageType: 'alloy_wheel', damageLocations: ['wheel_front_left', 'wheel_rear_left'] });
    expect(parsed.damageType).toBe('alloy_wheel');
    expect(parsed.damageLocations).toEqual(['wheel_front_left', 'wheel_rear_left']);
  });

  it('refuses mismatched types and locations on the locations field', () => {
    expect(locationMessages({ damageType: 'alloy_wheel', damageLocations: ['bonnet'] })).toEqual(['Please choose which wheels are damaged']);
    expect(locationMessages({ damageType: 'dent', damageLocations: ['wheel_front_right'] })).toEqual(['Wheel positions go with Alloy Wheel Repair']);
    // The default type is a scratch, which wheel positions do not go with.
    expect(locationMessages({ damageLocations: ['wheel_front_right'] })).toEqual(['Wheel positions go with Alloy Wheel Repair']);
  });

  it('reports the mismatch alongside other mistakes, and stays quiet when a field is itself invalid', () => {
    const result = CustomerDetailsSchema.safeParse({ ...details, name: 'J', damageType: 'alloy_wheel', damageLocations: ['roof'] });
    expect(result.success).toBe(false);
    const paths = result.error!.issues.map((issue) => issue.path.join('.'));
    expect(paths).toEqual(expect.arrayContaining(['name', 'damageLocations']));
    expect(locationMessages({ damageType: 'alloy_wheel', damageLocations: ['hood'] })).toEqual(['Please select at least one damage location']);
    expect(locationMessages({ damageType: 'hail', damageLocations: ['wheel_front_left'] })).toEqual([]);
  });
});
