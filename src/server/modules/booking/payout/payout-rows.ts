// The admin's lists of payouts (reported problems, payouts in question) show each payout with the
// job it pays for and the technician it pays: one join path for all of them.
import { eq } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import { appointments, assessments, payments, payouts, quotes, repairers } from '../../../db/schema';

/** A select from payouts (made `$dynamic()`), joined to its payment, appointment, quote, enquiry and repairer. */
export function withJobAndTechnician<Query extends PgSelect>(query: Query) {
  return query
    .innerJoin(payments, eq(payments.id, payouts.paymentId))
    .innerJoin(appointments, eq(appointments.id, payments.appointmentId))
    .innerJoin(quotes, eq(quotes.id, appointments.quoteId))
    .innerJoin(assessments, eq(assessments.id, quotes.assessmentId))
    .innerJoin(repairers, eq(repairers.id, payouts.repairerId));
}
