// Coverage (issue 35 item 3): does any verified technician cover an enquiry, that is, is one
// within 30 miles of the customer and within their own service radius, covering the damage?
// Exactly eligibility.repo's `covers` (the slot-free part of the booking rule), as one SQL
// expression over an assessment row, so every reader uses the same words: the assessment's read
// and its kept-answer stamp, booking's and paying's guard, the team's demand table and the job
// that tells waiting customers. Computed when read, never stored: it turns true the moment a
// covering technician is verified (and false when one is unverified), with nothing to refresh.
// The repairers' location btree prunes by the box around the customer, as the nearby search does.
import { NEARBY_RADIUS_MILES } from '../../../shared/api/dispatch';
import { specialisationForAnyDamage } from '../../../shared/damage';

const EARTH_RADIUS_MILES = 3958.8;
const MILES_PER_DEGREE_LATITUDE = 69.0;

const quoted = (value: string) => `'${value.replace(/'/g, "''")}'`;

/** SQL: the specialisation an assessment's damage type needs (D16), null for an unknown type. */
function specialisationSql(damageType: string): string {
  const cases = Object.entries(specialisationForAnyDamage).map(([type, specialisation]) => `WHEN ${quoted(type)} THEN ${quoted(specialisation)}`);
  return `(CASE ${damageType} ${cases.join(' ')} END)`;
}

/**
 * SQL, a boolean: whether a verified technician covers the assessment aliased `alias` (its
 * latitude, longitude and damage_type). An enquiry nobody could place on the map is not covered.
 */
export function coveredSql(alias: string): string {
  return `(${alias}.latitude IS NOT NULL AND ${alias}.longitude IS NOT NULL AND EXISTS (SELECT 1 FROM repairers r
  WHERE ${coveringSql(alias)}))`;
}

/**
 * SQL, a condition on the repairers row `r`: a verified technician covering the assessment (or
 * any row with its latitude, longitude and damage_type) aliased `alias`. coveredSql's EXISTS, and
 * the booking calendar's read of a quote's technicians (booking/slots/stored-matching.repo.ts).
 */
export function coveringSql(alias: string): string {
  const lat = `${alias}.latitude`;
  const lng = `${alias}.longitude`;
  const dLat = `(${NEARBY_RADIUS_MILES}::float8 / ${MILES_PER_DEGREE_LATITUDE})`;
  const dLng = `(${NEARBY_RADIUS_MILES}::float8 / (${MILES_PER_DEGREE_LATITUDE} * greatest(cos(radians(${lat})), 0.01)))`;
  const miles = `(${EARTH_RADIUS_MILES} * 2 * asin(sqrt(power(sin(radians(r.latitude - ${lat}) / 2), 2) + cos(radians(${lat})) * cos(radians(r.latitude)) * power(sin(radians(r.longitude - ${lng}) / 2), 2))))`;
  return `r.is_verified
    AND r.latitude BETWEEN ${lat} - ${dLat} AND ${lat} + ${dLat}
    AND r.longitude BETWEEN ${lng} - ${dLng} AND ${lng} + ${dLng}
    AND r.specialisations @> jsonb_build_array(${specialisationSql(`${alias}.damage_type`)})
    AND ${miles} <= least(${NEARBY_RADIUS_MILES}::float8, r.service_radius_miles::float8)`;
}
