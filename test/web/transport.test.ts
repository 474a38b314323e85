// Behind a TLS-terminating proxy (TRUST_PROXY, X-Forwarded-Proto: https, COOKIE_SECURE=auto)
// every cookie is Secure and HSTS is sent; over plain HTTP neither. Signed-in pages are never
// stored by the browser, so a shared computer's back button shows nothing after logout.
import request from 'supertest';
import { createAccount, sessionCookieFor, startTestApp, type TestApp } from '../helpers/app.ts';
import { post } from '../helpers/auth.ts';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await startTestApp({ TRUST_PROXY: '1', COOKIE_SECURE: 'auto', RATE_LIMIT_FACTOR: '100' });
});
afterAll(() => testApp.close());

const cookiesOf = (response: { headers: Record<string, unknown> }): string[] => (response.headers['set-cookie'] as string[] | undefined) ?? [];
const cookieNamed = (cookies: string[], name: string) => cookies.find((cookie) => cookie.startsWith(`${name}=`));

test('over TLS through a trusted proxy: session, CSRF and language cookies are Secure, and HSTS is sent', async () => {
  const account = await createAccount(testApp);
  const agent = request.agent(testApp.app);
  const page = await agent.get('/login').set('X-Forwarded-Proto', 'https').expect(200);
  expect(cookieNamed(cookiesOf(page), 'hatsumei.csrf')).toMatch(/;\s*Secure/i);
  expect(page.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  expect(page.headers['content-security-policy']).toContain('upgrade-insecure-requests');

  const login = await post(agent, '/api/login', { email: account.email, password: account.password }).set('X-Forwarded-Proto', 'https').expect(200);
  expect(cookieNamed(cookiesOf(login), 'hatsumei.sid')).toMatch(/;\s*Secure/i);
  // After sign-in the CSRF binding changes with the session: its fresh cookie is Secure too.
  expect(cookieNamed(cookiesOf(login), 'hatsumei.csrf')).toMatch(/;\s*Secure/i);

  const language = await agent.get('/language?lng=en&next=/login').set('X-Forwarded-Proto', 'https');
  expect(cookieNamed(cookiesOf(language), 'lang')).toMatch(/;\s*Secure/i);
});

test('over plain HTTP: no Secure cookies (they would never come back) and no HSTS', async () => {
  const page = await request(testApp.app).get('/login').expect(200);
  expect(cookieNamed(cookiesOf(page), 'hatsumei.csrf')).not.toMatch(/;\s*Secure/i);
  expect(page.headers['strict-transport-security']).toBeUndefined();
  expect(page.headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
});

test('X-Forwarded-Proto from an untrusted client changes nothing', async () => {
  const direct = await startTestApp({ TRUST_PROXY: 'false', COOKIE_SECURE: 'auto' });
  try {
    const page = await request(direct.app).get('/login').set('X-Forwarded-Proto', 'https').expect(200);
    expect(cookieNamed(cookiesOf(page), 'hatsumei.csrf')).not.toMatch(/;\s*Secure/i);
    expect(page.headers['strict-transport-security']).toBeUndefined();
  } finally {
    await direct.close();
  }
});

test('signed-in pages and answers are no-store; public sign-in pages are not', async () => {
  const cookie = await sessionCookieFor(testApp, { userId: (await createAccount(testApp)).id });
  for (const path of ['/search', '/setting', '/history', '/search?q=battery&lang=us', '/api/history', '/document-details?docIds=US0000000']) {
    const response = await request(testApp.app).get(path).set('Cookie', cookie);
    expect([path, response.headers['cache-control']]).toEqual([path, expect.stringMatching(/(^|, )no-store$/)]);
  }
  const login = await request(testApp.app).get('/login').expect(200);
  expect(login.headers['cache-control']).toBeUndefined();
  // Document details are public: an anonymous visitor's copy may be revalidated from the cache.
  const anonymous = await request(testApp.app).get('/document-details?docIds=US0000000');
  expect(anonymous.headers['cache-control']).toBe('private, no-cache');
});
