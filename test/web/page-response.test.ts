// A rendered page is compressed in one piece for a client that accepts it (brotli or gzip),
// sent as it is otherwise, and revalidated by its ETag only where a browser may keep it.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import request from 'supertest';
import { createAccount, sessionCookieFor, startTestApp, type TestApp } from '../helpers/app.ts';

let testApp: TestApp;
let server: http.Server;
beforeAll(async () => {
  testApp = await startTestApp({ RATE_LIMIT_FACTOR: '100' });
  server = testApp.app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await testApp.close();
});

/** An answer's status, headers and bytes as they came over the wire (supertest would decode them). */
const raw = (path: string, acceptEncoding: string) =>
  new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    const { port } = server.address() as AddressInfo;
    http
      .get({ host: '127.0.0.1', port, path, headers: { 'accept-encoding': acceptEncoding } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });

test('a page goes gzip- or brotli-compressed as the client accepts, its length that of the compressed bytes, and plain otherwise', async () => {
  const gzip = await raw('/login', 'gzip');
  expect(gzip.status).toBe(200);
  expect(gzip.headers['content-encoding']).toBe('gzip');
  expect(gzip.headers.vary).toMatch(/Accept-Encoding/i);
  expect(Number(gzip.headers['content-length'])).toBe(gzip.body.length);
  const page = gunzipSync(gzip.body).toString('utf8');
  expect(page).toMatch(/^<!DOCTYPE html><html lang="ja">/);
  expect(page).toMatch(/<\/html>$/);

  const brotli = await raw('/login', 'br, gzip');
  expect(brotli.headers['content-encoding']).toBe('br');
  expect(brotliDecompressSync(brotli.body).toString('utf8')).toMatch(/^<!DOCTYPE html>.*<\/html>$/s);

  const plain = await raw('/login', 'identity');
  expect(plain.headers['content-encoding']).toBeUndefined();
  expect(Number(plain.headers['content-length'])).toBe(plain.body.length);
  expect(plain.body.toString('utf8')).toMatch(/^<!DOCTYPE html>.*<\/html>$/s);
});

test('a signed-in page carries no ETag (it is no-store); a public page does and answers 304 to it', async () => {
  const cookie = await sessionCookieFor(testApp, { userId: (await createAccount(testApp)).id });
  const history = await request(testApp.app).get('/history').set('Cookie', cookie).set('Accept-Encoding', 'gzip').expect(200);
  expect(history.headers['content-encoding']).toBe('gzip');
  expect(history.headers.etag).toBeUndefined();
  expect(history.text).toContain('</html>');

  const visitor = request.agent(testApp.app);
  const first = await visitor.get('/login').expect(200);
  expect(first.headers.etag).toEqual(expect.any(String));
  await visitor.get('/login').set('If-None-Match', first.headers.etag!).expect(304);
});
