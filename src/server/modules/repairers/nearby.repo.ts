// Repairers near a point (D16), in one statement: a latitude/longitude box that the btree
// repairers_location_idx prunes, then the exact great-circle distance (../shared/DEPENDENCY-NOTES.md:
// no extension, same SQL on both engines). A repairer is offered only jobs within 30 miles AND
// within their own service radius, when that is smaller.
import { and, asc, between, eq, lte, sql } from 'drizzle-orm';
import { NEARBY_RADIUS_MILES } from '../../../shared/api/dispatch';
import type { Specialisation } from '../../../shared/damage';
import type { Db } from '../../db/database';
import { repairers } from '../../db/schema';
import type { RepairerRow } from './repairers.repo';

const EARTH_RADIUS_MILES = 3958.8;
const MILES_PER_DEGREE_LATITUDE = 69.0;

export interface Point {
  latitude: number;
  longitude: number;
}

/** The box around a point that holds every place within `miles` (a little more near the poles' edge). */
export function boundingBox(point: Point, miles: number) {
  const dLat = miles / MILES_PER_DEGREE_LATITUDE;
  const dLng = miles / (MILES_PER_DEGREE_LATITUDE * Math.max(Math.cos((point.latitude * Math.PI) / 180), 0.01));
  return { minLat: point.latitude - dLat, maxLat: point.latitude + dLat, minLng: point.longitude - dLng, maxLng: point.longitude + dLng };
}

/** Haversine distance in miles, the same formula as the SQL (tests compare the two). */
export function milesBetween(a: Point, b: Point): number {
  const rad = (d: number) => (d * Math.PI) / 180;
  const h = Math.sin(rad(b.latitude - a.latitude) / 2) ** 2 + Math.cos(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.sin(rad(b.longitude - a.longitude) / 2) ** 2;
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.sqrt(h));
}

const distanceFrom = (point: Point) =>
  sql<number>`(${sql.raw(String(EARTH_RADIUS_MILES))} * 2 * asin(sqrt(power(sin(radians(${repairers.latitude} - ${point.latitude}::float8) / 2), 2) + cos(radians(${point.latitude}::float8)) * cos(radians(${repairers.latitude})) * power(sin(radians(${repairers.longitude} - ${point.longitude}::float8) / 2), 2))))`;

export interface NearbyQuery {
  point: Point;
  specialisation: Specialisation;
  radiusMiles?: number;
  limit?: number;
}

/** Verified repairers within the radius whose specialisations cover the damage, nearest first. */
export async function nearbyRepairers(db: Db, query: NearbyQuery): Promise<(RepairerRow & { distance: number })[]> {
  const radius = query.radiusMiles ?? NEARBY_RADIUS_MILES;
  const box = boundingBox(query.point, radius);
  const distance = distanceFrom(query.point);
  const rows = await db
    .select({ repairer: repairers, distance })
    .from(repairers)
    .where(
      and(
        eq(repairers.isVerified, true),
        between(repairers.latitude, box.minLat, box.maxLat),
        between(repairers.longitude, box.minLng, box.maxLng),
        sql`${repairers.specialisations} @> ${JSON.stringify([query.specialisation])}::jsonb`,
        lte(distance, sql`least(${radius}::float8, ${repairers.serviceRadiusMiles}::float8)`),
      ),
    )
    .orderBy(asc(distance), asc(repairers.id))
    .limit(query.limit ?? 100);
  return rows.map((row) => ({ ...row.repairer, distance: Number(row.distance) }));
}
