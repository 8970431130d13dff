// "Tell me when you do" and the e-mail once coverage arrives (issue 35 item 3), and the team's
// demand without supply (the Network tab's map of where to recruit).
import type { CompanyDetails } from '../../../shared/company';
import { coverageMessages, districtOf, serviceOf } from '../../../shared/coverage';
import type { CoverageRequestResult, DemandView } from '../../../shared/api/coverage';
import type { Database, Db } from '../../db/database';
import type { Enqueue } from '../../kernel/jobs';
import { RowFailures, type RowLog } from '../../jobs/row-failures';
import { conflict, notFound } from '../../kernel/errors';
import { accessLinkPath, createGrant, customerRecordAccess, type Viewer } from '../access';
import { assessmentMessages } from '../../../shared/api/assessments';
import { coverageOfAssessment, findAssessment, lockAssessment } from '../assessments';
import { withOutbox } from '../email';
import { coverageArrivedEmail } from './coverage-emails';
import { claimCoverageNotice, findCoverageRequest, insertCoverageRequest, readDemand, waitingNowCovered } from './coverage.repo';

/**
 * POST /api/assessments/{id}/coverage-request: the enquiry's owner (its grant holder, D10) asks to
 * be e-mailed once a technician covers them. Anyone else, staff included, is told the enquiry
 * does not exist. Recorded once: asking again says it is already recorded. Refused (409) when a
 * technician already covers them: they can book.
 */
export async function askToBeTold(db: Db, viewer: Viewer, assessmentId: number): Promise<{ created: boolean; result: CoverageRequestResult }> {
  if (customerRecordAccess({ user: null, assessmentIds: viewer.assessmentIds }, { assessmentId }) !== 'customer') throw notFound(assessmentMessages.notFound);
  return db.transaction(async (tx) => {
    // The erasure locks the enquiry: a request never outlives an erased record's grant.
    await lockAssessment(tx, assessmentId);
    const assessment = await findAssessment(tx, assessmentId);
    if (!assessment || assessment.erasedAt) throw notFound(assessmentMessages.notFound);
    const coverage = await coverageOfAssessment(tx, assessmentId);
    if (coverage?.covered && !(await findCoverageRequest(tx, assessmentId))) throw conflict(coverageMessages.alreadyCovered);
    const created = await insertCoverageRequest(tx, assessmentId);
    return { created, result: { alreadyRecorded: !created, message: created ? coverageMessages.recorded : coverageMessages.alreadyRecorded } };
  });
}

export interface CoverageNoticeContext {
  db: Db;
  jobs: Enqueue;
  config: { publicUrl: string; company: CompanyDetails };
  log?: RowLog;
}

const NOTICE_PAGE = 200;

/**
 * E-mails every customer waiting on a request whose enquiry a verified technician now covers,
 * once each: the request is claimed in the transaction that queues the e-mail, so a second run
 * (or instance) finds it claimed. Answers how many were e-mailed. A request that fails is logged,
 * the others are still told, and then the run throws so the queue retries it.
 */
export async function tellCoveredCustomers(ctx: CoverageNoticeContext, now: Date): Promise<number> {
  const failures = new RowFailures({ what: 'coverage notices', log: ctx.log });
  let told = 0;
  let afterId = 0;
  for (;;) {
    const page = await waitingNowCovered(ctx.db, afterId, NOTICE_PAGE);
    for (const request of page) {
      await failures.attempt({ assessmentId: request.assessmentId }, async () => {
        // The e-mail commits with the claim and is sent after it (should that fail, the outbox's sweep sends it).
        const sent = await withOutbox({ db: ctx.db, jobs: ctx.jobs }, async ({ tx, queue }) => {
          if (!(await claimCoverageNotice(tx, request.id, now))) return false;
          const assessment = await findAssessment(tx, request.assessmentId);
          if (!assessment || assessment.erasedAt) return false;
          const grant = await createGrant(tx, assessment.id);
          const quoteUrl = `${ctx.config.publicUrl}${accessLinkPath(grant.token, `/quote/${assessment.id}`)}`;
          await queue(coverageArrivedEmail(assessment, quoteUrl, ctx.config.company, ctx.config.publicUrl));
          return true;
        });
        if (sent) told++;
      });
    }
    if (page.length < NOTICE_PAGE) break;
    afterId = page[page.length - 1]!.id;
  }
  failures.throwIfAny();
  return told;
}

/** How many rows the demand table shows at most. */
export const DEMAND_ROWS = 200;

/** GET /api/admin/demand: uncovered enquiries by postcode district and service, the most first. */
export async function demandWithoutSupply(database: Database): Promise<DemandView> {
  const rows = await readDemand(database, DEMAND_ROWS);
  return {
    rows: rows.map((row) => ({
      district: districtOf(row.district),
      damageType: row.damageType,
      service: serviceOf(row.damageType),
      enquiries: row.enquiries,
      waiting: row.waiting,
      latestAt: row.latestAt.toISOString(),
    })),
  };
}
