// SPEC section 7's quote calls (issue 10). The grant holder reads their quote once an admin has
// approved it (D12), admins always, the assigned repairer when they have the job; to anyone
// else a quote does not exist (404, like a missing id).
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminQuoteMessages } from '../../../shared/api/admin';
import { assessmentMessages, IdParamsSchema, QuoteWithAssessmentListSchema, QuoteWithAssessmentSchema } from '../../../shared/api/assessments';
import {
  AssessmentIdParamsSchema,
  CreateQuoteBodySchema,
  ModificationRequestBodySchema,
  ModificationRequestViewSchema,
  OpenModificationRequestsSchema,
  pageAsked,
  PageQuerySchema,
  QuoteViewSchema,
} from '../../../shared/api/quotes';
import { londonDateOf } from '../../../shared/london-time';
import { outcodeOf } from '../../../shared/postcode';
import { QuoteAdjustmentSchema } from '../../../shared/quote-adjustment';
import type { Db } from '../../db/database';
import type { ModuleDeps } from '../../module-deps';
import { vatRatePercentFor } from '../../../shared/vat';
import { roleGroup } from '../../plugins/auth';
import { badRequest, conflict, notFound } from '../../kernel/errors';
import { parseBody } from '../../plugins/validation';
import { enforceRateLimit } from '../../plugins/rate-limit';
import type { CustomerRecordAccess, Viewer } from '../access';
import { enquiryOfQuote, findAssessment, findAssessmentsByIds, imagesOf } from '../assessments';
import { withOutbox } from '../email';
import { upsertDraftFromFigures } from './quote-desk.service';
import { teamModificationRequestEmail } from './quote-emails';
import { quotePdfFileName, renderQuotePdf } from './quote-pdf';
import { quoteAccess, readQuoteBody } from './quote-read.repo';
import { toModificationRequestView, toQuoteView } from './quote-view';
import { findQuote, insertModificationRequest, itemsOf, modificationRequestsOf, quotesPage, type QuoteRow } from './quotes.repo';
import { sendSerialized, serializerOf } from '../../plugins/serializer';

const notFoundMessage = adminQuoteMessages.notFound;

/** The quote as this viewer may see it, or a 404 that reveals nothing. */
async function readableQuote(db: Db, quote: QuoteRow | undefined, viewer: Viewer): Promise<{ quote: QuoteRow; access: CustomerRecordAccess }> {
  const access = quote ? quoteAccess(viewer, quote) : null;
  if (!quote || !access) throw notFound(notFoundMessage);
  return { quote, access };
}

async function viewOf(db: Db, quote: QuoteRow) {
  const [items, assessment] = await Promise.all([itemsOf(db, [quote.id]), findAssessment(db, quote.assessmentId)]);
  return toQuoteView(quote, items, assessment?.reference ?? '');
}

export const quoteRoutes: FastifyPluginAsyncZod<{ deps: ModuleDeps }> = async (app, { deps }) => {
  const { database, config } = deps;
  const db = database.db;

  await app.register(
    roleGroup(['admin'], async (admin) => {
      admin.get('/api/quotes', { schema: { querystring: PageQuerySchema, response: { 200: QuoteWithAssessmentListSchema } } }, async (request, reply) => {
        const { page, pageSize } = pageAsked(request.query);
        const { rows, total } = await quotesPage(db, page, pageSize);
        const assessmentIds = rows.map((row) => row.assessmentId);
        const [items, enquiries, images] = await Promise.all([
          itemsOf(
            db,
            rows.map((row) => row.id),
          ),
          findAssessmentsByIds(db, assessmentIds),
          imagesOf(db, assessmentIds),
        ]);
        const enquiryById = new Map(enquiries.map((enquiry) => [enquiry.id, enquiry]));
        const now = new Date();
        reply.header('X-Total-Count', String(total));
        return rows.flatMap((row) => {
          const enquiry = enquiryById.get(row.assessmentId);
          if (!enquiry) return []; // the enquiry was deleted between the two reads: so was its quote
          // The enquiry as an admin sees it, its photos included; the quote around it is this one.
          const assessment = enquiryOfQuote(
            enquiry,
            images.filter((image) => image.assessmentId === enquiry.id),
          );
          return [{ ...toQuoteView(row, items.filter((item) => item.quoteId === row.id), enquiry.reference, now), assessment }];
        });
      });

      // SPEC's sample-quote call: creates or replaces the pending draft, priced by the rules.
      admin.post('/api/quotes', { schema: { body: CreateQuoteBodySchema, response: { 200: QuoteViewSchema, 201: QuoteViewSchema } } }, async (request, reply) => {
        const { assessmentId, laborCost, partsCost, estimatedDays, workDescription, validUntil, warrantyMonths } = request.body;
        const parsed = QuoteAdjustmentSchema.safeParse({ laborCost, partsCost, estimatedDays, workDescription, validUntil, warrantyMonths });
        if (!parsed.success) {
          const fieldErrors: Record<string, string> = {};
          for (const issue of parsed.error.issues) fieldErrors[String(issue.path[0] ?? 'form')] ??= issue.message;
          throw badRequest(parsed.error.issues[0]!.message, fieldErrors);
        }
        if (!(await findAssessment(db, assessmentId))) throw notFound(assessmentMessages.notFound);
        // Replacing a pending draft revises it: the step revise-quote (its transition checked against the declaration).
        const { quote, created } = await withOutbox({ db }, ({ tx }) => upsertDraftFromFigures(tx, assessmentId, parsed.data, vatRatePercentFor(config.company)), { step: 'revise-quote' });
        return reply.status(created ? 201 : 200).send(await viewOf(db, quote));
      });
    }),
  );

  /** The customer's quote read, by the quote's id or its enquiry's: the answer this reader may see, or a 404. */
  async function sendQuote(request: FastifyRequest, reply: FastifyReply, by: 'id' | 'assessment', id: number) {
    const reader = { user: await request.session(), grantTokenHashes: request.grantTokenHashes() };
    const serialize = serializerOf(reply);
    let body = await readQuoteBody(database, by, id, reader, serialize);
    // SPEC section 7: the booking page "passes the quote id from the route" to
    // /api/quotes/assessment/{id}. The path is read as its name says first; when this reader sees
    // no quote for an enquiry of that id, it is read as a quote's id, with the same access check,
    // so that client works too (docs/decisions/0005). Admins, who may see every quote, get the
    // path's own meaning only: for them a 404 says the enquiry has no quote.
    if (body === null && by === 'assessment' && reader.user?.role !== 'admin') body = await readQuoteBody(database, 'id', id, reader, serialize);
    if (body === null) throw notFound(notFoundMessage);
    return sendSerialized(reply.header('Cache-Control', 'private, no-store'), body);
  }

  app.get('/api/quotes/assessment/:assessmentId', { schema: { params: AssessmentIdParamsSchema, response: { 200: QuoteWithAssessmentSchema } } }, async (request, reply) =>
    sendQuote(request, reply, 'assessment', request.params.assessmentId),
  );

  app.get('/api/quotes/:id', { schema: { params: IdParamsSchema, response: { 200: QuoteWithAssessmentSchema } } }, async (request, reply) =>
    sendQuote(request, reply, 'id', request.params.id),
  );

  app.get('/api/quotes/:id/pdf', { schema: { params: IdParamsSchema } }, async (request, reply) => {
    const { quote } = await readableQuote(db, await findQuote(db, request.params.id), await request.viewer());
    const [items, assessment] = await Promise.all([itemsOf(db, [quote.id]), findAssessment(db, quote.assessmentId)]);
    if (!assessment) throw notFound(notFoundMessage);
    const pdf = await renderQuotePdf({
      reference: assessment.reference,
      issuedDate: londonDateOf(quote.approvedAt ?? quote.updatedAt),
      customerName: assessment.name,
      postcodeDistrict: outcodeOf(assessment.postcode) ?? '',
      vehicle: `${assessment.vehicleYear} ${assessment.vehicleMake} ${assessment.vehicleModel}`,
      damageType: assessment.damageType,
      damageLocations: assessment.damageLocations,
      lineItems: items.map((item) => ({ description: item.description, costPence: item.costPence })),
      laborPence: quote.laborPence,
      partsPence: quote.partsPence,
      materialsPence: quote.materialsPence,
      feePence: quote.feePence,
      vatPence: quote.vatPence,
      totalPence: quote.totalPence,
      validUntilDate: quote.validUntilDate,
      warrantyMonths: quote.warrantyMonths,
      estimatedDays: quote.estimatedDays,
    }, config.company);
    return reply
      .type('application/pdf')
      .header('Content-Disposition', `attachment; filename="${quotePdfFileName(assessment.reference)}"`)
      .header('Cache-Control', 'private, no-store')
      .send(pdf);
  });

  // Issue 37 item 7: the customer's quote page shows what they asked and when the answer is due.
  // Only the requests: a revision the team has saved but not sent is never in a customer's read.
  app.get('/api/quotes/:id/modification-requests', { schema: { params: IdParamsSchema, response: { 200: OpenModificationRequestsSchema } } }, async (request, reply) => {
    const { quote, access } = await readableQuote(db, await findQuote(db, request.params.id), await request.viewer());
    if (access !== 'customer' && access !== 'admin') throw notFound(notFoundMessage);
    const open = await modificationRequestsOf(db, [quote.id], true);
    return reply.header('Cache-Control', 'private, no-store').send({ open: open.map(toModificationRequestView) });
  });

  // D21: the customer asks for a change to their approved quote; the team is e-mailed.
  app.post(
    '/api/quotes/:id/modification-requests',
    { schema: { params: IdParamsSchema, response: { 201: ModificationRequestViewSchema } } },
    async (request, reply) => {
      const { quote, access } = await readableQuote(db, await findQuote(db, request.params.id), await request.viewer());
      // Only the customer asks; to staff the call does not exist.
      if (access !== 'customer') throw notFound(notFoundMessage);
      if (quote.status !== 'approved') throw conflict('This quote has already been booked, so it can no longer be changed. Please call us.');
      const body = parseBody(ModificationRequestBodySchema, request.body);
      await enforceRateLimit(db, {
        key: `modification-requests:${quote.id}`,
        windowSeconds: 3600,
        max: 5,
        message: 'You have sent several requests for this quote in the last hour. We will reply soon, or please call us.',
      });
      const assessment = await findAssessment(db, quote.assessmentId);
      if (!assessment) throw notFound(notFoundMessage);
      // The team's e-mail commits with the request and is sent after it (email's withOutbox).
      const row = await withOutbox({ db, jobs: deps.jobs }, async (outbox) => {
        const created = await insertModificationRequest(outbox.tx, quote.id, body.message);
        await outbox.queue(teamModificationRequestEmail(assessment, body.message, config.teamEmail, config.publicUrl));
        return created;
      });
      return reply.status(201).send(toModificationRequestView(row));
    },
  );
};
