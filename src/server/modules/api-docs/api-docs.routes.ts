// Issue 14: GET /api/openapi.json (the OpenAPI 3.1 description) and GET /api/docs (a readable
// reference page made from it on the server: no script, one heading per area, one section per
// call). Both are public: they describe the API, not anyone's data. Built once, after start-up.
import { readFileSync } from 'node:fs';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ModuleDeps } from '../../module-deps';
import { site } from '../../../shared/site';
import { openApiDocument } from './openapi';
import { JSON_CONTENT_TYPE } from '../../plugins/serializer';

const version = (JSON.parse(readFileSync(new URL('../../../../package.json', import.meta.url), 'utf8')) as { version: string }).version;

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

type Operation = { summary: string; tags: string[]; parameters: { name: string; in: string; required: boolean }[]; requestBody?: { content: Record<string, { schema: unknown }> }; responses: Record<string, { description: string; content?: Record<string, { schema: unknown }> }> };

function referencePage(document: ReturnType<typeof openApiDocument>): string {
  const byTag = new Map<string, { method: string; path: string; op: Operation }[]>();
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, op] of Object.entries(methods as Record<string, Operation>)) {
      const tag = op.tags[0] ?? 'api';
      (byTag.get(tag) ?? byTag.set(tag, []).get(tag)!).push({ method: method.toUpperCase(), path, op });
    }
  }
  const json = (value: unknown) => `<pre tabindex="0">${escape(JSON.stringify(value, null, 2))}</pre>`;
  const sections = [...byTag.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(
      ([tag, operations]) => `<section aria-labelledby="tag-${escape(tag)}"><h2 id="tag-${escape(tag)}">${escape(tag)}</h2>${operations
        .map(({ method, path, op }) => {
          const params = op.parameters.length ? `<p>Parameters: ${op.parameters.map((p) => `<code>${escape(p.name)}</code> (${escape(p.in)}${p.required ? ', required' : ''})`).join(', ')}</p>` : '';
          const body = op.requestBody ? `<details><summary>Request body</summary>${json(op.requestBody.content['application/json']?.schema)}</details>` : '';
          const answers = Object.entries(op.responses)
            .filter(([status]) => status !== 'default')
            .map(([status, r]) => (r.content ? `<details><summary>${escape(status)} response</summary>${json(r.content['application/json']?.schema)}</details>` : `<p>${escape(status)}: ${escape(r.description)}</p>`))
            .join('');
          return `<article><h3><code>${method} ${escape(path)}</code></h3>${params}${body}${answers}</article>`;
        })
        .join('')}</section>`,
    )
    .join('');
  return `<!doctype html>
<html lang="en-GB">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>API reference – ${escape(site.brand)}</title>
<style>body{font-family:system-ui,sans-serif;line-height:1.5;margin:0 auto;max-width:60rem;padding:1rem;color:#0f172a}h1{color:#0b2545}h2{border-bottom:2px solid #0f766e;margin-top:2rem;text-transform:capitalize}h3{font-size:1rem;margin:1.25rem 0 .25rem}code{background:#f1f5f9;padding:0 .2rem;border-radius:.2rem;overflow-wrap:anywhere}pre{background:#f8fafc;border:1px solid #cbd5e1;padding:.5rem;overflow:auto;font-size:.85rem}summary{cursor:pointer;min-height:1.5rem}a{color:#0b2545}</style></head>
<body><header><p><a href="/">${escape(site.brand)}</a></p></header><main id="main-content"><h1>${escape(document.info.title)} reference</h1>
<p>${escape(document.info.description)}</p>
<p>Machine-readable: <a href="/api/openapi.json">OpenAPI 3.1 description</a> (version ${escape(document.info.version)}). Every call may also answer an error body: <code>{ error, message, fieldErrors? }</code>.</p>
${sections}</main></body></html>`;
}

export const apiDocsRoutes: FastifyPluginAsyncZod<{ deps: ModuleDeps }> = async (app, { deps }) => {
  let built: { document: ReturnType<typeof openApiDocument>; page: string } | undefined;
  // Every route is registered before the first request, so the description is complete then.
  const describe = () => {
    if (!built) {
      const document = openApiDocument(app.registeredRoutes, { version, serverUrl: deps.config.publicUrl });
      built = { document, page: referencePage(document) };
    }
    return built;
  };

  app.get('/api/openapi.json', async (_request, reply) => {
    reply.header('Cache-Control', 'public, max-age=300');
    return reply.type(JSON_CONTENT_TYPE).send(JSON.stringify(describe().document));
  });

  app.get('/api/docs', { config: { document: true } }, async (_request, reply) => {
    reply.header('Cache-Control', 'public, max-age=300');
    return reply.type('text/html; charset=utf-8').send(describe().page);
  });
};
