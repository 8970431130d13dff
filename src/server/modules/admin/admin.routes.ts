// SPEC: Admin dashboard (stat cards, Quote Management) and section 7's admin quote calls.
// Every route is in an admin roleGroup: the role is checked before the body is parsed.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AdminPriceListSchema,
  AdminQuoteCardSchema,
  AdminQuoteListQuerySchema,
  AdminQuoteListSchema,
  AdminStatsSchema,
  adminQuoteMessages,
  ApproveQuoteBodySchema,
  EnquiryListSchema,
  EnquirySearchQuerySchema,
} from '../../../shared/api/admin';
import { IdParamsSchema } from '../../../shared/api/assessments';
import { vatRatePercentFor } from '../../../shared/vat';
import { missingPriceListEntries } from '../../../shared/price-list';
import { decimalStringToPence } from '../../../shared/money';
import { QuoteAdjustmentSchema } from '../../../shared/quote-adjustment';
import type { ModuleDeps } from '../../module-deps';
import { roleGroup } from '../../plugins/auth';
import { badRequest, conflict, notFound } from '../../kernel/errors';
import { deleteAssessment, findAssessment } from '../assessments';
import { quoteBeingPaid, releaseHoldOfQuote, removeUnpaidPaymentsOfQuote, withSteps, type Step } from '../booking';
import { accessLinkPath, createGrant } from '../access';
import { actorOf, recordAudit } from '../privacy';
import { approveQuote, findQuote, loadPriceList, lockQuote, quoteReadyEmail, readPriceList, refuseWhileBeingPaid, replacePriceList, resetQuoteToPriceList, reviseQuote, saveRevision, seenTotalPence, sendRevision, type QuoteRow } from '../quotes';
import { cardsFor, enquiryList, readAdminStats, readDeskPage } from './admin-desk.repo';
import { deleteFilesOfGoneRecords } from '../images';
import { sendShared } from '../../plugins/serializer';

export const adminRoutes: FastifyPluginAsyncZod<{ deps: ModuleDeps }> = async (app, { deps }) => {
  const { database, config } = deps;
  // Issue 37: new prices charge VAT only when the company is VAT registered.
  const vatRatePercent = vatRatePercentFor(config.company);
  const db = database.db;
  // Approving and revising a quote are steps of the booking process (process/run-step.ts): the
  // customer's e-mail commits with the change and is sent after it.
  const steps = withSteps({ db, config, jobs: deps.jobs });

  /** Inside the step's transaction: a fresh grant (tokens are stored hashed) and the customer's e-mail with its link. */
  async function tellCustomer(step: Step, quote: QuoteRow, revised: boolean): Promise<void> {
    const assessment = await findAssessment(step.tx, quote.assessmentId);
    if (!assessment) throw notFound(adminQuoteMessages.notFound);
    const grant = await createGrant(step.tx, assessment.id);
    const url = `${config.publicUrl}${accessLinkPath(grant.token, `/quote/${assessment.id}`)}`;
    await step.queue(quoteReadyEmail(assessment, quote, url, revised, config.company, config.publicUrl));
  }

  async function card(quoteId: number) {
    const quote = await findQuote(db, quoteId);
    if (!quote) throw notFound(adminQuoteMessages.notFound);
    const [found] = await cardsFor(db, [quote]);
    return found!;
  }

  await app.register(
    roleGroup(['admin'], async (admin) => {
      admin.get('/api/admin/stats', { schema: { response: { 200: AdminStatsSchema } } }, async () => readAdminStats(database));

      admin.get('/api/admin/quotes', { schema: { querystring: AdminQuoteListQuerySchema, response: { 200: AdminQuoteListSchema } } }, async (request, reply) =>
        sendShared(reply, await readDeskPage(database, request.query.status, request.query.page, request.query.pageSize)),
      );

      admin.get('/api/admin/enquiries', { schema: { querystring: EnquirySearchQuerySchema, response: { 200: EnquiryListSchema } } }, async (request, reply) =>
        sendShared(reply, await enquiryList(database, request.query.search, request.query.page, request.query.pageSize)),
      );

      admin.post(
        '/api/admin/quotes/:id/update-full-quote',
        { schema: { params: IdParamsSchema, body: QuoteAdjustmentSchema, response: { 200: AdminQuoteCardSchema } } },
        async (request) => {
          const actor = actorOf(await request.session());
          await steps('revise-quote', async (step) => {
            const { quote, customerToBeTold } = await reviseQuote(step.tx, request.params.id, request.body, quoteBeingPaid, vatRatePercent);
            await recordAudit(step.tx, actor, 'quote_changed', { kind: 'quote', id: quote.id }, { totalPence: quote.totalPence, customerTold: customerToBeTold });
            if (customerToBeTold) await tellCustomer(step, quote, true);
          });
          return card(request.params.id);
        },
      );

      // Issue 37 item 7: a revision of an approved quote, saved for later. No step: nothing the
      // customer sees changes and nobody is e-mailed (the audit log keeps who saved what).
      admin.post(
        '/api/admin/quotes/:id/revision-draft',
        { schema: { params: IdParamsSchema, body: QuoteAdjustmentSchema, response: { 200: AdminQuoteCardSchema } } },
        async (request) => {
          const actor = actorOf(await request.session());
          await db.transaction(async (tx) => {
            const current = await findQuote(tx, request.params.id);
            const reference = current ? ((await findAssessment(tx, current.assessmentId))?.reference ?? '') : '';
            const draft = await saveRevision(tx, request.params.id, request.body, reference, vatRatePercent);
            await recordAudit(tx, actor, 'quote_changed', { kind: 'quote', id: draft.quoteId }, { draftTotalPence: decimalStringToPence(draft.view.totalCost), customerTold: false });
          });
          return card(request.params.id);
        },
      );

      // "Send revised quote": the saved revision through the revise-quote step; the customer is
      // e-mailed and their open modification requests are answered.
      admin.post(
        '/api/admin/quotes/:id/send-revision',
        { schema: { params: IdParamsSchema, response: { 200: AdminQuoteCardSchema } } },
        async (request) => {
          const actor = actorOf(await request.session());
          await steps('revise-quote', async (step) => {
            const { quote } = await sendRevision(step.tx, request.params.id, quoteBeingPaid, vatRatePercent);
            await recordAudit(step.tx, actor, 'quote_changed', { kind: 'quote', id: quote.id }, { totalPence: quote.totalPence, customerTold: true });
            await tellCustomer(step, quote, true);
          });
          return card(request.params.id);
        },
      );

      admin.post(
        '/api/admin/quotes/:id/approve',
        { schema: { params: IdParamsSchema, body: ApproveQuoteBodySchema, response: { 200: AdminQuoteCardSchema } } },
        async (request) => {
          const seen = seenTotalPence(request.body.adjustedAmount);
          const actor = actorOf(await request.session());
          await steps('approve-quote', async (step) => {
            const quote = await approveQuote(step.tx, request.params.id, seen);
            await recordAudit(step.tx, actor, 'quote_approved', { kind: 'quote', id: quote.id }, { totalPence: quote.totalPence });
            await tellCustomer(step, quote, false);
          });
          return card(request.params.id);
        },
      );

      admin.post(
        '/api/admin/quotes/:id/reset-to-price-list',
        { schema: { params: IdParamsSchema, response: { 200: AdminQuoteCardSchema } } },
        async (request) => {
          const actor = actorOf(await request.session());
          await steps('revise-quote', async (step) => {
            const { tx } = step;
            const current = await findQuote(tx, request.params.id);
            if (!current) throw notFound(adminQuoteMessages.notFound);
            const assessment = await findAssessment(tx, current.assessmentId);
            if (!assessment) throw notFound(adminQuoteMessages.notFound);
            const { quote, customerToBeTold } = await resetQuoteToPriceList(tx, current.id, assessment, quoteBeingPaid, vatRatePercent);
            await recordAudit(tx, actor, 'quote_changed', { kind: 'quote', id: quote.id }, { totalPence: quote.totalPence, resetToPriceList: true, customerTold: customerToBeTold });
            if (customerToBeTold) await tellCustomer(step, quote, true);
          });
          return card(request.params.id);
        },
      );

      // Spam and withdrawn requests: the whole enquiry goes, photo files after the commit.
      admin.delete('/api/admin/quotes/:id', { schema: { params: IdParamsSchema } }, async (request, reply) => {
        const actor = actorOf(await request.session());
        const fileKeys = await db.transaction(async (tx) => {
          const quote = await lockQuote(tx, request.params.id);
          if (!quote) throw notFound(adminQuoteMessages.notFound);
          if (quote.status === 'booked') throw conflict('This quote has been booked, so its enquiry cannot be deleted.');
          // The same refusal as a price change: a checkout under way would be left paying for nothing.
          await refuseWhileBeingPaid(tx, quote, new Date(), quoteBeingPaid, adminQuoteMessages.beingPaidDelete);
          // Money taken or refunded is a record to keep; unpaid attempts go with the enquiry.
          if (!(await removeUnpaidPaymentsOfQuote(tx, quote.id))) throw conflict('A payment was taken or refunded for this quote, so its enquiry is kept as a record and cannot be deleted.');
          // An unpaid hold gives its place back before the cascade removes it.
          await releaseHoldOfQuote(tx, quote.id);
          const reference = (await findAssessment(tx, quote.assessmentId))?.reference ?? null;
          const { fileKeys: keys } = await deleteAssessment(tx, quote.assessmentId);
          await recordAudit(tx, actor, 'quote_deleted', { kind: 'quote', id: quote.id }, { reference, assessmentId: quote.assessmentId });
          return keys;
        });
        await deleteFilesOfGoneRecords(deps.store, fileKeys, request.log);
        return reply.status(204).send();
      });

      admin.get('/api/admin/price-list', { schema: { response: { 200: AdminPriceListSchema } } }, async (_request, reply) => sendShared(reply, await readPriceList(database)));

      admin.put('/api/admin/price-list', { schema: { body: AdminPriceListSchema, response: { 200: AdminPriceListSchema } } }, async (request) => {
        const missing = missingPriceListEntries(request.body);
        if (missing.length > 0) throw badRequest(`The price list must price every damage type and band. Missing: ${missing.join(', ')}`);
        await replacePriceList(db, request.body);
        return loadPriceList(db);
      });
    }),
  );
};
