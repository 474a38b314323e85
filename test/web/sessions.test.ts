// Sessions in PostgreSQL (no REDIS_URL) and in Redis, CSRF on mutating calls, per-area logout.
import { Redis } from 'ioredis';
import request from 'supertest';
import { createAccount, sessionCookieFor, startTestApp, type TestApp } from '../helpers/app.ts';
import { testRedisUrl, testWithRedis } from '../helpers/services.ts';

const headerAccountName = (html: string): unknown => {
  const props = /data-island="Header" data-props="([^"]*)"/.exec(html)![1]!.replace(/&quot;/g, '"');
  return JSON.parse(props).accountName;
};

/** A page's CSRF token and the cookies that go with it. */
async function csrfFor(testApp: TestApp, cookie = '', page = cookie ? '/sample' : '/login'): Promise<{ token: string; cookie: string }> {
  const response = await request(testApp.app).get(page).set('Cookie', cookie).expect(200);
  return extractCsrf(response, cookie);
}

function extractCsrf(page: { text: string; headers: Record<string, unknown> }, cookie: string): { token: string; cookie: string } {
  const token = /name="csrf-token" content="([^"]+)"/.exec(page.text)![1]!;
  const set = ((page.headers['set-cookie'] as unknown as string[]) ?? []).map((c) => c.split(';')[0]);
  return { token, cookie: [cookie, ...set].filter(Boolean).join('; ') };
}

describe('PostgreSQL session store', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await startTestApp();
  });
  afterAll(() => testApp.close());

  test('keeps sessions in the sessions table and renews the idle timeout, writing the renewal at most once a minute', async () => {
    const account = await createAccount(testApp, { name: '審査 一郎' });
    // Last renewed two minutes ago: this request renews it.
    const cookie = await sessionCookieFor(testApp, { userId: account.id }, { expiresInMs: testApp.config.sessionIdleMs - 120_000 });
    const sid = decodeURIComponent(cookie.split('=')[1]!).slice(2).split('.')[0]!;
    const expiryInStore = async () => (await testApp.runtime.db('sessions').where({ sid }).first('expire')).expire.getTime();
    const before = await expiryInStore();
    const sentAt = Date.now();
    const response = await request(testApp.app).get('/sample').set('Cookie', cookie).expect(200);
    const answeredAt = Date.now();
    expect(headerAccountName(response.text)).toBe('審査 一郎');
    const setCookie = (response.headers['set-cookie'] as unknown as string[]).find((c) => c.startsWith('hatsumei.sid='))!;
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);
    const expires = new Date(/Expires=([^;]+)/.exec(setCookie)![1]!).getTime();
    // The whole idle time from when the request was handled (the header has whole seconds): bounded by the request's
    // own start and end, not by a 5 s allowance a slow request on a loaded machine could exceed.
    expect(expires).toBeGreaterThanOrEqual(Math.floor(sentAt / 1000) * 1000 + testApp.config.sessionIdleMs);
    expect(expires).toBeLessThanOrEqual(answeredAt + testApp.config.sessionIdleMs);
    const renewed = await expiryInStore();
    expect(renewed - before).toBeGreaterThan(100_000);
    // Within the minute: answered without writing the session or sending its cookie again.
    const again = await request(testApp.app).get('/sample').set('Cookie', cookie).expect(200);
    expect(((again.headers['set-cookie'] as unknown as string[]) ?? []).some((c) => c.startsWith('hatsumei.sid='))).toBe(false);
    expect(await expiryInStore()).toBe(renewed);
  });

  test('an idle-expired session is no longer signed in', async () => {
    const account = await createAccount(testApp);
    const cookie = await sessionCookieFor(testApp, { userId: account.id }, { expiresInMs: -1000 });
    expect((await request(testApp.app).get('/sample').set('Cookie', cookie).expect(302)).headers.location).toBe('/login?expired=1');
  });

  test('mutating calls without a CSRF token are refused with E073 / ME041', async () => {
    const user = await request(testApp.app).post('/api/logout').expect(403);
    expect(user.body.errcode).toBe('E073');
    expect(user.body.detail).toContain('ページの有効期限が切れました');
    const manager = await request(testApp.app).post('/api/manage/logout').set('Accept-Language', 'en').expect(403);
    expect(manager.body).toEqual({ errcode: 'ME041', detail: 'This page has expired. Reload it and try again.' });
    const { token, cookie } = await csrfFor(testApp);
    await request(testApp.app).post('/api/logout').set('Cookie', cookie).set('x-csrf-token', 'x' + token.slice(1)).expect(403);
    await request(testApp.app).post('/api/logout').set('Cookie', cookie).set('x-csrf-token', token).expect(200, { result: true });
  });

  test('a signed-in session token does not work for another session', async () => {
    const first = await createAccount(testApp);
    const second = await createAccount(testApp);
    const a = await csrfFor(testApp, await sessionCookieFor(testApp, { userId: first.id }));
    const b = await csrfFor(testApp, await sessionCookieFor(testApp, { userId: second.id }));
    const sessionOfB = b.cookie.split('; ').find((c) => c.startsWith('hatsumei.sid='))!;
    const csrfCookieOfA = a.cookie.split('; ').find((c) => c.startsWith('hatsumei.csrf='))!;
    await request(testApp.app).post('/api/logout').set('Cookie', `${sessionOfB}; ${csrfCookieOfA}`).set('x-csrf-token', a.token).expect(403);
  });

  test('user logout leaves the manager signed in within the same browser, and the reverse', async () => {
    const user = await createAccount(testApp, { name: '利用 者' });
    const manager = await createAccount(testApp, { name: '管理 者', role: 'auth_adopter' });
    const both = await sessionCookieFor(testApp, { userId: user.id, managerId: manager.id });
    const { token, cookie } = await csrfFor(testApp, both);
    await request(testApp.app).post('/api/logout').set('Cookie', cookie).set('x-csrf-token', token).expect(200);
    expect((await request(testApp.app).get('/sample').set('Cookie', cookie).expect(302)).headers.location).toBe('/manage/users');
    expect(headerAccountName((await request(testApp.app).get('/manage/sample').set('Cookie', cookie).expect(200)).text)).toBe('管理 者');
    const again = await csrfFor(testApp, cookie, '/manage/sample');
    const last = await request(testApp.app).post('/api/manage/logout').set('Cookie', again.cookie).set('x-csrf-token', again.token).expect(200);
    expect((last.headers['set-cookie'] as unknown as string[]).some((c) => /^hatsumei\.sid=;/.test(c))).toBe(true); // cookie cleared
    expect((await request(testApp.app).get('/manage/sample').set('Cookie', cookie).expect(302)).headers.location).toBe('/manage/login?expired=1');
  });

  test('both areas answer their version', async () => {
    await request(testApp.app).get('/api/version').expect(200, { version: testApp.config.appVersion });
    await request(testApp.app).get('/api/manage/version').expect(200, { version: testApp.config.appVersion });
  });
});

describe('Redis session store', () => {
  let testApp: TestApp | undefined;
  let redis: Redis | undefined;
  beforeAll(async () => {
    const url = testRedisUrl();
    if (!url) return;
    testApp = await startTestApp({ REDIS_URL: url });
    redis = new Redis(url);
  });
  afterAll(async () => {
    await redis?.quit();
    await testApp?.close();
  });

  testWithRedis()('keeps sessions in Redis with the idle timeout as TTL, not in PostgreSQL', async () => {
    if (!testApp || !redis) throw new Error('Redis test app did not start');
    expect(testApp.runtime.sessions!.storeKind).toBe('redis');
    const account = await createAccount(testApp, { name: '出願 人' });
    const cookie = await sessionCookieFor(testApp, { userId: account.id }, { expiresInMs: testApp.config.sessionIdleMs - 120_000 });
    const sid = decodeURIComponent(cookie.split('=')[1]!).slice(2).split('.')[0]!;
    await redis.expire(`hatsumei:sess:${sid}`, 30);
    const sentAt = Date.now();
    const html = (await request(testApp.app).get('/sample').set('Cookie', cookie).expect(200)).text;
    expect(headerAccountName(html)).toBe('出願 人');
    const ttl = await redis.ttl(`hatsumei:sess:${sid}`);
    // Renewed by the request to the whole idle time, less what has passed since it was sent (not a fixed 10 s allowance
    // a slow request on a loaded machine could exceed); TTL counts whole seconds.
    expect(ttl).toBeGreaterThanOrEqual(testApp.config.sessionIdleMs / 1000 - Math.ceil((Date.now() - sentAt) / 1000) - 1);
    expect(ttl).toBeLessThanOrEqual(testApp.config.sessionIdleMs / 1000);
    const rows = await testApp.runtime.db('sessions').count<{ count: string }[]>({ count: '*' });
    expect(Number(rows[0]!.count)).toBe(0);
  });
});
