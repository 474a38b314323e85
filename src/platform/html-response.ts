// A rendered page sent compressed in one piece. The compression middleware streams: a zlib
// stream per response, its output in several chunks and writes, which was ~19 % of a /history
// request's CPU in bench/pages' profile (2026-11-27: node:zlib processChunk 12.9 %, writev
// 6.0 %). A page is one string when it is sent, so it is compressed once, off the event loop,
// and written once; the middleware then leaves it alone (it sees the Content-Encoding).
// Interleaved on the same 20 history entries: 274–365 → 469–521 req/s, server CPU 2.45–3.00 →
// 2.19–2.29 ms a request. A no-store page gets no ETag (nothing may revalidate it, and hashing
// every page cost ~3 %); a page a browser may keep (anonymous document details: private,
// no-cache) keeps Express's ETag and its 304.
import zlib from 'node:zlib';
import type { Request, Response } from 'express';

/** Below this a page goes as it is (the middleware's own threshold, 1 KB). */
const MIN_COMPRESSED_BYTES = 1024;
/**
 * Levels for pages made anew at every request (nginx's gzip default is 1). Measured on a 68 KB
 * /history page (20 entries): gzip 6 (the middleware's default) 8.7 KB in 0.24 ms, 3 9.6 KB in
 * 0.09 ms, 1 10.0 KB in 0.08 ms; brotli 4 8.3 KB in 0.26 ms, 3 8.6 KB in 0.14 ms; a 14 KB /sample
 * page 4.9 / 5.1 KB gzip 6 / 3.
 */
const GZIP_OPTIONS: zlib.ZlibOptions = { level: 3 };
const BROTLI_QUALITY = 3;

export function sendHtml(req: Request, res: Response, status: number, html: string): void {
  const body = Buffer.from(html, 'utf8');
  res.status(status).type('html').vary('Accept-Encoding');
  if (!/\bno-store\b/.test(String(res.getHeader('cache-control') ?? ''))) {
    const etagOf = req.app.get('etag fn') as ((body: Buffer, encoding?: string) => string) | undefined;
    if (etagOf) res.setHeader('etag', etagOf(body));
    if (req.fresh) {
      res.status(304).end();
      return;
    }
  }
  const encoding = body.length < MIN_COMPRESSED_BYTES || req.method === 'HEAD' ? false : req.acceptsEncodings('br', 'gzip', 'identity');
  if (encoding !== 'br' && encoding !== 'gzip') {
    res.setHeader('content-length', body.length);
    res.end(body);
    return;
  }
  const done = (error: Error | null, compressed: Buffer) => {
    if (res.writableEnded || res.destroyed) return;
    if (error) {
      res.setHeader('content-length', body.length);
      res.end(body);
      return;
    }
    res.setHeader('content-encoding', encoding);
    res.setHeader('content-length', compressed.length);
    res.end(compressed);
  };
  if (encoding === 'br') {
    zlib.brotliCompress(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length } }, done);
  } else {
    zlib.gzip(body, GZIP_OPTIONS, done);
  }
}
