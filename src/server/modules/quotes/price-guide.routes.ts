// Issue 37 item 1: prices up front. The guide a pending quote shows (D12), for anyone, from the
// damage alone: no personal data is asked for or kept. Both reads come from the price list as it
// is now, so an admin's edit shows on the next read (the public services page fetches its
// "from" prices after it has painted: docs/decisions/0031).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { vatRatePercentFor } from '../../../shared/vat';
import { allDamageTypes } from '../../../shared/damage';
import { penceToDecimalString } from '../../../shared/money';
import { guideFromPence } from '../../../shared/price-list';
import { priceGuideMessages, PriceGuideQuerySchema, PriceGuideQueryShapeSchema, PriceGuideSchema, ServicePricesSchema } from '../../../shared/api/price-guide';
import type { ModuleDeps } from '../../module-deps';
import { enforceRateLimit } from '../../plugins/rate-limit';
import { parseBody } from '../../plugins/validation';
import { readPriceList } from './price-list.repo';
import { guideFor } from './quote-desk.service';

export const priceGuideRoutes: FastifyPluginAsyncZod<{ deps: ModuleDeps }> = async (app, { deps }) => {
  const { database, config } = deps;
  const vatRatePercent = vatRatePercentFor(config.company);
  const limit = (ip: string) =>
    enforceRateLimit(database.db, { key: `price-guide:${ip}`, windowSeconds: 60, max: config.priceGuideReadsPerMinutePerAddress, message: priceGuideMessages.tooMany });
  // Prices change only when an admin saves the list; a browser may keep an answer but asks again.
  const fresh = 'public, no-cache';

  app.get('/api/price-guide', { schema: { querystring: PriceGuideQueryShapeSchema, response: { 200: PriceGuideSchema } } }, async (request, reply) => {
    await limit(request.ip);
    const damage = parseBody(PriceGuideQuerySchema, request.query);
    const guidePrice = guideFor(await readPriceList(database), damage, vatRatePercent);
    reply.header('Cache-Control', fresh);
    return { guidePrice };
  });

  app.get('/api/price-guide/services', { schema: { response: { 200: ServicePricesSchema } } }, async (request, reply) => {
    await limit(request.ip);
    const list = await readPriceList(database);
    reply.header('Cache-Control', fresh);
    return {
      prices: allDamageTypes.map((damageType) => {
        const from = guideFromPence(list, damageType, vatRatePercent);
        return { damageType, from: from === null ? null : penceToDecimalString(from) };
      }),
    };
  });
};
