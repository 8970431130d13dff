// The booking module as the rest of the server, the scripts and the tests see it: the only file they
// import it through (eslint's house/server-module-boundary refuses any other way in; only a
// *-cli.ts entry point may be imported directly). Named exports only, each from its own file.

export { readAppointmentView } from './appointment/appointment-read.repo';
export { expiredHoldIds, findAppointmentRecord } from './appointments.repo';
export { cancelMessages } from './cancel/appointment-cancel';
export { reviewRepair } from './complete/completion.service';
export { problemReportedEmail } from './emails/completion-emails';
export { sendRemindersJob } from './emails/reminders.jobs';
export { lapseExpiredHoldsJob } from './hold/bookings.jobs';
export { availabilityInMonth, availabilityOn, bookingMessages, calendarMessages, holdSlot, LAPSE_PAGE_SIZE, lapseHolds, quoteExpiredMessage, readableAppointment, toAppointmentView } from './hold/bookings.service';
export { dispatchBookingJob, expireJobOffersJob } from './offer/dispatch.jobs';
export { notificationsWhere, readJobsToDispatch } from './offer/dispatch.repo';
export { expireOverdueOffers, withdrawOpenOffersOfRepairer } from './offer/dispatch.service';
export { takeBackJobsOutsideAvailability } from './offer/outside-availability';
export { hasLiveOffer } from './offer/offers.repo';
export { jobsQuery, readJobsOfRepairer, type JobRecord } from './offer/repairer-jobs.repo';
export { acceptJob, declineJob } from './offer/repairer-jobs.service';
export { quoteBeingPaid } from './pay/being-paid';
export { removeUnpaidPaymentsOfQuote } from './pay/payments.repo';
export { paymentMessages, settleSucceededPayment } from './pay/payments.service';
export { runStep, withSteps, type Step, type StepDeps } from './process/run-step';
export { webhookEventMessage } from './pay/stripe-webhook';
export { createTestProvider } from './pay/test-provider';
export { releasePayoutsJob } from './payout/payouts.jobs';
export { followUpUnassignedJob, FOLLOW_UP_UNASSIGNED_JOB } from './unassigned/unassigned.jobs';
export { tellCustomersOfUnassigned, tellTeamOfUnassigned } from './unassigned/unassigned.service';
export { releaseDuePayouts, releaseHeldPayout } from './payout/payouts';
export { bookingRoutes } from './routes/bookings.routes';
export { completionRoutes } from './routes/completion.routes';
export { dispatchRoutes } from './routes/dispatch.routes';
export { paymentRoutes } from './routes/payments.routes';
export { repairerJobRoutes } from './routes/repairer-jobs.routes';
export { unassignedBookingRoutes } from './routes/unassigned.routes';
export { readAvailability } from './slots/availability-read.repo';
export { bookingDateMessages, isOutsideChangeWindow, slotRefusal } from './slots/booking-rules';
export { leaveLiveState, releaseHoldOfQuote, setSlotCapacity, slotRowsBetween, takePlace } from './slots/capacity.repo';
export { afterTakeBack, fillReservations, openSlotsStored, pinAccepted, refreshReservationsOf } from './slots/stored-matching';
export { openSlotsFor } from './slots/customer-availability';
export { customerOfQuote } from './slots/customer-availability.repo';
export { covers, eligibleTechnicians, freePlacesIn, isEligible, slotKey, technicianFacts, techniciansReaching, type Customer, type SlotOf } from './slots/eligibility.repo';
