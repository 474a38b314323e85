// The HTTP server around the app (src/platform/http-server.ts) and the edges of the address:
// paths that resolve to folders, addresses too long for a page, request lines too long for
// the parser, and a drain that answers what it received.
import http from 'node:http';
import net from 'node:net';
import request from 'supertest';
import { createAccount, sessionCookieFor, startTestApp, type TestApp } from '../helpers/app.ts';
import { createWebServer, MAX_HEADER_BYTES, type WebServer } from '../../src/platform/http-server.ts';
import { createLogger } from '../../src/platform/logger.ts';

let testApp: TestApp;
let web: WebServer;
let port: number;
beforeAll(async () => {
  testApp = await startTestApp();
  web = createWebServer(testApp.app, { logger: createLogger('silent'), lifecycle: testApp.runtime.lifecycle, abandon: testApp.app.locals.abandon });
  port = await web.listen(0, '127.0.0.1');
});
afterAll(async () => {
  await web.drain(1000);
  await testApp.close();
});

/** One raw request and the whole raw answer (for what the HTTP parser answers itself). */
function raw(text: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.end(text));
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk.toString('utf8')));
    socket.on('close', () => resolve(answer));
    socket.on('error', reject);
  });
}

test('an API path that resolves to a folder answers the API error, not a redirect', async () => {
  const cookie = await sessionCookieFor(testApp, { userId: (await createAccount(testApp)).id });
  for (const path of ['/api/jobs/..%2F..%2F', '/api/jobs/..%2f..%2f..%2f', '/api/..%2F']) {
    const response = await request(testApp.app).get(path).set('Cookie', cookie);
    expect(response.status).toBe(404);
    expect(response.headers.location).toBeUndefined();
    expect(response.body.errcode).toMatch(/^E(999|072)$/); // unknown API, or no such job of this user
  }
  // A page path into the static folders is a page like any other (the guard's sign-in redirect), not a folder's.
  expect((await request(testApp.app).get('/assets/..%2F')).headers.location).toBe('/login');
});

test('an address over 16 KB is the error page (or the API error) in the visitor\'s language', async () => {
  const cookie = await sessionCookieFor(testApp, { userId: (await createAccount(testApp, { languageCD: 'lang_en' })).id });
  const long = `/search?q=${'電池'.repeat(2000)}`; // 36 KB once percent-encoded
  const page = await fetch(`http://127.0.0.1:${port}${encodeURI(long)}`, { headers: { cookie, accept: 'text/html' } });
  expect(page.status).toBe(414);
  const html = await page.text();
  expect(html).toContain('<html lang="en">');
  expect(html).toContain('The address is too long');
  const api = await fetch(`http://127.0.0.1:${port}/api/history?memo=${'x'.repeat(20_000)}`, { headers: { cookie } });
  expect(api.status).toBe(414);
  expect(await api.json()).toEqual({ errcode: 'E102', detail: expect.stringContaining('The address is too long') });
});

test('a request line the parser cannot take answers a page in both languages, not a bare status line', async () => {
  const answer = await raw(`GET /search?q=${'a'.repeat(MAX_HEADER_BYTES)} HTTP/1.1\r\nHost: localhost\r\n\r\n`);
  expect(answer).toMatch(/^HTTP\/1\.1 431 /);
  expect(answer).toContain('Content-Type: text/html; charset=utf-8');
  expect(answer).toContain('アドレスまたはリクエストヘッダーが長すぎます');
  expect(answer).toContain('The address or the request headers are too long');
  const malformed = await raw('GARBAGE\r\n\r\n');
  expect(malformed).toMatch(/^HTTP\/1\.1 400 /);
  expect(malformed).toContain('リクエストを読み取れませんでした');
});

test('draining answers the requests received, says Connection: close, and /healthz is 503', async () => {
  // A server of its own over the same app, drained while a request is in flight on a kept-alive connection.
  const { lifecycle } = testApp.runtime;
  const own = createWebServer(testApp.app, { logger: createLogger('silent'), lifecycle, abandon: testApp.app.locals.abandon });
  const ownPort = await own.listen(0, '127.0.0.1');
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const get = (path: string) =>
    new Promise<{ status: number; connection: string | undefined; body: string }>((resolve, reject) => {
      http
        .get({ host: '127.0.0.1', port: ownPort, path, agent }, (res) => {
          let body = '';
          res.on('data', (chunk) => (body += chunk));
          res.on('end', () => resolve({ status: res.statusCode!, connection: res.headers.connection, body }));
        })
        .on('error', reject);
    });
  expect((await get('/healthz')).connection).toBe('keep-alive');
  const drained = own.drain(5_000);
  // The kept-alive connection is still served: the answer says draining and closes it.
  const health = await get('/healthz');
  expect(health).toMatchObject({ status: 503, connection: 'close' });
  expect(JSON.parse(health.body).status).toBe('draining');
  expect(await drained).toEqual({ abandoned: 0 });
  await expect(get('/healthz')).rejects.toThrow(/ECONNREFUSED/);
  agent.destroy();
  lifecycle.draining = false; // the app goes on serving the other tests' server
});
