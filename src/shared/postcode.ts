import { isValid, toNormalised, toOutcode } from 'postcode';

// D8: "a real postcode format". The `postcode` package checks the shape only (it accepts
// "QQ1 1AA"), so the area letters must also be one of the UK's postcode areas. The Crown
// dependencies (GY, JE, IM) are outside the UK and outside the service area.
const ukPostcodeAreas = new Set(
  (
    'AB AL B BA BB BD BH BL BN BR BS BT CA CB CF CH CM CO CR CT CV CW DA DD DE DG DH DL DN DT DY ' +
    'E EC EH EN EX FK FY G GL GU HA HD HG HP HR HS HU HX IG IP IV KA KT KW KY L LA LD LE LL LN LS ' +
    'LU M ME MK ML N NE NG NN NP NR NW OL OX PA PE PH PL PO PR RG RH RM S SA SE SG SK SL SM SN SO ' +
    'SP SR SS ST SW SY TA TD TF TN TQ TR TS TW UB W WA WC WD WF WN WR WS WV YO ZE'
  ).split(' '),
);

/** Postcodes typed with any spacing or case, e.g. 'sw1a1aa' or ' SW1A  1AA ', become 'SW1A 1AA'; anything else is null. */
export function normalisePostcode(input: string): string | null {
  if (typeof input !== 'string' || input.length > 20) return null;
  const compact = input.replace(/\s+/g, '').toUpperCase();
  if (!/^[A-Z0-9]{5,7}$/.test(compact) || !isValid(compact)) return null;
  const area = /^[A-Z]+/.exec(compact)?.[0] ?? '';
  if (!ukPostcodeAreas.has(area)) return null;
  return toNormalised(compact);
}

/** The outward code ('SW1A' of 'SW1A 1AA'), or null when the input is not a UK postcode. */
export function outcodeOf(postcode: string): string | null {
  const normalised = normalisePostcode(postcode);
  return normalised === null ? null : toOutcode(normalised);
}

/** D11: the area a repairer sees before accepting a job; the outward code, e.g. 'SW1A'. */
export function postcodeDistrict(postcode: string): string | null {
  return outcodeOf(postcode);
}
