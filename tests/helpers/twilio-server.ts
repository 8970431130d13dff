// A local stand-in for Twilio's Messages API (issue 38): POST /2010-04-01/Accounts/{SID}/Messages.json,
// form-encoded To, From or MessagingServiceSid, and Body, with HTTP basic auth SID:token; 201 and
// the message's JSON, or Twilio's error JSON {code, message, more_info, status}. A wrong password
// gets Twilio's 401 (code 20003). `answerNext` scripts the next answers for a number.
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export const TWILIO_SID = 'AC' + '0123456789abcdef'.repeat(2);
export const TWILIO_TOKEN = 'stand-in-auth-token';
export const TWILIO_SENDER = '+447700900999';

export interface ReceivedText {
  to: string;
  from: string | null;
  messagingServiceSid: string | null;
  body: string;
}

export type ScriptedAnswer = { status: number; code?: number; message?: string };

export interface TwilioStandIn {
  url: string;
  /** The messages accepted (201), in order. */
  received: ReceivedText[];
  /** Every request that reached the Messages endpoint, accepted or not. */
  requests: number;
  /** The next answers for messages to `to`, in order, before it accepts again. */
  answerNext(to: string, ...answers: ScriptedAnswer[]): void;
  /** Every accepted message takes this long to answer (to make two sends overlap). */
  slowDown(ms: number): void;
  /** SMS_PROVIDER and the Twilio settings for loadConfig. */
  env: Record<string, string>;
  close(): Promise<void>;
}

const read = (request: IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => resolve(body));
    request.on('error', reject);
  });

export async function startTwilioStandIn(): Promise<TwilioStandIn> {
  const received: ReceivedText[] = [];
  const scripts = new Map<string, ScriptedAnswer[]>();
  let delayMs = 0;
  let requests = 0;
  const expectedAuth = `Basic ${Buffer.from(`${TWILIO_SID}:${TWILIO_TOKEN}`).toString('base64')}`;
  const server = createServer(async (request, response) => {
    const json = (status: number, body: object) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    const error = (status: number, code: number, message: string) => json(status, { code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status });
    const body = await read(request);
    if (request.method !== 'POST' || request.url !== `/2010-04-01/Accounts/${TWILIO_SID}/Messages.json`) return error(404, 20404, 'The requested resource was not found');
    if (request.headers.authorization !== expectedAuth) return error(401, 20003, 'Authenticate');
    if (!String(request.headers['content-type']).startsWith('application/x-www-form-urlencoded')) return error(400, 21000, 'Form-encoded body expected');
    requests++;
    const form = new URLSearchParams(body);
    const to = form.get('To') ?? '';
    const text: ReceivedText = { to, from: form.get('From'), messagingServiceSid: form.get('MessagingServiceSid'), body: form.get('Body') ?? '' };
    if (!text.body) return error(400, 21602, 'Message body is required.');
    if (!text.from && !text.messagingServiceSid) return error(400, 21603, "A 'From' or 'MessagingServiceSid' parameter is required to send a message");
    if (!/^\+[1-9]\d{6,14}$/.test(to)) return error(400, 21211, `Invalid 'To' Phone Number: ${to}`);
    const scripted = scripts.get(to)?.shift();
    if (scripted) return error(scripted.status, scripted.code ?? scripted.status * 100, scripted.message ?? 'Scripted failure');
    if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
    received.push(text);
    json(201, { sid: `SM${String(received.length).padStart(32, '0')}`, status: 'queued', to, body: text.body });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    received,
    get requests() {
      return requests;
    },
    answerNext(to, ...answers) {
      scripts.set(to, [...(scripts.get(to) ?? []), ...answers]);
    },
    slowDown(ms) {
      delayMs = ms;
    },
    env: { SMS_PROVIDER: 'twilio', TWILIO_ACCOUNT_SID: TWILIO_SID, TWILIO_AUTH_TOKEN: TWILIO_TOKEN, TWILIO_FROM: TWILIO_SENDER, TWILIO_BASE_URL: url },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
