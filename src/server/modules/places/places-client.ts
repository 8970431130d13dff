// The Places API (New) Text Search over plain HTTP (../shared/DEPENDENCY-NOTES.md: the official
// client needs Node 22). POST {base}/v1/places:searchText with the key and a field mask naming
// only what the import stores, one page at a time.
import { setTimeout as sleep } from 'node:timers/promises';
import { z } from 'zod';
import type { GooglePlacesConfig } from '../../config/config';

/** What we store, plus the page token (Text Search Enterprise SKU: phone, website and rating). */
export const PLACES_FIELD_MASK = [
  'places.id',
  'places.displayName',
  'places.formattedAddress',
  'places.nationalPhoneNumber',
  'places.internationalPhoneNumber',
  'places.websiteUri',
  'places.rating',
  'places.location',
  'places.businessStatus',
  'nextPageToken',
].join(',');

/** Google returns at most 60 results (3 pages of 20) per search; a 4th page is never asked for. */
export const MAX_PAGES = 3;
export const PAGE_SIZE = 20;

const PlaceSchema = z.object({
  id: z.string().min(1).max(300),
  displayName: z.object({ text: z.string() }).partial().optional(),
  formattedAddress: z.string().optional(),
  nationalPhoneNumber: z.string().optional(),
  internationalPhoneNumber: z.string().optional(),
  websiteUri: z.string().optional(),
  rating: z.number().min(0).max(5).optional(),
  location: z.object({ latitude: z.number().min(-90).max(90), longitude: z.number().min(-180).max(180) }).optional(),
  businessStatus: z.string().optional(),
});
export type Place = z.infer<typeof PlaceSchema>;

const PageSchema = z.object({ places: z.array(z.unknown()).optional(), nextPageToken: z.string().optional() });

/** Google refused the key (401, 403, or 400 API_KEY_INVALID): every further search would fail too. */
export class PlacesKeyRefusedError extends Error {
  override readonly name = 'PlacesKeyRefusedError';
}

/** One search failed (timeout, 5xx, quota, a malformed answer); the run carries on with the next. */
export class PlacesSearchError extends Error {
  override readonly name = 'PlacesSearchError';
}

export interface SearchRequest {
  textQuery: string;
  /** Results near here first (Google caps the radius at 50 km). */
  near: { latitude: number; longitude: number; radiusMetres: number };
}

function googleMessage(text: string): { message?: string; reason?: string } {
  try {
    const body = JSON.parse(text) as { error?: { message?: unknown; details?: { reason?: unknown }[] } };
    const message = typeof body.error?.message === 'string' ? body.error.message : undefined;
    const reason = body.error?.details?.map((d) => d.reason).find((r): r is string => typeof r === 'string');
    return { ...(message ? { message } : {}), ...(reason ? { reason } : {}) };
  } catch {
    return {};
  }
}

/** A page is 20 places, a few kilobytes: an answer past this is not read to the end. */
export const MAX_ANSWER_BYTES = 2 * 1024 * 1024;

async function readAnswer(response: Response): Promise<string> {
  if (!response.body) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of response.body) {
    size += chunk.byteLength;
    if (size > MAX_ANSWER_BYTES) {
      await response.body.cancel().catch(() => {});
      throw new PlacesSearchError(`Google Places sent an answer over ${MAX_ANSWER_BYTES / 1024 / 1024} MB`);
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

async function searchPage(config: GooglePlacesConfig, apiKey: string, request: SearchRequest, pageToken: string | undefined) {
  const body = {
    textQuery: request.textQuery,
    regionCode: 'GB',
    languageCode: 'en-GB',
    pageSize: PAGE_SIZE,
    locationBias: { circle: { center: { latitude: request.near.latitude, longitude: request.near.longitude }, radius: Math.min(50_000, request.near.radiusMetres) } },
    ...(pageToken ? { pageToken } : {}),
  };
  let response: Response;
  let text: string;
  try {
    response = await fetch(`${config.baseUrl}/v1/places:searchText`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Goog-Api-Key': apiKey, 'X-Goog-FieldMask': PLACES_FIELD_MASK },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(config.timeoutMs),
    });
    // The body too: an answer that stalls or is cut off after its headers is a failed search,
    // not an error that fails the city's job (and, once its retries are spent, leaves the run
    // 'running' for ever, refusing every new import).
    text = await readAnswer(response);
  } catch (error) {
    if (error instanceof PlacesSearchError) throw error;
    const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
    throw new PlacesSearchError(timedOut ? `Google Places did not answer within ${config.timeoutMs / 1000} s` : `Google Places could not be reached (${error instanceof Error ? error.message : String(error)})`);
  }
  if (!response.ok) {
    const { message, reason } = googleMessage(text);
    const said = message ? `: ${message}` : '';
    if (response.status === 401 || response.status === 403 || reason === 'API_KEY_INVALID') {
      throw new PlacesKeyRefusedError(`Google Places refused the API key (${response.status}${said}). Check GOOGLE_PLACES_API_KEY and that the Places API (New) is enabled for it.`);
    }
    throw new PlacesSearchError(`Google Places answered ${response.status}${said}`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new PlacesSearchError('Google Places sent an answer that is not JSON');
  }
  const page = PageSchema.safeParse(json);
  if (!page.success) throw new PlacesSearchError('Google Places sent an answer of an unexpected shape');
  // One malformed place is left out, not the whole page.
  const places = (page.data.places ?? []).flatMap((raw) => {
    const place = PlaceSchema.safeParse(raw);
    return place.success ? [place.data] : [];
  });
  return { places, nextPageToken: page.data.nextPageToken };
}

/** Every page of one search (up to MAX_PAGES), waiting pageDelayMs before using a page token. */
export async function searchText(config: GooglePlacesConfig, apiKey: string, request: SearchRequest): Promise<{ places: Place[]; pages: number }> {
  const places: Place[] = [];
  let pageToken: string | undefined;
  let pages = 0;
  do {
    if (pageToken && config.pageDelayMs > 0) await sleep(config.pageDelayMs);
    const page = await searchPage(config, apiKey, request, pageToken);
    pages += 1;
    places.push(...page.places);
    pageToken = page.nextPageToken || undefined;
  } while (pageToken && pages < MAX_PAGES);
  return { places, pages };
}
