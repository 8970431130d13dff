// A real SMTP server on loopback, so the real nodemailer transport is what tests exercise.
import { SMTPServer } from 'smtp-server';
import { createMailer, type Mailer } from '../../src/server/modules/email';

/**
 * A mailer that sends through whichever mailer the test last chose (`use(smtpUrl)`, or none
 * for "no SMTP configured"), so one app serves a file's tests with and without SMTP instead
 * of a new app (and database) per configuration.
 */
export function switchableMailer(): Mailer & { use(smtpUrl: string | undefined): void } {
  let current = createMailer(undefined);
  return {
    get configured() {
      return current.configured;
    },
    send: (mail) => current.send(mail),
    close: () => current.close(),
    use(smtpUrl) {
      current.close();
      current = createMailer(smtpUrl);
    },
  };
}

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

/** A header of a received message, unfolded (RFC 5322). */
export function headerOf(raw: string, name: string): string | undefined {
  const head = raw.split(/\r?\n\r?\n/, 1)[0]!;
  return new RegExp(`^${name}: (.*)$`, 'im').exec(head.replace(/\r?\n(?=[ \t])/g, ''))?.[1]?.trim();
}

/**
 * The text of a single-part message as a mail program shows it: nodemailer sends long or
 * non-ASCII lines quoted-printable (soft line breaks can fall inside a link) or base64.
 */
export function textOf(raw: string): string {
  const body = raw.slice(raw.search(/\r?\n\r?\n/)).replace(/^\r?\n\r?\n/, '');
  const encoding = headerOf(raw, 'Content-Transfer-Encoding')?.toLowerCase();
  if (encoding === 'base64') return Buffer.from(body, 'base64').toString('utf8');
  if (encoding !== 'quoted-printable') return body;
  const bytes = body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/**
 * failFirst: refuse that many messages with 451; delayMs: take that long to accept each (a slow
 * server, so sends overlap); onMessage: told of each message accepted (the browser tests' lanes
 * write them where the test files, in other processes, can read them).
 */
export async function startSmtpServer(options: { failFirst?: number; delayMs?: number; onMessage?: (mail: ReceivedMail) => void } = {}) {
  const received: ReceivedMail[] = [];
  let failuresLeft = options.failFirst ?? 0;
  // Addresses refused for good at RCPT TO (550), as a server answers for a mailbox that does not exist.
  const refused = new Set<string>();
  // Addresses deferred at RCPT TO (450), naming the address in the reply as Postfix does.
  const deferred = new Set<string>();
  let delayMs = options.delayMs ?? 0;
  const server = new SMTPServer({
    // The app's mailer keeps its connections open for reuse (mailer.ts, SMTP_POOL): a test that
    // closes this server before the app would otherwise wait smtp-server's 30 s for them to go.
    closeTimeout: 1000,
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (deferred.has(address.address.toLowerCase())) {
        const error = new Error(`<${address.address}>: Recipient address rejected: Greylisted, try again later`) as Error & { responseCode: number };
        error.responseCode = 450;
        return callback(error);
      }
      if (!refused.has(address.address.toLowerCase())) return callback();
      const error = new Error('No such user here') as Error & { responseCode: number };
      error.responseCode = 550;
      callback(error);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (failuresLeft > 0) {
          failuresLeft--;
          const error = new Error('Mailbox temporarily unavailable') as Error & { responseCode: number };
          error.responseCode = 451;
          return callback(error);
        }
        const mail = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        };
        received.push(mail);
        options.onMessage?.(mail);
        if (delayMs > 0) setTimeout(() => callback(), delayMs);
        else callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    /** The next `count` messages are refused with 451, as a busy server would. */
    failNext(count: number) {
      failuresLeft = count;
    },
    /** Mail to this address is refused with 550 (a permanent failure: a bounce). */
    refuse(address: string) {
      refused.add(address.toLowerCase());
    },
    /** Mail to this address is deferred with 450, the reply naming the address (a temporary failure, retried). */
    defer(address: string) {
      deferred.add(address.toLowerCase());
    },
    /** From now on, take this long to accept each message. */
    slowDown(ms: number) {
      delayMs = ms;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
