// POST /api/repairers/populate-from-google (admins, D17): SPEC's populate-from-places result.
// The import runs in the background; the tab watches GET /api/admin/job-runs/places_import.
import { z } from 'zod';
import { cities } from '../cities';
import { JobRunSchema } from './job-runs';

const citySlugs = cities.map((city) => city.slug) as [string, ...string[]];

/** Optional (SPEC shows no body): some covered cities only, by slug; without it, all 16 (SPEC section 2). */
export const PopulateFromPlacesBodySchema = z
  .object({
    cities: z
      .array(z.enum(citySlugs, { error: 'Choose covered cities only.' }))
      .min(1, { error: 'Choose at least one city, or leave cities out for all of them.' })
      .max(cities.length)
      .optional(),
  })
  .nullish();
export type PopulateFromPlacesBody = z.infer<typeof PopulateFromPlacesBodySchema>;

export const PopulateFromPlacesResultSchema = z.object({
  /** SPEC's field: the repairers held when the import started (the run adds to it as it goes). */
  repairerCount: z.number().int(),
  /** The run just started, to watch at GET /api/admin/job-runs/places_import. */
  run: JobRunSchema,
});
export type PopulateFromPlacesResult = z.infer<typeof PopulateFromPlacesResultSchema>;

/**
 * A places_import run's own figures (its job_runs detail). processed / total count searches
 * (one covered city and one kind of repair each); failed counts searches that failed.
 */
export const PlacesImportDetailSchema = z.object({
  repairersBefore: z.number().int().default(0),
  /** New repairers stored. */
  added: z.number().int().default(0),
  /** Businesses already held (same place id, phone, website, or name and postcode) brought up to date. */
  updated: z.number().int().default(0),
  /** Results left out: no UK postcode in the address, or permanently closed. */
  skipped: z.number().int().default(0),
  /** The covered cities searched, by slug, in order. */
  cities: z.array(z.string()).default([]),
  /** The search in hand or last done, e.g. 'alloy wheel repair in Leeds'. */
  lastQuery: z.string().optional(),
  /** Why the last failed search failed. */
  lastError: z.string().optional(),
});
export type PlacesImportDetail = z.infer<typeof PlacesImportDetailSchema>;

/** Reads a run's detail leniently: anything missing counts as 0. */
export function placesImportDetail(detail: Record<string, unknown>): PlacesImportDetail {
  const parsed = PlacesImportDetailSchema.safeParse(detail);
  return parsed.success ? parsed.data : { repairersBefore: 0, added: 0, updated: 0, skipped: 0, cities: [] };
}

export const placesImportMessages = {
  notConfigured: 'Importing from Google Places is not configured on this server: set GOOGLE_PLACES_API_KEY (a key with the Places API (New) enabled) and restart.',
  /** SPEC section 8's 'Update Failed' text; the reason follows it. */
  failed: 'Failed to update repairer network from Google Places API',
} as const;
