// Issue 14: GET /api/openapi.json describes every API route as registered, and what the routes
// send matches what it declares: every GET of the route-access world that answers 200 is checked
// against the description's 200 schema with a JSON Schema validator (draft 2020-12, as OpenAPI
// 3.1 uses), so a route that sends a field it does not declare, or drops one, fails here.
import Ajv2020 from 'ajv/dist/2020';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isApiRoute } from '../../src/server/modules/api-docs';
import { createTestApp, type TestApp } from '../helpers/app';
import { allCases } from './access';
import { buildAccessWorld, type AccessWorld, type Who } from './access/world';

type Document = { openapi: string; paths: Record<string, Record<string, { responses: Record<string, { content?: { 'application/json': { schema: object } } }> }>> };

let t: TestApp;
let world: AccessWorld;
let document: Document;

beforeAll(async () => {
  t = await createTestApp();
  world = await buildAccessWorld(t);
  const response = await t.app.inject({ url: '/api/openapi.json' });
  expect(response.statusCode).toBe(200);
  document = response.json() as Document;
});
afterAll(() => t?.close());

const openApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');

describe('the OpenAPI description', () => {
  it('is OpenAPI 3.1 and names every API route as registered, and nothing else', () => {
    expect(document.openapi).toBe('3.1.0');
    const registered = new Set(t.app.registeredRoutes.filter((r) => isApiRoute(r.url) && r.method !== 'OPTIONS').map((r) => `${r.method} ${openApiPath(r.url)}`));
    const described = new Set(Object.entries(document.paths).flatMap(([path, methods]) => Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`)));
    expect([...registered].filter((route) => !described.has(route))).toEqual([]);
    expect([...described].filter((route) => !registered.has(route))).toEqual([]);
    expect(registered.size).toBeGreaterThan(40);
  });

  it('declares what each GET answers: every 200 of the access world matches its declared schema', async () => {
    const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: true });
    const failures: string[] = [];
    let checked = 0;
    // The description itself is the one JSON answer it does not describe.
    for (const c of allCases(world).filter((c) => c.method === 'GET' && c.route !== '/api/openapi.json')) {
      const operation = document.paths[openApiPath(c.route)]?.get;
      const schema = operation?.responses['200']?.content?.['application/json'].schema;
      for (const [who, status] of Object.entries(c.expect) as [Who, number][]) {
        if (status !== 200) continue;
        const cookie = world.cookies[who];
        const response = await t.app.inject({ method: 'GET', url: c.url, headers: cookie ? { cookie } : {}, remoteAddress: '192.0.2.200' });
        if (!String(response.headers['content-type'] ?? '').startsWith('application/json')) continue;
        if (!schema) {
          failures.push(`${c.route}: answers JSON but declares no 200 schema`);
          continue;
        }
        const validate = ajv.compile(schema);
        checked++;
        if (!validate(response.json())) failures.push(`${c.route} as ${who}: ${ajv.errorsText(validate.errors)}`);
      }
    }
    expect(failures).toEqual([]);
    expect(checked).toBeGreaterThan(20);
  });

  it('has a readable reference page at /api/docs', async () => {
    const page = await t.app.inject({ url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('<h1>AutoRevive API reference</h1>');
    expect(page.body).toContain('POST /api/admin/quotes/{id}/send-to-repairers');
  });
});
