// POST /api/vehicle-lookup against a local stand-in for DVLA's Vehicle Enquiry Service that
// checks requests as the real one does (ARCHITECTURE, "Outside services").
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createDvlaVehicleEnquiry } from '../../src/server/modules/vehicles';
import { createTestApp, type TestApp } from '../helpers/app';

const API_KEY = 'test-key';
const vehicles: Record<string, object> = {
  AB12CDE: { registrationNumber: 'AB12CDE', make: 'FORD', yearOfManufacture: 2019, colour: 'BLUE', fuelType: 'PETROL', monthOfFirstRegistration: '2019-03' },
  MB18XYZ: { registrationNumber: 'MB18XYZ', make: 'MERCEDES-BENZ', colour: 'SILVER', monthOfFirstRegistration: '2018-06' },
  BM70ABC: { registrationNumber: 'BM70ABC', make: 'BMW', yearOfManufacture: 2020, colour: 'BLACK' },
};
/** Registrations the stand-in refuses in DVLA's error format, by status. */
const failures: Record<string, number> = { ZZ99: 400, BUSY1: 429, BROKEN1: 500, DENIED1: 403 };
const dvlaError = (status: number, title: string) => ({ errors: [{ status: String(status), code: String(status), title, detail: title }] });

const received: { registrationNumber: unknown; accept: string | undefined }[] = [];
let dvla: Server;
let baseUrl = '';

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function startStandIn(): Promise<void> {
  dvla = createServer((request, response) => {
    void (async () => {
      const send = (status: number, body: unknown) => {
        response.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
      };
      if (request.url === '/slow/vehicle-enquiry/v1/vehicles') return; // never answers
      if (request.method !== 'POST' || request.url !== '/vehicle-enquiry/v1/vehicles') return send(404, { message: 'No such endpoint' });
      if (request.headers['x-api-key'] !== API_KEY) return send(403, { message: 'Forbidden' });
      if (!request.headers['content-type']?.startsWith('application/json')) return send(415, dvlaError(415, 'Unsupported Media Type'));
      let registrationNumber: unknown;
      try {
        ({ registrationNumber } = JSON.parse(await readBody(request)) as { registrationNumber?: unknown });
      } catch {
        return send(400, dvlaError(400, 'Bad Request'));
      }
      received.push({ registrationNumber, accept: request.headers.accept });
      if (typeof registrationNumber !== 'string' || !/^[A-Z0-9]{1,8}$/.test(registrationNumber)) return send(400, dvlaError(400, 'Invalid format for field - vehicle registration number'));
      const failure = failures[registrationNumber];
      if (failure === 403) return send(403, { message: 'Forbidden' });
      if (failure) return send(failure, dvlaError(failure, 'Refused'));
      const vehicle = vehicles[registrationNumber];
      return vehicle ? send(200, vehicle) : send(404, dvlaError(404, 'Vehicle Not Found'));
    })();
  });
  return new Promise((resolve) => {
    dvla.listen(0, '127.0.0.1', () => {
      baseUrl = `http://127.0.0.1:${(dvla.address() as AddressInfo).port}`;
      resolve();
    });
  });
}

let t: TestApp;
let unconfigured: TestApp;

beforeAll(async () => {
  await startStandIn();
  t = await createTestApp({ env: { DVLA_API_KEY: API_KEY, DVLA_BASE_URL: baseUrl } });
  unconfigured = await createTestApp();
});
afterAll(async () => {
  await Promise.all([t?.close(), unconfigured?.close()]);
  dvla.closeAllConnections();
  await new Promise((resolve) => dvla.close(resolve));
});

let address = 0;
/** Each call from its own address unless told, so the hourly allowance stays out of the way. */
const lookUp = (app: TestApp, registration: unknown, remoteAddress = `198.51.100.${++address}`) =>
  app.app.inject({ method: 'POST', url: '/api/vehicle-lookup', payload: { registration }, remoteAddress });

describe('POST /api/vehicle-lookup', () => {
  it('sends DVLA the registration upper-cased without spaces and fills make, year and colour', async () => {
    const response = await lookUp(t, ' ab12 cde ');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ registration: 'AB12CDE', make: 'Ford', year: '2019', colour: 'Blue' });
    expect(received.at(-1)).toEqual({ registrationNumber: 'AB12CDE', accept: 'application/json' });
  });

  it('title-cases hyphenated makes, keeps short acronyms, and reads the year from first registration when needed', async () => {
    expect((await lookUp(t, 'MB18 XYZ')).json()).toEqual({ registration: 'MB18XYZ', make: 'Mercedes-Benz', year: '2018', colour: 'Silver' });
    expect((await lookUp(t, 'BM70ABC')).json()).toMatchObject({ make: 'BMW', year: '2020', colour: 'Black' });
  });

  it.each([
    ['NF00AAA', 404, 'We could not find a vehicle with that registration. Please check it, or enter the details yourself.'],
    ['ZZ99', 400, 'Please enter a valid registration number'],
    ['BUSY1', 503, 'Vehicle lookup is unavailable just now. Please enter your vehicle details yourself.'],
    ['BROKEN1', 502, 'Vehicle lookup is unavailable just now. Please enter your vehicle details yourself.'],
    ['DENIED1', 503, 'Vehicle lookup is unavailable just now. Please enter your vehicle details yourself.'],
  ])('maps DVLA refusing %s to %i', async (registration, status, message) => {
    const response = await lookUp(t, registration);
    expect(response.statusCode).toBe(status);
    expect(response.json()).toMatchObject({ message });
  });

  it.each([['A'], ['AB12CDEFG'], ['AB-12'], [''], [42]])('refuses %j without asking DVLA', async (registration) => {
    const before = received.length;
    const response = await lookUp(t, registration);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: 'Please enter a valid registration number', fieldErrors: { registration: 'Please enter a valid registration number' } });
    expect(received.length).toBe(before);
  });

  it('allows 20 look-ups an hour per address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 20; i++) statuses.push((await lookUp(t, 'AB12CDE', '203.0.113.7')).statusCode);
    expect(statuses).toEqual(Array(20).fill(200));
    const refused = await lookUp(t, 'AB12CDE', '203.0.113.7');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ message: 'Too many vehicle look-ups. Please enter your vehicle details yourself.' });
    expect((await lookUp(t, 'AB12CDE', '203.0.113.8')).statusCode).toBe(200);
  });

  it('answers 503 when no DVLA key is configured', async () => {
    const response = await lookUp(unconfigured, 'AB12CDE');
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({ message: 'Vehicle lookup is not configured. Please enter your vehicle details yourself.' });
  });

  it('is reported by GET /api/site', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/site' })).json()).toMatchObject({ vehicleLookupEnabled: true });
    expect((await unconfigured.app.inject({ method: 'GET', url: '/api/site' })).json()).toMatchObject({ vehicleLookupEnabled: false });
  });
});

describe('the DVLA adapter', () => {
  const log = () => ({ warn: vi.fn(), error: vi.fn() }) as unknown as FastifyBaseLogger & { warn: ReturnType<typeof vi.fn>; error: ReturnType<typeof vi.fn> };

  it('logs a refused key as a configuration problem', async () => {
    const logger = log();
    const enquiry = createDvlaVehicleEnquiry({ apiKey: 'wrong-key', baseUrl, log: logger });
    expect(await enquiry.lookUp('AB12CDE')).toEqual({ ok: false, reason: 'misconfigured' });
    expect(logger.error).toHaveBeenCalledWith({ status: 403 }, expect.stringContaining('DVLA_API_KEY'));
  });

  it('gives up on a service that does not answer in time', async () => {
    const enquiry = createDvlaVehicleEnquiry({ apiKey: API_KEY, baseUrl: `${baseUrl}/slow`, log: log(), timeoutMs: 200 });
    expect(await enquiry.lookUp('AB12CDE')).toEqual({ ok: false, reason: 'unavailable' });
  });

  it('treats an unreachable service as unavailable', async () => {
    const enquiry = createDvlaVehicleEnquiry({ apiKey: API_KEY, baseUrl: 'http://127.0.0.1:9', log: log() });
    expect(await enquiry.lookUp('AB12CDE')).toEqual({ ok: false, reason: 'unavailable' });
  });
});
