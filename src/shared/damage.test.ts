import { describe, expect, it } from 'vitest';
import {
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
