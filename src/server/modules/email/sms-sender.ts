// Issue 38 item 2 (docs/decisions/0037): texts through Twilio's Messages API with plain fetch
// (DEPENDENCY-NOTES: its SDK brings a large dependency tree for one form-encoded POST). Without
// SMS_PROVIDER every text is kept in the outbox, readable by admins (the embedded default).
import type { SmsConfig } from '../../config/config';

export interface SmsSender {
  configured: boolean;
  /** Resolves when Twilio has accepted the message; throws SmsError otherwise. */
  send(to: string, body: string): Promise<void>;
}

/** Twilio refused or could not be reached. `permanent`: a 4xx other than 429, not worth retrying. */
export class SmsError extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
  ) {
    super(message);
    this.name = 'SmsError';
  }
}

/** How long Twilio may keep the outbox's job (and, on a PostgreSQL server, the line's lock) waiting. */
export const SMS_TIMEOUT_MS = 15_000;

const notConfigured: SmsSender = {
  configured: false,
  async send() {},
};

export function createSmsSender(config: SmsConfig | undefined, timeoutMs = SMS_TIMEOUT_MS): SmsSender {
  if (!config) return notConfigured;
  const url = `${config.baseUrl}/2010-04-01/Accounts/${encodeURIComponent(config.accountSid)}/Messages.json`;
  const authorization = `Basic ${Buffer.from(`${config.accountSid}:${config.authToken}`).toString('base64')}`;
  return {
    configured: true,
    async send(to, body) {
      const form = new URLSearchParams({ To: to, Body: body });
      if (config.messagingServiceSid) form.set('MessagingServiceSid', config.messagingServiceSid);
      else form.set('From', config.from!);
      let response: Response;
      try {
        response = await fetch(url, {
          method: 'POST',
          headers: { authorization, 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
          body: form.toString(),
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (error) {
        throw new SmsError(`Twilio could not be reached: ${error instanceof Error ? error.message : String(error)}`, false);
      }
      const text = await response.text().catch(() => '');
      if (response.status === 200 || response.status === 201) return;
      let detail = `HTTP ${response.status}`;
      try {
        const answer = JSON.parse(text) as { code?: unknown; message?: unknown };
        if (typeof answer.message === 'string') detail = `Twilio error ${typeof answer.code === 'number' ? answer.code : response.status}: ${answer.message}`;
      } catch {
        // not JSON: the status alone
      }
      const permanent = response.status >= 400 && response.status < 500 && response.status !== 429;
      throw new SmsError(detail, permanent);
    },
  };
}
