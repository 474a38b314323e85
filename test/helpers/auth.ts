// Signing in through the real API, as the browser does: page → CSRF token → calls.
import { generate } from 'otplib';
import request from 'supertest';
import type { TestApp } from './app.ts';

export type Agent = ReturnType<typeof request.agent>;

/** The CSRF token of the current page for this agent (its cookies are kept by the agent). */
export async function csrfToken(agent: Agent, page = '/login'): Promise<string> {
  const response = await agent.get(page).redirects(5);
  const token = /name="csrf-token" content="([^"]+)"/.exec(response.text)?.[1];
  if (!token) throw new Error(`no CSRF token on ${page}`);
  return token;
}

type Response = Awaited<ReturnType<Agent['get']>>;

/**
 * A POST with the CSRF token of `page`, chainable like supertest (`.set()`, `.expect()`),
 * though the token has to be fetched first.
 */
class CsrfPost implements PromiseLike<Response> {
  private readonly headers: Array<[string, string]> = [];
  private expectedStatus?: number;
  constructor(
    private readonly agent: Agent,
    private readonly path: string,
    private readonly body: object,
    private readonly page: string,
  ) {}
  set(name: string, value: string): this {
    this.headers.push([name, value]);
    return this;
  }
  expect(status: number): this {
    this.expectedStatus = status;
    return this;
  }
  private async run(): Promise<Response> {
    const token = await csrfToken(this.agent, this.page);
    let call = this.agent.post(this.path).set('x-csrf-token', token);
    for (const [name, value] of this.headers) call = call.set(name, value);
    const response = await call.send(this.body);
    if (this.expectedStatus !== undefined && response.status !== this.expectedStatus) {
      throw new Error(`POST ${this.path}: expected ${this.expectedStatus}, got ${response.status} ${JSON.stringify(response.body)}`);
    }
    return response;
  }
  then<A = Response, B = never>(resolve?: ((value: Response) => A | PromiseLike<A>) | null, reject?: ((reason: unknown) => B | PromiseLike<B>) | null): PromiseLike<A | B> {
    return this.run().then(resolve, reject);
  }
}

export function post(agent: Agent, path: string, body: object, page = '/login'): CsrfPost {
  return new CsrfPost(agent, path, body, page);
}

/** The account's current code; `epoch` (Unix seconds) another step's. */
export async function totpFor(testApp: TestApp, accountId: string, epoch?: number): Promise<string> {
  const row = await testApp.runtime.db('users').select('mfa_secret').where({ id: accountId }).first();
  return generate({ secret: row.mfa_secret, ...(epoch !== undefined && { epoch }) });
}

/** Password, then QR registration with a generated code: a fully signed-in agent. */
export async function signInThroughApi(testApp: TestApp, account: { id: string; email: string; password: string }, area: 'user' | 'manage' = 'user'): Promise<Agent> {
  const agent = request.agent(testApp.app);
  const api = area === 'manage' ? '/api/manage' : '/api';
  const loginPage = area === 'manage' ? '/manage/login' : '/login';
  const login = await post(agent, `${api}/login`, { email: account.email, password: account.password }, loginPage);
  if (login.status !== 200) throw new Error(`login failed: ${login.status} ${JSON.stringify(login.body)}`);
  const twoFactorPage = area === 'manage' ? '/manage/2fa' : '/2fa';
  await post(agent, `${api}/2fa/qr`, {}, twoFactorPage).expect(200);
  const regist = await post(agent, `${api}/2fa/regist`, { authcode: await totpFor(testApp, account.id) }, twoFactorPage);
  if (!regist.body.success) throw new Error(`2FA registration failed: ${JSON.stringify(regist.body)}`);
  return agent;
}

/**
 * The CSRF token of a page for a session cookie (sessionCookieFor), and the cookies to send
 * with mutating calls: the session's plus the CSRF cookie the page set.
 */
export async function csrfFor(testApp: TestApp, cookie: string, page = '/sample'): Promise<{ token: string; cookie: string }> {
  const response = await request(testApp.app).get(page).set('Cookie', cookie).redirects(0);
  const token = /name="csrf-token" content="([^"]+)"/.exec(response.text)?.[1];
  if (!token) throw new Error(`no CSRF token on ${page} (status ${response.status})`);
  const set = ((response.headers['set-cookie'] as unknown as string[]) ?? []).map((c) => c.split(';')[0]);
  return { token, cookie: [cookie, ...set].filter(Boolean).join('; ') };
}
