// One adapter for outgoing mail: real SMTP through nodemailer when SMTP_URL is set; without
// it every e-mail is kept in the outbox and logged (ARCHITECTURE: embedded default).
import nodemailer from 'nodemailer';
import type { Mailer, OutgoingMail } from '../../kernel/ports';

export type { Mailer, OutgoingMail };



/**
 * How long a mail server may keep us waiting, in ms. Nodemailer's own defaults (2 minutes to
 * connect, 30 s for the greeting, 10 minutes of silence) would hold the outbox job, and on a
 * PostgreSQL server the e-mail's row lock and a pool connection, that long for a server that
 * stopped answering. A failed attempt is retried on the send-email job's policy. Options in
 * SMTP_URL's query (`?socketTimeout=…`) still win.
 */
export const SMTP_TIMEOUTS = { connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 60_000 };

/**
 * Connections kept open and reused (issue 33). A new SMTP conversation per message (connect,
 * greeting, EHLO, and TLS on a real provider) cost more than the message: the outbox sent one
 * e-mail in 137 ms that way on a busy machine, and in 9 ms over four reused connections. As many
 * connections as the outbox's queue sends at once (email.jobs.ts); one closed by us after 30 s
 * idle, before the socket timeout, so an idle pool never reads as a failure. SMTP_URL's query
 * (`?pool=false`, `?maxConnections=…`) still wins.
 */
export const SMTP_POOL = { pool: true, maxConnections: 4, maxMessages: 100, idleTimeout: 30_000 } as const;

export function createMailer(smtpUrl: string | undefined, timeouts: Partial<typeof SMTP_TIMEOUTS> = {}): Mailer {
  if (!smtpUrl) {
    return { configured: false, async send() {}, close() {} };
  }
  const transport = nodemailer.createTransport({ url: smtpUrl, ...SMTP_POOL, ...SMTP_TIMEOUTS, ...timeouts });
  return {
    configured: true,
    async send(mail) {
      await transport.sendMail({
        from: mail.from,
        to: mail.to,
        subject: mail.subject,
        ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
        text: mail.text,
        ...(mail.html ? { html: mail.html } : {}),
        ...(mail.headers ? { headers: mail.headers } : {}),
        ...(mail.attachments?.length ? { attachments: mail.attachments.map((a) => ({ filename: a.filename, contentType: a.contentType, content: a.content, ...(a.encoding ? { encoding: a.encoding } : {}) })) } : {}),
      });
    },
    close() {
      transport.close();
    },
  };
}
