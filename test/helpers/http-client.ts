// A plain node:http client for tests that send thousands of requests (the input fuzz: ~4,600).
// The global fetch (undici, web streams) cost more CPU than the app answering: 12.5 s of the
// fuzz's 73 s in its CPU profile (2026-11-29), in the same jest process as the app. This sends
// what fetch sends (the same headers, the same UTF-8 bytes, multipart serialised by undici
// itself) and reads the answer as fetch with redirect: 'manual' does (decompressed, as text).
import http from 'node:http';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

export interface PlainResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
}

export interface PlainRequest {
  method?: string;
  headers?: Record<string, string>;
  body?: string | FormData;
}

const decoders: Record<string, (body: Buffer) => Promise<Buffer>> = {
  gzip: promisify(zlib.gunzip),
  'x-gzip': promisify(zlib.gunzip),
  deflate: promisify(zlib.inflate),
  br: promisify(zlib.brotliDecompress),
};

/** Headers fetch adds to every request (Node 20's undici), so the app sees the same request. */
const FETCH_DEFAULTS: Record<string, string> = { accept: '*/*', 'accept-language': '*', 'sec-fetch-mode': 'cors', 'user-agent': 'node', 'accept-encoding': 'gzip, deflate' };

/** A client of one server, its connections kept alive as fetch's are. */
export function plainClient(baseUrl: string): { request(path: string, init?: PlainRequest): Promise<PlainResponse>; close(): void } {
  const agent = new http.Agent({ keepAlive: true });
  const request = async (path: string, init: PlainRequest = {}): Promise<PlainResponse> => {
    // The path as fetch sends it (its URL parser normalises and percent-encodes).
    const url = new URL(`${baseUrl}${path}`);
    const headers: Record<string, string> = { ...FETCH_DEFAULTS };
    for (const [name, value] of Object.entries(init.headers ?? {})) headers[name.toLowerCase()] = value;
    let body: Buffer | undefined;
    if (typeof init.body === 'string') {
      body = Buffer.from(init.body, 'utf8'); // an unpaired surrogate becomes U+FFFD, as in fetch
      headers['content-type'] ??= 'text/plain;charset=UTF-8';
    } else if (init.body) {
      const serialised = new Response(init.body);
      headers['content-type'] ??= serialised.headers.get('content-type')!;
      body = Buffer.from(await serialised.arrayBuffer());
    }
    return new Promise((resolve, reject) => {
      let answered = false;
      const outgoing = http.request(url, { method: (init.method ?? 'GET').toUpperCase(), headers, agent }, (incoming) => {
        answered = true;
        const chunks: Buffer[] = [];
        incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
        incoming.on('error', reject);
        incoming.on('end', () => {
          const raw = Buffer.concat(chunks);
          const decode = decoders[String(incoming.headers['content-encoding'] ?? '').trim().toLowerCase()];
          (decode ? decode(raw) : Promise.resolve(raw)).then(
            (decoded) => resolve({ status: incoming.statusCode!, headers: incoming.headers, text: decoded.toString('utf8') }),
            reject,
          );
        });
      });
      // A server may answer (413) before it has read a large body and close the connection:
      // the answer counts, a failed write after it does not.
      outgoing.on('error', (error) => (answered ? undefined : reject(error)));
      outgoing.end(body);
    });
  };
  return { request, close: () => agent.destroy() };
}
