// Language choice (§1): the user's own setting, else the cookie, else the browser, else Japanese.
import request from 'supertest';
import { createAccount, sessionCookieFor, startTestApp, type TestApp } from '../helpers/app.ts';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await startTestApp();
});
afterAll(() => testApp.close());

const pageLanguage = (html: string) => /<html lang="(\w+)">/.exec(html)?.[1];

test('falls back to Japanese for a browser language we do not offer', async () => {
  const html = (await request(testApp.app).get('/login').set('Accept-Language', 'fr-FR,de;q=0.8').expect(200)).text;
  expect(pageLanguage(html)).toBe('ja');
});

test('the language cookie wins over the browser language', async () => {
  const html = (await request(testApp.app).get('/login').set('Accept-Language', 'en-US').set('Cookie', 'lang=ja').expect(200)).text;
  expect(pageLanguage(html)).toBe('ja');
});

test("the signed-in user's own setting wins over the cookie", async () => {
  const account = await createAccount(testApp, { languageCD: 'lang_en' });
  const session = await sessionCookieFor(testApp, { userId: account.id });
  const html = (await request(testApp.app).get('/sample').set('Cookie', `${session}; lang=ja`).expect(200)).text;
  expect(pageLanguage(html)).toBe('en');
});

test('the switch writes a 365-day cookie and returns to the page, without a language prefix', async () => {
  const response = await request(testApp.app).get('/language?lng=en&next=%2Fsample%3Fx%3D1').expect(303);
  expect(response.headers.location).toBe('/sample?x=1');
  const cookie = (response.headers['set-cookie'] as unknown as string[]).find((c) => c.startsWith('lang='))!;
  expect(cookie).toMatch(/^lang=en;/);
  const expires = new Date(/Expires=([^;]+)/.exec(cookie)![1]!).getTime();
  const days = (expires - Date.now()) / 86_400_000;
  expect(days).toBeGreaterThan(364.9);
  expect(days).toBeLessThan(365.1);
  expect(cookie).toMatch(/SameSite=Lax/);
  const agent = request.agent(testApp.app);
  await agent.get('/language?lng=en&next=/login').expect(303);
  expect(pageLanguage((await agent.get('/login').expect(200)).text)).toBe('en');
  await agent.get('/language?lng=ja&next=/login').expect(303);
  expect(pageLanguage((await agent.get('/login').expect(200)).text)).toBe('ja');
});

test('the switch ignores unknown languages and never redirects off the site', async () => {
  const unknown = await request(testApp.app).get('/language?lng=xx&next=/login').expect(303);
  expect(unknown.headers['set-cookie']).toBeUndefined();
  for (const next of ['//evil.example/', 'https://evil.example/', '/\\evil.example', 'javascript:alert(1)']) {
    const response = await request(testApp.app).get(`/language?lng=en&next=${encodeURIComponent(next)}`).expect(303);
    expect(response.headers.location).toBe('/');
  }
});
