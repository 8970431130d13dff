// D18: with an OpenAI-compatible model configured (LLM_BASE_URL, LLM_API_KEY, LLM_MODEL), the
// model picks the business's contact address among the candidates and says why, in a JSON
// answer checked here: it must name one of the candidates. Anything else (an error, a timeout,
// malformed JSON, an address that was not offered) answers undefined and the rules choose.
import { z } from 'zod';
import type { Candidate } from './extract';

export interface LlmSettings {
  baseUrl: string;
  apiKey: string;
  model: string;
  timeoutMs: number;
}

export interface ModelChoice {
  email: string;
  reason: string;
}

const CompletionSchema = z.object({
  choices: z.array(z.object({ message: z.object({ content: z.string() }) })).min(1),
});

const AnswerSchema = z.object({
  email: z.string().trim().toLowerCase(),
  reason: z.string().trim().min(1).max(500),
});

const SYSTEM_PROMPT =
  'You help a UK car repair marketplace find the contact e-mail address of a small business from its own website. ' +
  'You are given the business name, its website and the addresses found on it. Choose the one address the business ' +
  'itself uses for enquiries (not a web designer, a platform, a supplier, a person at another company, or an automated ' +
  'address). Answer only with JSON: {"email": "<one of the given addresses, exactly>", "reason": "<one short sentence>"}.';

export async function chooseWithModel(
  settings: LlmSettings,
  business: { name: string; website: string },
  candidates: readonly Candidate[],
): Promise<{ choice: ModelChoice } | { problem: string }> {
  const offered = new Set(candidates.map((c) => c.email));
  const user = JSON.stringify({
    business: business.name,
    website: business.website,
    candidates: candidates.map((c) => ({ email: c.email, page: c.sourceUrl, mailtoLink: c.fromMailto })),
  });
  let body: unknown;
  try {
    const response = await fetch(`${settings.baseUrl}/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${settings.apiKey}` },
      body: JSON.stringify({
        model: settings.model,
        temperature: 0,
        response_format: { type: 'json_object' },
        messages: [
          { role: 'system', content: SYSTEM_PROMPT },
          { role: 'user', content: user },
        ],
      }),
      signal: AbortSignal.timeout(settings.timeoutMs),
    });
    if (!response.ok) return { problem: `the model answered ${response.status}` };
    body = await response.json();
  } catch (error) {
    return { problem: `the model could not be reached (${error instanceof Error ? error.message : String(error)})` };
  }
  const completion = CompletionSchema.safeParse(body);
  if (!completion.success) return { problem: 'the model’s answer was not a chat completion' };
  let content: unknown;
  try {
    content = JSON.parse(completion.data.choices[0]!.message.content);
  } catch {
    return { problem: 'the model’s answer was not JSON' };
  }
  const answer = AnswerSchema.safeParse(content);
  if (!answer.success) return { problem: 'the model’s answer lacked an address or a reason' };
  if (!offered.has(answer.data.email)) return { problem: `the model chose ${answer.data.email.slice(0, 100)}, which was not among the candidates` };
  return { choice: answer.data };
}
