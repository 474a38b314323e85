// An OpenAI-compatible chat-completions server for tests (node:http, a real socket): it
// records each request and answers as the API does — a chat.completion with the message
// content, finish_reason and usage, or an error body with its status. Tests point
// OPENAI_BASE_URL at `url` and decide the answers.
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export type RecordedContentPart = { type: 'text'; text: string } | { type: 'image_url'; image_url: { url: string; detail?: string } };

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: {
    model?: string;
    /** content is a string, or parts (text and image_url data URLs) for vision. */
    messages?: Array<{ role: string; content: string | RecordedContentPart[] }>;
    response_format?: { type: string; json_schema?: { name: string; strict?: boolean; schema?: Record<string, unknown> } };
    [key: string]: unknown;
  };
}

export interface FakeAnswer {
  /** The assistant message: an object is sent as its JSON text. */
  content?: unknown;
  usage?: { prompt_tokens: number; completion_tokens: number };
  finishReason?: 'stop' | 'length' | 'content_filter';
  refusal?: string;
  /** An API error instead of an answer. */
  status?: number;
  error?: { message: string; type?: string; code?: string | null };
  /** Wait this long before answering (a hung upstream). */
  delayMs?: number;
  /** Close the connection without answering. */
  hangUp?: boolean;
}

export type Answerer = (request: RecordedRequest, index: number) => FakeAnswer | Promise<FakeAnswer>;

export interface FakeOpenAI {
  /** Base URL for the client, ending in /v1. */
  url: string;
  requests: RecordedRequest[];
  /** Replaces how the next requests are answered. */
  answerWith(answerer: Answerer): void;
  close(): Promise<void>;
}

export async function startFakeOpenAI(answerer: Answerer = () => ({ content: {} })): Promise<FakeOpenAI> {
  let answer = answerer;
  const requests: RecordedRequest[] = [];
  const server = createServer(async (req, res) => {
    let raw = '';
    for await (const chunk of req) raw += chunk;
    const request: RecordedRequest = { method: req.method ?? '', path: req.url ?? '', headers: req.headers, body: raw ? JSON.parse(raw) : {} };
    const index = requests.push(request) - 1;
    if (request.method !== 'POST' || request.path !== '/v1/chat/completions') {
      res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: `Unknown path ${request.path}`, type: 'invalid_request_error' } }));
      return;
    }
    const reply = await answer(request, index);
    if (reply.delayMs) {
      const closed = await new Promise<boolean>((resolve) => {
        const timer = setTimeout(() => resolve(false), reply.delayMs);
        res.on('close', () => {
          clearTimeout(timer);
          resolve(true);
        });
      });
      if (closed) return;
    }
    if (reply.hangUp) {
      req.socket.destroy();
      return;
    }
    if (reply.status && reply.status >= 400) {
      res
        .writeHead(reply.status, { 'content-type': 'application/json' })
        .end(JSON.stringify({ error: { type: 'invalid_request_error', code: null, param: null, ...reply.error } }));
      return;
    }
    const content = reply.content === undefined || typeof reply.content === 'string' ? (reply.content ?? '') : JSON.stringify(reply.content);
    const usage = reply.usage ?? { prompt_tokens: Math.ceil(raw.length / 4), completion_tokens: Math.ceil(String(content).length / 4) };
    res.writeHead(200, { 'content-type': 'application/json' }).end(
      JSON.stringify({
        id: `chatcmpl-fake-${index}`,
        object: 'chat.completion',
        created: Math.floor(Date.now() / 1000),
        model: request.body.model ?? 'unknown',
        choices: [
          {
            index: 0,
            message: { role: 'assistant', content: reply.refusal ? null : content, refusal: reply.refusal ?? null },
            logprobs: null,
            finish_reason: reply.finishReason ?? 'stop',
          },
        ],
        usage: { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens },
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    answerWith: (next) => {
      answer = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
