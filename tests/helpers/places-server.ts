// A local stand-in for the Places API (New) Text Search (STYLE habit 9: fakes speak the real
// protocol). POST /v1/places:searchText with X-Goog-Api-Key and X-Goog-FieldMask; it refuses a
// wrong key as Google does (403 PERMISSION_DENIED; 400 API_KEY_INVALID for a key named
// 'malformed-key'), a missing or unknown field mask (400), and a page token it did not issue
// or used too soon; it answers with only the fields the mask names, pageSize at a time, with a
// nextPageToken while more remain. Point the app at it with GOOGLE_PLACES_BASE_URL.
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A place as Google describes it (the fields the import asks for). */
export interface StandInPlace {
  id: string;
  displayName: { text: string; languageCode: string };
  formattedAddress: string;
  nationalPhoneNumber?: string;
  internationalPhoneNumber?: string;
  websiteUri?: string;
  rating?: number;
  userRatingCount?: number;
  location: { latitude: number; longitude: number };
  businessStatus?: 'OPERATIONAL' | 'CLOSED_TEMPORARILY' | 'CLOSED_PERMANENTLY';
}

export interface PlacesRequest {
  textQuery: string;
  pageToken: string | undefined;
  pageSize: number | undefined;
  apiKey: string | undefined;
  fieldMask: string | undefined;
  body: Record<string, unknown>;
}

export interface PlacesStandIn {
  url: string;
  apiKey: string;
  /** Results by exact textQuery; anything else finds nothing ({}), as Google answers. */
  results: Map<string, StandInPlace[]>;
  /** Searches answered with this status and a Google error body. */
  failing: Map<string, number>;
  /** Searches never answered (the client's timeout must end them). */
  hanging: Set<string>;
  /** Searches answered 200 with half a body, which then stalls ('stall') or is cut off ('reset'), or with 3 MB of JSON ('huge'). */
  brokenBodies: Map<string, 'stall' | 'reset' | 'huge'>;
  /** How long a page token must wait before it is valid (Google: "a short delay"). */
  tokenDelayMs: number;
  /** Milliseconds before each answer (so a browser sees a run in progress). */
  answerDelayMs: number;
  /** Called as each search request arrives (tests ask for a stop at a given search). */
  onRequest: ((request: PlacesRequest) => void | Promise<void>) | undefined;
  requests: PlacesRequest[];
  close(): Promise<void>;
}

const KNOWN_FIELDS = new Set([
  'places.id',
  'places.displayName',
  'places.formattedAddress',
  'places.nationalPhoneNumber',
  'places.internationalPhoneNumber',
  'places.websiteUri',
  'places.rating',
  'places.userRatingCount',
  'places.location',
  'places.businessStatus',
  'nextPageToken',
]);

const googleError = (code: number, status: string, message: string, reason?: string) => ({
  error: {
    code,
    message,
    status,
    ...(reason ? { details: [{ '@type': 'type.googleapis.com/google.rpc.ErrorInfo', reason, domain: 'googleapis.com', metadata: { service: 'places.googleapis.com' } }] } : {}),
  },
});

function masked(place: StandInPlace, fields: Set<string>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(place).filter(([key]) => fields.has(`places.${key}`)));
}

export async function startPlacesStandIn(options: { apiKey?: string; tokenDelayMs?: number } = {}): Promise<PlacesStandIn> {
  const tokens = new Map<string, { textQuery: string; offset: number; issuedAt: number }>();
  const server = http.createServer((request, response) => {
    void (async () => {
      const send = (status: number, body: unknown) => response.writeHead(status, { 'Content-Type': 'application/json; charset=UTF-8' }).end(JSON.stringify(body));
      const chunks: Buffer[] = [];
      for await (const chunk of request) chunks.push(chunk as Buffer);
      if (request.method !== 'POST' || request.url !== '/v1/places:searchText') return send(404, googleError(404, 'NOT_FOUND', 'Method not found.'));
      const apiKey = request.headers['x-goog-api-key'] as string | undefined;
      const fieldMask = request.headers['x-goog-fieldmask'] as string | undefined;
      let body: Record<string, unknown>;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
      } catch {
        return send(400, googleError(400, 'INVALID_ARGUMENT', 'Invalid JSON payload received.'));
      }
      const textQuery = typeof body.textQuery === 'string' ? body.textQuery : '';
      const pageToken = typeof body.pageToken === 'string' ? body.pageToken : undefined;
      const pageSize = typeof body.pageSize === 'number' ? body.pageSize : undefined;
      const seen: PlacesRequest = { textQuery, pageToken, pageSize, apiKey, fieldMask, body };
      standIn.requests.push(seen);
      if (apiKey === 'malformed-key') return send(400, googleError(400, 'INVALID_ARGUMENT', 'API key not valid. Please pass a valid API key.', 'API_KEY_INVALID'));
      if (apiKey !== standIn.apiKey) return send(403, googleError(403, 'PERMISSION_DENIED', 'The caller does not have permission'));
      if (!fieldMask) return send(400, googleError(400, 'INVALID_ARGUMENT', 'FieldMask is a required parameter. See https://cloud.google.com/apis/docs/system-parameters on how to provide it.'));
      const fields = new Set(fieldMask.split(',').map((f) => f.trim()));
      const unknown = [...fields].filter((f) => f !== '*' && !KNOWN_FIELDS.has(f));
      if (unknown.length > 0) return send(400, googleError(400, 'INVALID_ARGUMENT', `Invalid field mask: ${unknown.join(', ')}`));
      await standIn.onRequest?.(seen);
      if (!textQuery) return send(400, googleError(400, 'INVALID_ARGUMENT', 'Empty text_query is not supported.'));
      if (pageSize !== undefined && (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > 20)) return send(400, googleError(400, 'INVALID_ARGUMENT', 'page_size must be between 1 and 20.'));
      if (standIn.hanging.has(textQuery)) return; // never answers
      const broken = standIn.brokenBodies.get(textQuery);
      if (broken === 'huge') return send(200, { places: [], padding: 'x'.repeat(3 * 1024 * 1024) });
      if (broken) {
        response.writeHead(200, { 'Content-Type': 'application/json; charset=UTF-8' });
        response.write('{"places": [{"id": "ChIJhalf');
        if (broken === 'reset') setTimeout(() => response.destroy(), 20);
        return;
      }
      const failure = standIn.failing.get(textQuery);
      if (failure) return send(failure, googleError(failure, failure === 429 ? 'RESOURCE_EXHAUSTED' : 'INTERNAL', failure === 429 ? 'Quota exceeded.' : 'Internal error encountered.'));
      let offset = 0;
      if (pageToken !== undefined) {
        const token = tokens.get(pageToken);
        if (!token || token.textQuery !== textQuery) return send(400, googleError(400, 'INVALID_ARGUMENT', 'Invalid page token.'));
        if (Date.now() - token.issuedAt < standIn.tokenDelayMs) return send(400, googleError(400, 'INVALID_ARGUMENT', 'The page token is not valid yet.'));
        offset = token.offset;
      }
      if (standIn.answerDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, standIn.answerDelayMs));
      const all = standIn.results.get(textQuery) ?? [];
      const size = pageSize ?? 20;
      const page = all.slice(offset, offset + size);
      const answer: Record<string, unknown> = {};
      if (page.length > 0) answer.places = page.map((place) => masked(place, fields));
      if (offset + size < all.length && fields.has('nextPageToken')) {
        const next = randomBytes(24).toString('base64url');
        tokens.set(next, { textQuery, offset: offset + size, issuedAt: Date.now() });
        answer.nextPageToken = next;
      }
      return send(200, answer);
    })().catch(() => response.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const standIn: PlacesStandIn = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    apiKey: options.apiKey ?? 'places-test-key',
    results: new Map(),
    failing: new Map(),
    hanging: new Set(),
    brokenBodies: new Map(),
    tokenDelayMs: options.tokenDelayMs ?? 0,
    answerDelayMs: 0,
    onRequest: undefined,
    requests: [],
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return standIn;
}

let placeSequence = 0;

/** A realistic place (Google's shapes and formats) with overrides. */
export function standInPlace(overrides: Partial<StandInPlace> & { name?: string } = {}): StandInPlace {
  const n = ++placeSequence;
  const { name, ...rest } = overrides;
  return {
    id: `ChIJ${randomBytes(12).toString('base64url')}`,
    displayName: { text: name ?? `Mobile Smart Repair ${n}`, languageCode: 'en' },
    formattedAddress: `${n} Wellington Street, Leeds LS1 4AP, UK`,
    nationalPhoneNumber: '0113 496 0' + String(n % 1000).padStart(3, '0'),
    internationalPhoneNumber: '+44 113 496 0' + String(n % 1000).padStart(3, '0'),
    websiteUri: `https://smart-repair-${n}.example/`,
    rating: 4.6,
    userRatingCount: 37,
    location: { latitude: 53.7974, longitude: -1.5466 },
    businessStatus: 'OPERATIONAL',
    ...rest,
  };
}

/**
 * The browser tests' Google (tests/setup/e2e-global.ts): three repairers in Belfast, with no
 * website, so e-mail collection never visits them, and far from the London lanes' jobs.
 */
export function belfastPlaces(): Map<string, StandInPlace[]> {
  const place = (id: string, name: string, address: string, phone: string, rating: number): StandInPlace => ({
    id,
    displayName: { text: name, languageCode: 'en' },
    formattedAddress: address,
    nationalPhoneNumber: phone,
    internationalPhoneNumber: `+44 ${phone.slice(1)}`,
    rating,
    location: { latitude: 54.5973, longitude: -5.9301 },
    businessStatus: 'OPERATIONAL',
  });
  return new Map([
    ['mobile car scratch repair in Belfast', [place('ChIJe2eBelfastScratch01', 'Lagan Smart Repair', '14 Donegall Square N, Belfast BT1 5GB, UK', '028 9018 0001', 4.8)]],
    ['mobile car dent repair in Belfast', [place('ChIJe2eBelfastDent0001', 'Titanic Quarter Dents', '2 Queens Road, Belfast BT3 9DT, UK', '028 9018 0002', 4.5)]],
    ['alloy wheel repair in Belfast', [place('ChIJe2eBelfastAlloy001', 'Cave Hill Alloys', '61 Antrim Road, Belfast BT15 2BF, UK', '028 9018 0003', 4.2)]],
  ]);
}
