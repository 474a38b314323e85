// GPT through the official `openai` client against any OpenAI-compatible chat-completions API
// (OPENAI_BASE_URL). One call shape only: structured output (response_format json_schema),
// checked by the caller's parser; a user message may carry images (vision) as data URLs. Failures become the spec's codes: E417 (generation failed —
// timeout, rate limit, server error, an answer that is cut off, refused or does not fit the
// schema) and E999 (the deployment is wrong: bad key, unknown model, a rejected request).
// The key never reaches a log: the client's own logging is off, and error texts (OpenAI's 401
// message quotes part of the key) are redacted before they are logged.
import OpenAI, { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } from 'openai';
import type { AppConfig } from './config.ts';
import { AppError } from './errors.ts';
import type { Logger } from './logger.ts';

export type GptSettings = AppConfig['gpt'];

/** Whether GPT can be used at all: a key is configured. Without one, features take their non-GPT path. */
export const isGptConfigured = (settings: Pick<GptSettings, 'apiKey'>): boolean => Boolean(settings.apiKey?.trim());

export interface GptUsage {
  promptTokens: number;
  completionTokens: number;
}

/** Dollars for a call's tokens at the configured prices (per million tokens). */
export function gptCostUsd(usage: GptUsage, prices: GptSettings['pricePerMillion']): number {
  return (usage.promptTokens * prices.input + usage.completionTokens * prices.output) / 1_000_000;
}

/** A part of a user message (the OpenAI chat format): text, or an image as a data URL for vision. */
export type GptContentPart =
  | { type: 'text'; text: string }
  | { type: 'image_url'; image_url: { url: string; detail?: 'low' | 'high' | 'auto' } };

/** A chat message; only the user's may carry images (the API accepts images in user messages only). */
export type GptMessage = { role: 'system' | 'assistant'; content: string } | { role: 'user'; content: string | GptContentPart[] };

export interface StructuredRequest<T> {
  messages: GptMessage[];
  /** JSON schema of the answer (strict structured output: every property required, no extra ones). */
  schema: { name: string; description?: string; schema: Record<string, unknown> };
  /** Turns the parsed JSON into the typed value; throws when it does not fit. */
  parse: (value: unknown) => T;
  /** Aborted when the job is cancelled or the process shuts down. */
  signal?: AbortSignal;
  temperature?: number;
  maxOutputTokens?: number;
}

export interface StructuredAnswer<T> {
  value: T;
  usage: GptUsage;
  /** The model that answered, as the API names it. */
  model: string;
}

export type GptFailure = 'timeout' | 'connection' | 'rate_limited' | 'server' | 'configuration' | 'truncated' | 'refused' | 'invalid_answer';

/** A failed GPT call. usage is set when the API answered (and so charged tokens) but the answer was unusable. */
export class GptError extends AppError {
  constructor(
    readonly failure: GptFailure,
    readonly usage: GptUsage | null = null,
    readonly model: string | null = null,
  ) {
    super(failure === 'configuration' ? 500 : 502, failure === 'configuration' ? 'E999' : 'E417');
  }
}

export interface GptClient {
  readonly model: string;
  structured<T>(request: StructuredRequest<T>): Promise<StructuredAnswer<T>>;
}

const SECRET_LIKE = /\b(sk|key|token)[-_][A-Za-z0-9_*-]{6,}/gi;

/** Error text fit for a log: the key and anything shaped like a secret removed. */
export function redactSecrets(text: string, apiKey: string | undefined): string {
  let redacted = text;
  if (apiKey && apiKey.length >= 4) redacted = redacted.split(apiKey).join('[redacted]');
  return redacted.replace(SECRET_LIKE, '[redacted]');
}

function abortReason(signal: AbortSignal | undefined): unknown {
  return signal?.reason ?? new DOMException('The GPT call was aborted.', 'AbortError');
}

function usageOf(completion: { usage?: { prompt_tokens?: number; completion_tokens?: number } | null }): GptUsage {
  return { promptTokens: completion.usage?.prompt_tokens ?? 0, completionTokens: completion.usage?.completion_tokens ?? 0 };
}

/**
 * The process's GPT client, or null when no key is configured. One retry (the openai client's
 * own: connection errors, 408/409/429, 5xx); the configured timeout bounds the whole call,
 * retry included (a deadline signal of our own, so a timeout is told apart from a cancel).
 */
export function createGptClient(settings: GptSettings, logger?: Logger): GptClient | null {
  if (!isGptConfigured(settings)) return null;
  const apiKey = settings.apiKey!.trim();
  const openai = new OpenAI({
    apiKey,
    // Explicit, so a stray OPENAI_BASE_URL in the process environment never overrides the validated config.
    baseURL: settings.baseUrl ?? 'https://api.openai.com/v1',
    // A backstop only: the deadline below ends the call first.
    timeout: settings.timeoutMs + 5_000,
    maxRetries: 1,
    logLevel: 'off',
  });
  const log = logger?.child({ component: 'gpt', model: settings.model });

  const fail = (failure: GptFailure, error: unknown, usage: GptUsage | null = null, model: string | null = null): GptError => {
    const details = {
      failure,
      status: error instanceof APIError ? error.status : undefined,
      code: error instanceof APIError ? error.code : undefined,
      message: redactSecrets(error instanceof Error ? error.message : String(error ?? ''), apiKey),
    };
    if (failure === 'configuration') log?.error(details, 'GPT call rejected: check OPENAI_API_KEY, OPENAI_MODEL and OPENAI_BASE_URL');
    else log?.warn(details, 'GPT call failed');
    return new GptError(failure, usage, model);
  };

  return {
    model: settings.model,
    async structured<T>(request: StructuredRequest<T>): Promise<StructuredAnswer<T>> {
      if (request.signal?.aborted) throw abortReason(request.signal);
      const deadline = AbortSignal.timeout(settings.timeoutMs);
      const signal = request.signal ? AbortSignal.any([request.signal, deadline]) : deadline;
      let completion: OpenAI.Chat.Completions.ChatCompletion;
      try {
        completion = await openai.chat.completions.create(
          {
            model: settings.model,
            messages: request.messages,
            response_format: { type: 'json_schema', json_schema: { ...request.schema, strict: true } },
            ...(request.temperature !== undefined && { temperature: request.temperature }),
            ...(request.maxOutputTokens !== undefined && { max_completion_tokens: request.maxOutputTokens }),
          },
          { signal },
        );
      } catch (error) {
        if (request.signal?.aborted) throw abortReason(request.signal);
        if (deadline.aborted || error instanceof APIConnectionTimeoutError) throw fail('timeout', error);
        if (error instanceof APIUserAbortError) throw abortReason(request.signal);
        if (error instanceof APIConnectionError) throw fail('connection', error);
        if (error instanceof APIError) {
          if (error.status === 429) throw fail('rate_limited', error);
          if (error.status === undefined || error.status >= 500 || error.status === 408 || error.status === 409) throw fail('server', error);
          throw fail('configuration', error);
        }
        throw fail('connection', error);
      }
      const usage = usageOf(completion);
      const model = completion.model || settings.model;
      const choice = completion.choices?.[0];
      if (!choice) throw fail('invalid_answer', 'no choice in the answer', usage, model);
      if (choice.finish_reason === 'length') throw fail('truncated', 'answer cut off at the token limit', usage, model);
      if (choice.message?.refusal) throw fail('refused', choice.message.refusal, usage, model);
      let value: T;
      try {
        value = request.parse(JSON.parse(choice.message?.content ?? ''));
      } catch (error) {
        throw fail('invalid_answer', error, usage, model);
      }
      return { value, usage, model };
    },
  };
}
