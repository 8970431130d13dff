import { afterEach, describe, expect, it, vi } from 'vitest';
import { MeResponseSchema } from '../../shared/api/auth';
import { VehicleLookupSchema } from '../../shared/api/vehicles';
import { ApiError, apiJson, apiRequest, getQueryFn, UnexpectedResponseError, urlFromQueryKey, userMessageOf } from './api';

function stubFetch(response: Response) {
  const fetchMock = vi.fn<typeof fetch>(async () => response);
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function queryContext(queryKey: readonly unknown[]) {
  return { queryKey, signal: new AbortController().signal, meta: undefined } as never;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('apiRequest', () => {
  it('sends cookies and no body or content type when no body is supplied', async () => {
    const fetchMock = stubFetch(new Response('{}', { status: 200 }));
    await apiRequest('GET', '/api/quotes/1');
    expect(fetchMock).toHaveBeenCalledWith('/api/quotes/1', { method: 'GET', credentials: 'include' });
  });

  it('sends a JSON body with a JSON content type when a body is supplied', async () => {
    const fetchMock = stubFetch(new Response('{}', { status: 200 }));
    await apiRequest('POST', '/api/auth/sign-in', { email: 'a@b.co.uk', password: 'pw' });
    expect(fetchMock).toHaveBeenCalledWith('/api/auth/sign-in', {
      method: 'POST',
      credentials: 'include',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'a@b.co.uk', password: 'pw' }),
    });
  });

  it('passes FormData through untouched so the browser sets the multipart boundary', async () => {
    const fetchMock = stubFetch(new Response('{}', { status: 201 }));
    const form = new FormData();
    form.append('name', 'Sam');
    await apiRequest('POST', '/api/assessments', form);
    const init = fetchMock.mock.calls[0]?.[1];
    expect(init?.body).toBe(form);
    expect(init?.headers).toBeUndefined();
  });

  it('throws "<status>: <body text>" for a non-OK response', async () => {
    stubFetch(new Response('Quote is not available', { status: 409, statusText: 'Conflict' }));
    const error = await apiRequest('POST', '/api/appointments', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('409: Quote is not available');
    expect((error as ApiError).status).toBe(409);
    expect((error as ApiError).userMessage).toBeUndefined();
  });

  it('falls back to the status text when the body is empty', async () => {
    stubFetch(new Response(null, { status: 503, statusText: 'Service Unavailable' }));
    await expect(apiRequest('GET', '/api/quotes')).rejects.toThrow('503: Service Unavailable');
  });

  it('carries the JSON message as userMessage', async () => {
    const body = JSON.stringify({ message: 'Too many attempts. Try again in 10 minutes.' });
    stubFetch(new Response(body, { status: 429, statusText: 'Too Many Requests' }));
    const error = (await apiRequest('POST', '/api/auth/sign-in', {}).catch((e: unknown) => e)) as ApiError;
    expect(error.message).toBe(`429: ${body}`);
    expect(error.userMessage).toBe('Too many attempts. Try again in 10 minutes.');
    expect(userMessageOf(error)).toBe('Too many attempts. Try again in 10 minutes.');
  });

  it('gives a safe fallback when there is no server message', () => {
    expect(userMessageOf(new Error('boom'))).toBe('Something went wrong. Please try again.');
  });
});

describe('apiJson', () => {
  it('parses JSON and treats 204 as undefined', async () => {
    stubFetch(new Response('{"id":7}', { status: 200 }));
    await expect(apiJson('GET', '/api/appointments/7')).resolves.toEqual({ id: 7 });
    stubFetch(new Response(null, { status: 204 }));
    await expect(apiJson('POST', '/api/auth/sign-out')).resolves.toBeUndefined();
  });
});

describe('getQueryFn', () => {
  it('reads the query key as the URL, joining further segments with "/"', async () => {
    const fetchMock = stubFetch(new Response('{"id":3}', { status: 200 }));
    const result = await getQueryFn({ on401: 'throw' })(queryContext(['/api/quotes', 3]));
    expect(result).toEqual({ id: 3 });
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/quotes/3');
    expect(fetchMock.mock.calls[0]?.[1]).toMatchObject({ credentials: 'include' });
  });

  it('returns null on 401 when asked to', async () => {
    stubFetch(new Response('{"message":"Sign in"}', { status: 401, statusText: 'Unauthorized' }));
    await expect(getQueryFn({ on401: 'returnNull' })(queryContext(['/api/auth/me']))).resolves.toBeNull();
  });

  it('throws ApiError on 401 by default', async () => {
    stubFetch(new Response('', { status: 401, statusText: 'Unauthorized' }));
    await expect(getQueryFn({ on401: 'throw' })(queryContext(['/api/auth/me']))).rejects.toThrow(
      '401: Unauthorized',
    );
  });
});

describe('urlFromQueryKey', () => {
  it('encodes segments and turns an object into a query string', () => {
    expect(urlFromQueryKey(['/api/quotes/assessment', '12'])).toBe('/api/quotes/assessment/12');
    expect(urlFromQueryKey(['/api/assessments', '../admin'])).toBe('/api/assessments/..%2Fadmin');
    expect(urlFromQueryKey(['/api/appointments/available', { date: '2025-06-02' }])).toBe(
      '/api/appointments/available?date=2025-06-02',
    );
  });
});

describe('responses parsed with the shared contract', () => {
  it('returns the parsed body when it matches the route schema', async () => {
    stubFetch(new Response(JSON.stringify({ user: { id: 1, email: 'ops@example.co.uk', name: 'Ops', role: 'admin', repairerId: null } }), { status: 200 }));
    await expect(getQueryFn({ on401: 'throw', schema: MeResponseSchema })(queryContext(['/api/auth/me']))).resolves.toEqual({
      user: { id: 1, email: 'ops@example.co.uk', name: 'Ops', role: 'admin', repairerId: null },
    });
  });

  it('refuses an answer that drifted from the schema, naming where', async () => {
    // The drift issue 8 names: a string id and no repairerId.
    stubFetch(new Response(JSON.stringify({ user: { id: '1', email: 'ops@example.co.uk', name: 'Ops', role: 'admin' } }), { status: 200 }));
    const error = await Promise.resolve(getQueryFn({ on401: 'throw', schema: MeResponseSchema })(queryContext(['/api/auth/me']))).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UnexpectedResponseError);
    expect((error as UnexpectedResponseError).message).toMatch(/^Unexpected answer from \/api\/auth\/me at user\.(id|repairerId)/);
    expect(userMessageOf(error)).toBe('Something went wrong. Please try again.');
  });

  it('apiJson parses with the schema it is given', async () => {
    stubFetch(new Response(JSON.stringify({ registration: 'AB12CDE', make: 'Ford', year: 2019, colour: null }), { status: 200 }));
    await expect(apiJson('POST', '/api/vehicle-lookup', { registration: 'AB12CDE' }, VehicleLookupSchema)).rejects.toBeInstanceOf(UnexpectedResponseError);
  });
});
