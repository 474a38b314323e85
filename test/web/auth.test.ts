// Sign-in of both areas through the real API: rules and codes of §5/§8, the second
// factor with real TOTP codes, session regeneration, lockout and rate limits, the
// route guard of §4, allowed networks and the user cap.
import request from 'supertest';
import { createAccount, sessionCookieFor, startTestApp, type TestApp } from '../helpers/app.ts';
import { csrfToken, post, signInThroughApi, totpFor, type Agent } from '../helpers/auth.ts';
import { testRedisUrl, testWithRedis } from '../helpers/services.ts';
import { Redis } from 'ioredis';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await startTestApp({ RATE_LIMIT_FACTOR: '100' });
});
afterAll(() => testApp.close());

const sessionCookie = (agent: Agent): string | undefined =>
  (agent as unknown as { jar: { getCookie(name: string, access: object): { value: string } | undefined } }).jar.getCookie('hatsumei.sid', {
    domain: '127.0.0.1',
    path: '/',
    secure: false,
    script: false,
  })?.value;

describe('login input rules (§5) and codes (§8)', () => {
  const cases: Array<[string, object, string, string]> = [
    ['email required', { email: '', password: 'x' }, 'E003', 'ME003'],
    ['email too long', { email: `${'a'.repeat(250)}@example.jp`, password: 'x' }, 'E001', 'ME001'],
    ['email format', { email: 'not-an-address', password: 'x' }, 'E002', 'ME002'],
    ['password required', { email: 'a@example.jp', password: '' }, 'E005', 'ME005'],
    ['password too long', { email: 'a@example.jp', password: 'p'.repeat(256) }, 'E004', 'ME004'],
  ];
  test.each(cases)('%s', async (_name, body, userCode, managerCode) => {
    const agent = request.agent(testApp.app);
    const user = await post(agent, '/api/login', body).expect(400);
    expect(user.body.errcode).toBe(userCode);
    expect(user.body.detail).toMatch(/メールアドレス|パスワード/);
    const manager = await post(agent, '/api/manage/login', body, '/manage/login').expect(400);
    expect(manager.body.errcode).toBe(managerCode);
  });

  test('one message for a wrong password, an unknown address and the wrong area (no enumeration)', async () => {
    const user = await createAccount(testApp);
    const manager = await createAccount(testApp, { role: 'auth_adopter' });
    const agent = request.agent(testApp.app);
    const wrong = await post(agent, '/api/login', { email: user.email, password: 'Wrong-pass1!' }).expect(401);
    const unknown = await post(agent, '/api/login', { email: 'nobody@example.jp', password: 'Wrong-pass1!' }).expect(401);
    const managerAsUser = await post(agent, '/api/login', { email: manager.email, password: manager.password }).expect(401);
    for (const response of [wrong, unknown, managerAsUser]) {
      expect(response.body).toEqual({ errcode: 'E006', detail: 'メールアドレスまたはパスワードが正しくありません。' });
    }
    const userAsManager = await post(agent, '/api/manage/login', { email: user.email, password: user.password }, '/manage/login')
      .set('Accept-Language', 'en')
      .expect(401);
    expect(userAsManager.body.errcode).toBe('ME006');
  });

  test('a login without a CSRF token is refused', async () => {
    const account = await createAccount(testApp);
    const response = await request(testApp.app).post('/api/login').send({ email: account.email, password: account.password }).expect(403);
    expect(response.body.errcode).toBe('E073');
  });
});

describe('second factor with QR registration (§4, §7)', () => {
  test('register, then validate: session regenerated at each step, codes cannot be replayed', async () => {
    const account = await createAccount(testApp);
    const agent = request.agent(testApp.app);
    await post(agent, '/api/logout', {}); // gives the agent a session-less CSRF cookie only
    const login = await post(agent, '/api/login', { email: account.email, password: account.password }).expect(200);
    expect(typeof login.body.token).toBe('string');
    expect(login.body.token.length).toBeGreaterThan(10);
    const afterPassword = sessionCookie(agent);
    expect(afterPassword).toBeDefined();

    // Pending second factor: account info and 2FA calls work, pages go to /2fa, feature APIs do not.
    const info = await post(agent, '/api/account', {}, '/2fa').expect(200);
    expect(info.body).toMatchObject({ uid: account.id, email: account.email, authorityCD: 'auth_user', mfa: { enable: true, isregist: false } });
    expect((await agent.get('/sample')).headers.location).toBe('/2fa');
    expect((await agent.get('/')).headers.location).toBe('/login');
    const qr = await post(agent, '/api/2fa/qr', {}, '/2fa').expect(200);
    expect(qr.body.qrcode).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(qr.body.qrcode.split(',')[1], 'base64').toString()).toMatch(/^<svg [^>]*width="220"[^>]*>.*<path /s);
    // The same secret as text, for typing into an app that cannot scan: base32, and it is the one codes are checked against.
    expect(qr.body.secret).toMatch(/^[A-Z2-7]{16,}$/);
    expect((await testApp.runtime.db('users').where({ id: account.id }).first('mfa_secret')).mfa_secret).toBe(qr.body.secret);

    expect((await post(agent, '/api/2fa/regist', { authcode: '000000' }, '/2fa').expect(200)).body).toEqual({ success: false });
    const code = await totpFor(testApp, account.id);
    expect((await post(agent, '/api/2fa/regist', { authcode: code }, '/2fa').expect(200)).body).toEqual({ success: true });
    expect(sessionCookie(agent)).not.toBe(afterPassword);
    await agent.get('/sample').expect(200);
    expect((await agent.get('/')).headers.location).toBe('/search');
    expect((await agent.get('/login')).headers.location).toBe('/search');

    // Sign out and in again: the same code (same 30-second step) is refused, a new one is needed.
    await post(agent, '/api/logout', {}, '/sample').expect(200);
    await post(agent, '/api/login', { email: account.email, password: account.password }).expect(200);
    const again = await post(agent, '/api/account', {}, '/2fa').expect(200);
    expect(again.body.mfa).toEqual({ enable: true, isregist: true });
    expect((await post(agent, '/api/2fa/validate', { authcode: code }, '/2fa').expect(200)).body).toEqual({ validate: false });
    await post(agent, '/api/2fa/qr', {}, '/2fa').expect(409); // registered: no new secret
    await agent.get('/sample').expect(302);
  });

  test('a fresh code validates (and only once)', async () => {
    const account = await createAccount(testApp);
    const first = await signInThroughApi(testApp, account);
    await post(first, '/api/logout', {}, '/sample').expect(200);
    const agent = request.agent(testApp.app);
    await post(agent, '/api/login', { email: account.email, password: account.password }).expect(200);
    // The next 30-second step's code: a new code, accepted now within the one step of clock drift
    // (rather than waiting up to 30 s for the step to come).
    const code = await totpFor(testApp, account.id, (Math.floor(Date.now() / 30_000) + 1) * 30);
    expect((await post(agent, '/api/2fa/validate', { authcode: code }, '/2fa').expect(200)).body).toEqual({ validate: true });
    await agent.get('/sample').expect(200);
    const other = request.agent(testApp.app);
    await post(other, '/api/login', { email: account.email, password: account.password }).expect(200);
    expect((await post(other, '/api/2fa/validate', { authcode: code }, '/2fa').expect(200)).body).toEqual({ validate: false });
  }, 45_000);

  test('code rules: required (E101), half-width digits (E102), exactly 6 (E109, message states the length)', async () => {
    const account = await createAccount(testApp);
    const agent = request.agent(testApp.app);
    await post(agent, '/api/login', { email: account.email, password: account.password }).expect(200);
    expect((await post(agent, '/api/2fa/regist', { authcode: '' }, '/2fa').expect(400)).body.errcode).toBe('E101');
    expect((await post(agent, '/api/2fa/regist', { authcode: '１２３４５６' }, '/2fa').expect(400)).body.errcode).toBe('E102');
    const short = await post(agent, '/api/2fa/validate', { authcode: '12345' }, '/2fa').expect(400);
    expect(short.body).toEqual({ errcode: 'E109', detail: '認証コードは6桁で入力してください。' });
  });

  test('five wrong codes end the pending sign-in with too-many-requests', async () => {
    const account = await createAccount(testApp);
    const agent = request.agent(testApp.app);
    await post(agent, '/api/login', { email: account.email, password: account.password }).expect(200);
    for (let i = 0; i < 4; i++) expect((await post(agent, '/api/2fa/regist', { authcode: '000000' }, '/2fa')).body).toEqual({ success: false });
    const fifth = await post(agent, '/api/2fa/regist', { authcode: '000000' }, '/2fa').expect(429);
    expect(fifth.body.errcode).toBe('too-many-requests');
    await post(agent, '/api/account', {}, '/login').expect(401);
  });

  test('an account without a second factor is signed in by the password alone', async () => {
    const account = await createAccount(testApp);
    await testApp.runtime.db('users').where({ id: account.id }).update({ mfa_enabled: false });
    const agent = request.agent(testApp.app);
    await post(agent, '/api/login', { email: account.email, password: account.password }).expect(200);
    await agent.get('/sample').expect(200);
  });
});

describe('managers', () => {
  test('sign in with their own second factor and coexist with a user in one browser', async () => {
    const user = await createAccount(testApp, { name: '利用 者' });
    const manager = await createAccount(testApp, { role: 'auth_adopter', name: '管理 者' });
    const agent = await signInThroughApi(testApp, user);
    const api = '/api/manage';
    await post(agent, `${api}/login`, { email: manager.email, password: manager.password }, '/manage/login').expect(200);
    expect((await agent.get('/manage/users')).headers.location).toBe('/manage/2fa');
    await post(agent, `${api}/2fa/qr`, {}, '/manage/2fa').expect(200);
    expect((await post(agent, `${api}/2fa/regist`, { authcode: await totpFor(testApp, manager.id) }, '/manage/2fa')).body).toEqual({ success: true });
    // Both are signed in: each area shows its own account.
    expect((await agent.get('/sample').expect(200)).text).toContain('利用 者');
    expect((await agent.get('/manage/sample').expect(200)).text).toContain('管理 者');
    const managerInfo = await post(agent, `${api}/account`, {}, '/manage/sample').expect(200);
    expect(managerInfo.body).toMatchObject({ uid: manager.id, authorityCD: 'auth_adopter' });
    expect(managerInfo.body.enable).toBeUndefined();
  });

  test('registration mode (/manage/2fa/reset): ME999 when already registered or when the second factor is off', async () => {
    const manager = await createAccount(testApp, { role: 'auth_adopter' });
    const fresh = request.agent(testApp.app);
    const ok = await post(fresh, '/api/manage/login', { email: manager.email, password: manager.password, mode: 'registration' }, '/manage/2fa/reset');
    expect(ok.status).toBe(200);
    await signInThroughApi(testApp, manager, 'manage');
    const registered = await post(request.agent(testApp.app), '/api/manage/login', { email: manager.email, password: manager.password, mode: 'registration' }, '/manage/2fa/reset');
    expect(registered.status).toBe(409);
    expect(registered.body.errcode).toBe('ME999');
    const off = await createAccount(testApp, { role: 'auth_adopter' });
    await testApp.runtime.db('users').where({ id: off.id }).update({ mfa_enabled: false });
    const offResponse = await post(request.agent(testApp.app), '/api/manage/login', { email: off.email, password: off.password, mode: 'registration' }, '/manage/2fa/reset');
    expect(offResponse.body.errcode).toBe('ME999');
  });
});

describe('route guard (§4)', () => {
  test('anonymous visitors: public pages open, others go to the sign-in page of their area', async () => {
    for (const path of ['/login', '/forgetpassword', '/password', '/manage/login', '/manage/forgetpassword', '/manage/password', '/manage/2fa/reset']) {
      await request(testApp.app).get(path).expect(200);
    }
    expect((await request(testApp.app).get('/')).headers.location).toBe('/login');
    expect((await request(testApp.app).get('/sample')).headers.location).toBe('/login');
    expect((await request(testApp.app).get('/2fa')).headers.location).toBe('/login');
    expect((await request(testApp.app).get('/manage/users')).headers.location).toBe('/manage/login');
    expect((await request(testApp.app).get('/manage/2fa')).headers.location).toBe('/manage/login');
    expect((await request(testApp.app).get('/manage')).headers.location).toBe('/manage/login');
  });

  test('users are kept out of the manager area and managers inside it', async () => {
    const user = await createAccount(testApp);
    const manager = await createAccount(testApp, { role: 'auth_adopter' });
    const userCookie = await sessionCookieFor(testApp, { userId: user.id });
    const managerCookie = await sessionCookieFor(testApp, { managerId: manager.id });
    for (const path of ['/manage/users', '/manage/setting', '/manage']) {
      expect((await request(testApp.app).get(path).set('Cookie', userCookie)).headers.location).toBe('/search');
    }
    for (const path of ['/', '/sample', '/history', '/search']) {
      expect((await request(testApp.app).get(path).set('Cookie', managerCookie)).headers.location).toBe('/manage/users');
    }
    // APIs answer with the area's session code instead of redirecting.
    const userOnManagerApi = await request(testApp.app).post('/api/manage/account').set('Cookie', userCookie).set('x-csrf-token', 'x').expect(403);
    expect(userOnManagerApi.body.errcode).toBe('ME041');
    const page = await request(testApp.app).get('/sample').set('Cookie', userCookie);
    const token = /name="csrf-token" content="([^"]+)"/.exec(page.text)![1]!;
    const cookies = [userCookie, ...(page.headers['set-cookie'] as unknown as string[]).map((c) => c.split(';')[0])].join('; ');
    expect((await request(testApp.app).post('/api/manage/account').set('Cookie', cookies).set('x-csrf-token', token).expect(401)).body.errcode).toBe('ME041');
    expect((await request(testApp.app).post('/api/account').set('Cookie', cookies).set('x-csrf-token', token).expect(200)).body.uid).toBe(user.id);
  });

  test('an expired session: pages say so on the sign-in page, APIs answer E073', async () => {
    const user = await createAccount(testApp);
    const expired = await sessionCookieFor(testApp, { userId: user.id }, { expiresInMs: -1000 });
    expect((await request(testApp.app).get('/sample').set('Cookie', expired)).headers.location).toBe('/login?expired=1');
    const page = await request(testApp.app).get('/login?expired=1').set('Cookie', expired).expect(200);
    expect(page.text).toContain('一定時間操作がなかったため、ログアウトしました。');
  });
});

describe('lockout and rate limits', () => {
  test('five wrong passwords lock the account: even the right one is refused for a while', async () => {
    const account = await createAccount(testApp);
    const agent = request.agent(testApp.app);
    for (let i = 0; i < 5; i++) await post(agent, '/api/login', { email: account.email, password: 'Wrong-pass1!' }).expect(401);
    const locked = await post(agent, '/api/login', { email: account.email, password: account.password }).set('Accept-Language', 'en').expect(429);
    expect(locked.body).toEqual({ errcode: 'too-many-requests', detail: 'Too many attempts. Please wait a while and try again.' });
  });

  test('an unknown address locks exactly like an existing one: nothing tells which addresses have accounts', async () => {
    const account = await createAccount(testApp);
    const tries = async (email: string) => {
      const statuses: number[] = [];
      for (let i = 0; i < 7; i++) statuses.push((await post(request.agent(testApp.app), '/api/login', { email, password: 'Wrong-pass1!' })).status);
      return statuses;
    };
    const existing = await tries(account.email);
    const unknown = await tries(`nobody-${Date.now()}@example.jp`);
    expect(existing).toEqual([401, 401, 401, 401, 401, 429, 429]);
    expect(unknown).toEqual(existing);
    // The address is locked however it is written (case, surrounding spaces).
    expect((await post(request.agent(testApp.app), '/api/login', { email: ` ${account.email.toUpperCase()} `, password: account.password })).status).toBe(429);
  });

  test('a successful sign-in clears the failures of its address; a new password lifts a lock', async () => {
    const account = await createAccount(testApp);
    const attempt = (password: string) => post(request.agent(testApp.app), '/api/login', { email: account.email, password });
    for (let i = 0; i < 4; i++) await attempt('Wrong-pass1!').expect(401);
    await attempt(account.password).expect(200);
    for (let i = 0; i < 4; i++) await attempt('Wrong-pass1!').expect(401); // would be locked had the success not cleared them
    await attempt(account.password).expect(200);
  });

  test('wrong second-factor codes count per account across sign-ins: the 11th try is refused even with the right code', async () => {
    const account = await createAccount(testApp);
    await signInThroughApi(testApp, account); // registers the authenticator
    const wrongCode = async () => String((Number(await totpFor(testApp, account.id)) + 500_000) % 1_000_000).padStart(6, '0');
    const answers: Array<number | boolean> = [];
    // Each sign-in allows 5 codes before it must start again from the password: 4 + 4 + 2 wrong codes.
    for (const wrong of [4, 4, 2]) {
      const agent = request.agent(testApp.app);
      await post(agent, '/api/login', { email: account.email, password: account.password }).expect(200);
      for (let i = 0; i < wrong; i++) {
        const answer = await post(agent, '/api/2fa/validate', { authcode: await wrongCode() }, '/2fa');
        answers.push(answer.status === 200 ? answer.body.validate : answer.status);
      }
    }
    expect(answers).toEqual(Array(10).fill(false));
    const agent = request.agent(testApp.app);
    await post(agent, '/api/login', { email: account.email, password: account.password }).expect(200);
    const locked = await post(agent, '/api/2fa/validate', { authcode: await totpFor(testApp, account.id) }, '/2fa').expect(429);
    expect(locked.body.errcode).toBe('too-many-requests');
    // Another account from the same address is not locked by it.
    const other = await createAccount(testApp);
    await signInThroughApi(testApp, other);
  }, 60_000);

  test('wrong codes count per address too, whatever the account', async () => {
    const limited = await startTestApp({ RATE_LIMIT_FACTOR: '0.1' }); // 30 × 0.1 = 3 wrong codes per address and 15 minutes
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) {
        const account = await createAccount(limited);
        const agent = request.agent(limited.app);
        await post(agent, '/api/login', { email: account.email, password: account.password }).expect(200);
        statuses.push((await post(agent, '/api/2fa/regist', { authcode: '000000' }, '/2fa')).status);
      }
      expect(statuses).toEqual([200, 200, 200, 429]);
    } finally {
      await limited.close();
    }
  });

  test('failed logins from one address are limited', async () => {
    const limited = await startTestApp({ RATE_LIMIT_FACTOR: '0.15' }); // 20 × 0.15 = 3 failures per 15 minutes
    try {
      const agent = request.agent(limited.app);
      for (let i = 0; i < 3; i++) await post(agent, '/api/login', { email: `nobody${i}@example.jp`, password: 'Wrong-pass1!' }).expect(401);
      const refused = await post(agent, '/api/login', { email: 'nobody@example.jp', password: 'Wrong-pass1!' }).expect(429);
      expect(refused.body.errcode).toBe('too-many-requests');
      expect(refused.headers['ratelimit-policy'] ?? refused.headers['ratelimit']).toBeDefined();
    } finally {
      await limited.close();
    }
  });
});

testWithRedis()('with REDIS_URL the counters live in Redis, shared by every web process', async () => {
  const url = testRedisUrl()!;
  const first = await startTestApp({ REDIS_URL: url, RATE_LIMIT_FACTOR: '0.15', RATE_LIMIT_PREFIX: `test:shared:${Date.now()}:` });
  // A second web process of the same deployment: same Redis, same prefix, its own memory.
  const second = await startTestApp({ REDIS_URL: url, RATE_LIMIT_FACTOR: '0.15', RATE_LIMIT_PREFIX: first.config.rateLimit.prefix });
  const redis = new Redis(url);
  try {
    for (let i = 0; i < 3; i++) await post(request.agent(first.app), '/api/login', { email: `nobody${i}@example.jp`, password: 'Wrong-pass1!' }).expect(401);
    const refused = await post(request.agent(second.app), '/api/login', { email: 'nobody@example.jp', password: 'Wrong-pass1!' }).expect(429);
    expect(refused.body.errcode).toBe('too-many-requests');
    expect(await redis.keys(`${first.config.rateLimit.prefix}login:*`)).not.toHaveLength(0);
    expect(await first.runtime.db('rate_limits').count<{ count: string }[]>({ count: '*' })).toEqual([{ count: '0' }]);
  } finally {
    await redis.quit();
    await second.close();
    await first.close();
  }
});

describe('access limits', () => {
  test('outside the allowed networks: E503 pages, E103 user API, ME043 manager area', async () => {
    const closed = await startTestApp({ ALLOWED_NETWORKS: '10.0.0.0/8, 192.0.2.0/24' });
    try {
      const page = await request(closed.app).get('/login').expect(403);
      expect(page.text).toContain('ご利用のネットワークからはアクセスできません');
      expect((await request(closed.app).post('/api/login').expect(403)).body.errcode).toBe('E103');
      expect((await request(closed.app).post('/api/manage/login').expect(403)).body.errcode).toBe('ME043');
      await request(closed.app).get('/healthz').expect(200); // load balancers still see it
    } finally {
      await closed.close();
    }
    const open = await startTestApp({ ALLOWED_NETWORKS: '127.0.0.0/8,::1/128' });
    try {
      await request(open.app).get('/login').expect(200);
    } finally {
      await open.close();
    }
  });

  test("a company's own allowed networks and user cap are checked at sign-in (E503/ME043, E406/ME042)", async () => {
    const user = await createAccount(testApp);
    const { company_id: companyId } = await testApp.runtime.db('users').select('company_id').where({ id: user.id }).first();
    await testApp.runtime.db('companies').where({ id: companyId }).update({ allowed_networks: testApp.runtime.db.raw("ARRAY['10.0.0.0/8']::cidr[]") });
    expect((await post(request.agent(testApp.app), '/api/login', { email: user.email, password: user.password }).expect(403)).body.errcode).toBe('E503');
    await testApp.runtime.db('companies').where({ id: companyId }).update({ allowed_networks: null, user_limit: 0 });
    expect((await post(request.agent(testApp.app), '/api/login', { email: user.email, password: user.password }).expect(403)).body.errcode).toBe('E406');
    const manager = await createAccount(testApp, { role: 'auth_adopter' });
    const { company_id: managerCompany } = await testApp.runtime.db('users').select('company_id').where({ id: manager.id }).first();
    await testApp.runtime.db('companies').where({ id: managerCompany }).update({ user_limit: 0 });
    expect((await post(request.agent(testApp.app), '/api/manage/login', { email: manager.email, password: manager.password }, '/manage/login').expect(403)).body.errcode).toBe('ME042');
  });
});

test('the CSRF token from the sign-in page is refused once the session is signed in', async () => {
  const account = await createAccount(testApp);
  const agent = request.agent(testApp.app);
  const before = await csrfToken(agent);
  await agent.post('/api/login').set('x-csrf-token', before).send({ email: account.email, password: account.password }).expect(200);
  await agent.post('/api/account').set('x-csrf-token', before).expect(403);
});
