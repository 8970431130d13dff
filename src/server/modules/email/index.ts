// The email module as the rest of the server, the scripts and the tests see it: the only file they
// import it through (eslint's house/server-module-boundary refuses any other way in; only a
// *-cli.ts entry point may be imported directly). Named exports only, each from its own file.

export { customerFooter, customerFooterHtml, signature } from './company-footer';
export { SEND_EMAIL_WORK, sendEmailJob, sweepOutboxJob } from './email.jobs';
export { addUnsubscribedAddress, findEmail, insertEmails, isUnsubscribed, latestEmails, latestPendingSendAfter, type CustomerEmail, type NewOutboxEmail, type OutboxEmail } from './email.repo';
export { emailRoutes } from './email.routes';
export { dispatchEmails, MAX_EMAIL_ATTEMPTS, NOT_SENT_UNSUBSCRIBED, queueEmail } from './email.service';
export { createMailer, type Mailer } from './mailer';
export { readOutbox } from './outbox.repo';
export { createSmsSender, SmsError, type SmsSender } from './sms-sender';
export { ukMobile } from './sms-number';
export { undeclaredInStep, withOutbox, type Outbox, type OutboxDeps, type OutboxOptions } from './outbox-transaction';
