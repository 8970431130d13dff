// The explicit list of values the browser may know about the running product (STYLE habit 3).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SiteInfoSchema } from '../../../shared/api/site';
import type { ModuleDeps } from '../../module-deps';
import { networkFigureOf } from '../repairers';

export const siteRoutes: FastifyPluginAsyncZod<{ deps: ModuleDeps }> = async (app, { deps }) => {
  const paymentsMode = 'test' as const;
  const vehicleLookupEnabled = Boolean(deps.config.dvlaApiKey);
  const networkFigure = networkFigureOf(deps.database);
  app.get('/api/site', { schema: { response: { 200: SiteInfoSchema } } }, async (_request, reply) => {
    const verifiedRepairerCount = await networkFigure.get();
    reply.header('Cache-Control', 'public, max-age=300');
    return { verifiedRepairerCount, paymentsMode, vehicleLookupEnabled };
  });
};
