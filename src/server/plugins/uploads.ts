// Multipart uploads (@fastify/multipart) only where a route takes photos (issue 9). The plugin
// adds an async onRequest hook with a 'close' listener, and an async onResponse hook, to every
// request of the context it is registered in, so it is registered in the upload routes' own
// context instead of on the whole app. A multipart body sent to any other route is answered 415.
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';

export function uploadRoutes<Options extends object = Record<never, never>>(routes: FastifyPluginAsyncZod<Options>): FastifyPluginAsyncZod<Options> {
  return async (app, options) => {
    await app.register(multipart);
    await routes(app.withTypeProvider<ZodTypeProvider>(), options);
  };
}
