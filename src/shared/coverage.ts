// Issue 35 item 3: coverage known before anyone pays. The one sentence a customer reads when no
// verified technician covers their postcode district for their repair: on the thank-you, quote
// and booking pages, and as the 409 of booking and paying. Zod-free, so every page may import it.
import { allDamageTypeLabels, isAnyDamageType } from './damage';
import { outcodeOf } from './postcode';

/** "IV2" for "IV2 3AB"; the postcode as given when it is not one. */
export function districtOf(postcode: string): string {
  return outcodeOf(postcode) ?? postcode.trim().toUpperCase();
}

/** The service's name ('Paintless Dent Removal (PDR)'), or the damage type as stored. */
export function serviceOf(damageType: string): string {
  return isAnyDamageType(damageType) ? allDamageTypeLabels[damageType] : damageType;
}

/** "No technician covers IV2 for Scratch Repair yet." */
export function uncoveredMessage(postcode: string, damageType: string): string {
  return `No technician covers ${districtOf(postcode)} for ${serviceOf(damageType)} yet.`;
}

export const coverageMessages = {
  askLabel: 'Tell me when you do',
  recorded: 'Thank you: we will e-mail you once a technician covers your area for this repair.',
  alreadyRecorded: 'You have already asked: we will e-mail you once a technician covers your area for this repair.',
  alreadyCovered: 'A technician already covers your area for this repair, so you can book it now.',
} as const;
