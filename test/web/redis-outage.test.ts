// Redis down (sessions and rate-limit counters live there): signed-in requests answer 503
// "temporarily unavailable" in the person's language, never an unexpected error and never a
// reset connection, and the app comes back by itself once Redis does. The outage is a proxy
// in front of the real Redis, cut and restored (the Redis other tests use keeps running).
import http from 'node:http';
import { emptyDetailSearchInput } from '../../src/detail-search/input.ts';
import { insertQuery } from '../../src/history/repository.ts';
import { createAccount, sessionCookieFor, startTestApp, type TestApp } from '../helpers/app.ts';
import { csrfFor } from '../helpers/auth.ts';
import { listen } from '../helpers/browser.ts';
import { testRedisUrl, testWithRedis } from '../helpers/services.ts';
import { startTcpProxy, type TcpProxy } from '../helpers/tcp-proxy.ts';
import { waitUntil } from '../jobs/helpers.ts';

let proxy: TcpProxy;
let testApp: TestApp;
let server: Awaited<ReturnType<typeof listen>>;
let agent: http.Agent;

beforeAll(async () => {
  if (!testRedisUrl()) return;
  proxy = await startTcpProxy(testRedisUrl()!);
  testApp = await startTestApp({ REDIS_URL: proxy.url });
  server = await listen(testApp.app);
  agent = new http.Agent({ keepAlive: true, maxSockets: 8 });
});
afterAll(async () => {
  if (!testRedisUrl()) return;
  agent.destroy();
  await server.close();
  await testApp.close();
  await proxy.close();
});

interface Answer {
  status: number;
  type: string;
  body: string;
}

/** Over kept-alive connections, as a browser sends; a reset connection rejects. */
function send(path: string, options: { cookie: string; method?: string; body?: object; token?: string; accept?: string }): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const payload = options.body ? JSON.stringify(options.body) : undefined;
    const call = http.request(
      `${server.baseUrl}${path}`,
      {
        agent,
        method: options.method ?? 'GET',
        headers: {
          cookie: options.cookie,
          accept: options.accept ?? 'application/json',
          ...(payload && { 'content-type': 'application/json', 'x-csrf-token': options.token ?? '' }),
        },
      },
      (res) => {
        let body = '';
        res.on('data', (chunk) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode!, type: String(res.headers['content-type']), body }));
        res.on('error', reject);
      },
    );
    call.on('error', reject);
    call.end(payload);
  });
}

testWithRedis()('while Redis is down: 503 with the reason in the person\'s language, pages and API alike; no reset; back by itself', async () => {
  const english = await createAccount(testApp, { languageCD: 'lang_en' });
  const { cookie, token } = await csrfFor(testApp, await sessionCookieFor(testApp, { userId: english.id }));
  const entry = await insertQuery(testApp.runtime.db, { userId: english.id, kind: 'detail', status: 1, lang: 'jp', input: emptyDetailSearchInput('jp'), memo: '' });
  expect((await send('/api/history', { cookie })).status).toBe(200);
  // Someone about to sign in: the sign-in page (no session yet) gave them a CSRF token.
  const visitor = await csrfFor(testApp, '', '/login');

  await proxy.cut();
  const answers = await Promise.all([
    send('/api/history', { cookie }),
    send('/search', { cookie, accept: 'text/html' }),
    send('/api/history/memo', { cookie, token, method: 'POST', body: { id: entry, memo: 'during the outage' } }),
    // Its failure counters live in Redis too: refused as unavailable, not let through unlimited.
    send('/api/login', { cookie: visitor.cookie, token: visitor.token, method: 'POST', body: { email: english.email, password: english.password } }),
  ]); // none rejects: no connection was reset
  for (const answer of answers) expect(answer.status).toBe(503);
  // A signed-in person's account language is unknown without the session: the default language, as on any error page before sign-in.
  expect(JSON.parse(answers[0]!.body)).toEqual({ errcode: 'E999', detail: expect.stringContaining('一時的に利用できません') });
  expect(answers[1]!.type).toContain('text/html');
  expect(answers[1]!.body).toContain('一時的に利用できません');
  expect(await testApp.runtime.db('queries').where({ id: entry }).first('memo')).toEqual({ memo: '' });

  await proxy.restore();
  // ioredis reconnects on its own: no restart.
  await waitUntil(async () => (await send('/api/history', { cookie })).status === 200, 'the app to answer again', 10_000);
  expect((await send('/api/history/memo', { cookie, token, method: 'POST', body: { id: entry, memo: 'after' } })).status).toBe(200);
}, 30_000);

testWithRedis()('Redis failing after the answer was written (the session\'s renewal) keeps the answer instead of resetting the connection', async () => {
  const account = await createAccount(testApp);
  const { cookie, token } = await csrfFor(testApp, await sessionCookieFor(testApp, { userId: account.id }));
  const entry = await insertQuery(testApp.runtime.db, { userId: account.id, kind: 'detail', status: 1, lang: 'jp', input: emptyDetailSearchInput('jp'), memo: '' });
  // Hold the memo's UPDATE on a row lock: the session is loaded, the handler waits in the database.
  const holder = await testApp.runtime.db.transaction();
  await holder('queries').where({ id: entry }).forUpdate().select('id');
  const pending = send('/api/history/memo', { cookie, token, method: 'POST', body: { id: entry, memo: '保存されたメモ' } });
  await waitUntil(async () => (await testApp.runtime.db.raw("SELECT count(*)::int AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock'")).rows[0].n > 0, 'the memo to wait for its row');
  await proxy.cut(); // the session's renewal at the end of the answer will fail
  await holder.commit();
  const answer = await pending;
  expect(answer.status).toBe(200);
  expect(JSON.parse(answer.body)).toMatchObject({ memo: '保存されたメモ' });
  expect(await testApp.runtime.db('queries').where({ id: entry }).first('memo')).toEqual({ memo: '保存されたメモ' });
  await proxy.restore();
  await waitUntil(async () => (await send('/api/history', { cookie })).status === 200, 'the app to answer again', 10_000);
}, 30_000);
