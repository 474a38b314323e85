// Unknown routes and failures: an error page for people, `{ errcode, detail }` for the API, never a stack trace.
import request from 'supertest';
import { createAccount, sessionCookieFor, startTestApp, type TestApp } from '../helpers/app.ts';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await startTestApp();
});
afterAll(() => testApp.close());

test('an unknown page is, for anonymous visitors, the sign-in page (§4 guard)', async () => {
  expect((await request(testApp.app).get('/no/such/page')).headers.location).toBe('/login');
});

test('an unknown page is the 404 page with a home link, in the signed-in person\'s language', async () => {
  const cookie = await sessionCookieFor(testApp, { userId: (await createAccount(testApp)).id });
  const ja = await request(testApp.app).get('/no/such/page').set('Cookie', cookie).set('Accept', 'text/html').expect(404);
  expect(ja.text).toContain('ページが見つかりません');
  expect(ja.text).toContain('href="/"');
  expect(ja.text).toContain('ホームへ戻る');
  const english = await sessionCookieFor(testApp, { userId: (await createAccount(testApp, { languageCD: 'lang_en' })).id });
  const en = await request(testApp.app).get('/no/such/page').set('Accept', 'text/html').set('Cookie', english).expect(404);
  expect(en.text).toContain('Page not found');
  expect(en.text).toContain('Back to home');
});

test('an unknown manager page links home to the manager area', async () => {
  const cookie = await sessionCookieFor(testApp, { managerId: (await createAccount(testApp, { role: 'auth_adopter' })).id });
  const response = await request(testApp.app).get('/manage/nothing-here').set('Cookie', cookie).set('Accept', 'text/html').expect(404);
  expect(response.text).toContain('href="/manage/users"');
});

test('an unknown API answers JSON with E999 (users) or ME999 (managers)', async () => {
  const user = await request(testApp.app).get('/api/no-such-call').set('Accept-Language', 'en').expect(404);
  expect(user.body).toEqual({ errcode: 'E999', detail: 'The page or API you requested was not found.' });
  const manager = await request(testApp.app).get('/api/manage/no-such-call').expect(404);
  expect(manager.body.errcode).toBe('ME999');
  expect(manager.body.detail).toBe('お探しのページまたは API は見つかりませんでした。');
});

test('a failure inside a request shows the 500 page and the JSON error, without internals', async () => {
  const account = await createAccount(testApp);
  const cookie = await sessionCookieFor(testApp, { userId: account.id });
  // Break the database under a signed-in request: loading the account fails.
  await testApp.runtime.db.raw('ALTER TABLE users RENAME TO users_gone');
  try {
    const page = await request(testApp.app).get('/sample').set('Cookie', cookie).set('Accept', 'text/html').expect(500);
    expect(page.text).toContain('エラーが発生しました');
    expect(page.text).toContain('予期しないエラーが発生しました');
    expect(page.text).not.toMatch(/users_gone|relation|at .*\.ts/);
    const api = await request(testApp.app).get('/api/version').set('Cookie', cookie).expect(500);
    expect(api.body).toEqual({ errcode: 'E999', detail: expect.stringContaining('予期しないエラー') });
  } finally {
    await testApp.runtime.db.raw('ALTER TABLE users_gone RENAME TO users');
  }
});

test('malformed JSON is a client error in the JSON shape', async () => {
  const page = await request(testApp.app).get('/login').expect(200);
  const token = /name="csrf-token" content="([^"]+)"/.exec(page.text)![1]!;
  const cookies = page.headers['set-cookie'] as unknown as string[];
  const response = await request(testApp.app)
    .post('/api/logout')
    .set('Cookie', cookies.map((c) => c.split(';')[0]).join('; '))
    .set('x-csrf-token', token)
    .set('Content-Type', 'application/json')
    .send('{"broken":')
    .expect(400);
  expect(response.body.errcode).toBe('E102');
  expect(typeof response.body.detail).toBe('string');
});
