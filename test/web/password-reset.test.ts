// Password reset in both areas (§5, §8): the same answer for any address, a single-use
// mailed link with an expiry, the new-password rules, and the mail through a real SMTP server.
// The mail is a system task run by the worker role (ROLE all here), never built from the
// request's headers.
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import request from 'supertest';
import { createAccount, startTestApp, type TestApp } from '../helpers/app.ts';
import { post } from '../helpers/auth.ts';
import { waitUntil } from '../jobs/helpers.ts';
import { PASSWORD_RESET_MAIL } from '../../src/auth/password-reset-mail.ts';

const PUBLIC_URL = 'https://hatsumei.example.jp';
let testApp: TestApp;
let outbox: string;
beforeAll(async () => {
  outbox = await mkdtemp(path.join(os.tmpdir(), 'hatsumei-outbox-'));
  testApp = await startTestApp({ MAIL_OUTBOX_DIR: outbox, RATE_LIMIT_FACTOR: '100', ROLE: 'all', PUBLIC_URL: PUBLIC_URL });
});
afterAll(async () => {
  await testApp.close();
  await rm(outbox, { recursive: true, force: true });
});

/** Once every queued reset task has run (removeOnComplete: its row is gone), the mails sent to the address. */
async function mailsTo(address: string, app: TestApp = testApp): Promise<string[]> {
  await waitUntil(async () => Number((await app.runtime.db('agenda_jobs').where({ name: PASSWORD_RESET_MAIL }).count({ n: '*' }))[0]!.n) === 0, 'the reset mail tasks to run');
  const files = await readdir(outbox).catch(() => []);
  const mails = await Promise.all(files.map((file) => readFile(path.join(outbox, file), 'utf8')));
  return mails.filter((mail) => mail.includes(`To: ${address}`));
}

/** The text of a single-part mail, whatever its transfer encoding. */
function mailText(mail: string): string {
  const [head, ...rest] = mail.split(/\r?\n\r?\n/);
  const body = rest.join('\n\n');
  if (/Content-Transfer-Encoding: base64/i.test(head!)) return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (/Content-Transfer-Encoding: quoted-printable/i.test(head!)) {
    const bytes = body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return body;
}

/** The reset link in a mail. */
const linkIn = (mail: string): string => /https?:\/\/[^\s]+\/password\?token=[\w-]+/.exec(mailText(mail))![0];

const requestReset = (area: 'user' | 'manage', email: string) =>
  post(request.agent(testApp.app), area === 'manage' ? '/api/manage/forgetpassword' : '/api/forgetpassword', { email }, area === 'manage' ? '/manage/forgetpassword' : '/forgetpassword');

test('request rules: E009 required, E007 length, E008 format (ME007–ME009 for managers)', async () => {
  expect((await requestReset('user', '').expect(400)).body.errcode).toBe('E009');
  expect((await requestReset('user', `${'a'.repeat(250)}@example.jp`).expect(400)).body.errcode).toBe('E007');
  expect((await requestReset('user', 'no-at-sign').expect(400)).body.errcode).toBe('E008');
  expect((await requestReset('manage', '').expect(400)).body.errcode).toBe('ME009');
  expect((await requestReset('manage', `${'a'.repeat(250)}@example.jp`).expect(400)).body.errcode).toBe('ME007');
  expect((await requestReset('manage', 'no-at-sign').expect(400)).body.errcode).toBe('ME008');
});

test('the answer is the same for unknown addresses and other areas, and nothing is mailed', async () => {
  const manager = await createAccount(testApp, { role: 'auth_adopter' });
  expect((await requestReset('user', 'nobody@example.jp').expect(200)).body).toEqual({ result: true });
  expect((await requestReset('user', manager.email).expect(200)).body).toEqual({ result: true });
  expect(await mailsTo('nobody@example.jp')).toHaveLength(0);
  expect(await mailsTo(manager.email)).toHaveLength(0);
});

test('the link in the mail is built on PUBLIC_URL, never on the Host or forwarding headers of the request', async () => {
  const account = await createAccount(testApp);
  await post(request.agent(testApp.app), '/api/forgetpassword', { email: account.email }, '/forgetpassword')
    .set('Host', 'evil.example')
    .set('X-Forwarded-Host', 'evil.example')
    .set('X-Forwarded-Proto', 'http')
    .expect(200);
  const [mail] = await mailsTo(account.email);
  expect(mailText(mail!)).not.toContain('evil.example');
  expect(new URL(linkIn(mail!)).origin).toBe(PUBLIC_URL);
});

test('without PUBLIC_URL (local use) the link points at the configured server', async () => {
  const local = await startTestApp({ MAIL_OUTBOX_DIR: outbox, ROLE: 'all', HOST: '127.0.0.1', PORT: '4321' });
  try {
    const account = await createAccount(local);
    await post(request.agent(local.app), '/api/forgetpassword', { email: account.email }, '/forgetpassword').set('Host', 'evil.example').expect(200);
    const [mail] = await mailsTo(account.email, local);
    expect(new URL(linkIn(mail!)).origin).toBe('http://localhost:4321');
  } finally {
    await local.close();
  }
});

test('the request does the same work for a known and an unknown address: it only queues the mail task', async () => {
  // A web-only process (no worker): what the request itself does stays visible.
  const web = await startTestApp({ MAIL_OUTBOX_DIR: outbox, ROLE: 'web' });
  try {
    const account = await createAccount(web);
    const known = await post(request.agent(web.app), '/api/forgetpassword', { email: account.email }, '/forgetpassword').expect(200);
    const unknown = await post(request.agent(web.app), '/api/forgetpassword', { email: 'nobody-at-all@example.jp' }, '/forgetpassword').expect(200);
    expect(known.body).toEqual(unknown.body);
    const tasks = await web.runtime.db('agenda_jobs').where({ name: PASSWORD_RESET_MAIL }).orderBy('created_at').select('data');
    expect(tasks.map((task) => task.data.email)).toEqual([account.email, 'nobody-at-all@example.jp']);
    // Nothing of the account was read or written on the request path: no reset token yet.
    expect(Number((await web.runtime.db('password_reset_tokens').count({ n: '*' }))[0]!.n)).toBe(0);
  } finally {
    await web.close();
  }
});

test('the mailed link sets a new password once; the old password stops working', async () => {
  const account = await createAccount(testApp);
  await requestReset('user', account.email).expect(200);
  const [mail] = await mailsTo(account.email);
  expect(mail).toContain('Subject: =?UTF-8?');
  const link = new URL(linkIn(mail!));
  expect(link.origin).toBe(PUBLIC_URL);
  expect(link.pathname).toBe('/password');
  const token = link.searchParams.get('token')!;

  const page = await request(testApp.app).get(`/password?token=${token}`).expect(200);
  expect(page.text).toContain('&quot;step&quot;:&quot;new-password&quot;,&quot;token&quot;:&quot;');
  const agent = request.agent(testApp.app);
  const set = (body: object) => post(agent, '/api/password', { token, ...body }, '/password');
  expect((await set({ password: '', passwordConfirm: '' }).expect(400)).body.errcode).toBe('E011');
  expect((await set({ password: 'Aa1!'.repeat(64), passwordConfirm: 'x' }).expect(400)).body.errcode).toBe('E010');
  expect((await set({ password: 'Newpass1!', passwordConfirm: '' }).expect(400)).body.errcode).toBe('E012');
  expect((await set({ password: 'Newpass1!', passwordConfirm: 'Newpass1?' }).expect(400)).body.errcode).toBe('E013');
  expect((await set({ password: 'Newpass1!日本', passwordConfirm: 'Newpass1!日本' }).expect(400)).body.errcode).toBe('E015');
  for (const weak of ['short1!A', 'alllower1!', 'ALLUPPER1!', 'NoDigits!!', 'NoSymbol12']) {
    if (weak === 'short1!A') continue; // 8 characters: long enough
    expect((await set({ password: weak, passwordConfirm: weak }).expect(400)).body.errcode).toBe('E014');
  }
  expect((await set({ password: 'Sh0rt!a', passwordConfirm: 'Sh0rt!a' }).expect(400)).body.errcode).toBe('E014');
  expect((await set({ password: 'Brand-new1', passwordConfirm: 'Brand-new1' }).expect(400)).body.errcode).toBe('E015'); // '-' is not allowed
  expect((await set({ password: 'Brandnew1#', passwordConfirm: 'Brandnew1#' }).expect(200)).body).toEqual({ result: true });

  const reused = await set({ password: 'Another1#', passwordConfirm: 'Another1#' }).set('Accept-Language', 'en').expect(400);
  expect(reused.body).toEqual({ errcode: 'invalid-action-code', detail: expect.stringContaining('This link has expired or the password has already been changed') });
  expect((await request(testApp.app).get(`/password?token=${token}`).expect(200)).text).toContain('&quot;token&quot;:null');

  await post(request.agent(testApp.app), '/api/login', { email: account.email, password: account.password }).expect(401);
  await post(request.agent(testApp.app), '/api/login', { email: account.email, password: 'Brandnew1#' }).expect(200);
});

test('an expired link and a manager link used in the user area are refused', async () => {
  const account = await createAccount(testApp);
  await requestReset('user', account.email).expect(200);
  const token = new URL(linkIn((await mailsTo(account.email))[0]!)).searchParams.get('token')!;
  await testApp.runtime.db('password_reset_tokens').update({ expires_at: new Date(Date.now() - 1000) });
  const expired = await post(request.agent(testApp.app), '/api/password', { token, password: 'Brandnew1#', passwordConfirm: 'Brandnew1#' }, '/password').expect(400);
  expect(expired.body.errcode).toBe('invalid-action-code');

  const manager = await createAccount(testApp, { role: 'auth_adopter' });
  await requestReset('manage', manager.email).expect(200);
  const managerLink = new URL(linkIn((await mailsTo(manager.email))[0]!));
  expect(managerLink.pathname).toBe('/manage/password');
  const managerToken = managerLink.searchParams.get('token')!;
  const wrongArea = await post(request.agent(testApp.app), '/api/password', { token: managerToken, password: 'Brandnew1#', passwordConfirm: 'Brandnew1#' }, '/password').expect(400);
  expect(wrongArea.body.errcode).toBe('invalid-action-code');
  const managerRules = await post(request.agent(testApp.app), '/api/manage/password', { token: managerToken, password: 'weak', passwordConfirm: 'weak' }, '/manage/password').expect(400);
  expect(managerRules.body.errcode).toBe('ME014');
  await post(request.agent(testApp.app), '/api/manage/password', { token: managerToken, password: 'Brandnew1#', passwordConfirm: 'Brandnew1#' }, '/manage/password').expect(200);
});

test('requests for one address are limited', async () => {
  const limited = await startTestApp({ MAIL_OUTBOX_DIR: outbox, ROLE: 'all' });
  try {
    const account = await createAccount(limited);
    for (let i = 0; i < 3; i++) {
      await post(request.agent(limited.app), '/api/forgetpassword', { email: account.email }, '/forgetpassword').expect(200);
    }
    const refused = await post(request.agent(limited.app), '/api/forgetpassword', { email: account.email }, '/forgetpassword').expect(429);
    expect(refused.body.errcode).toBe('too-many-requests');
  } finally {
    await limited.close();
  }
});

test('with SMTP_URL the mail goes through a real SMTP server', async () => {
  const received: string[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, _session, callback) {
      let data = '';
      stream.on('data', (chunk: Buffer) => (data += chunk.toString('utf8')));
      stream.on('end', () => {
        received.push(data);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as { port: number };
  const viaSmtp = await startTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}?ignoreTLS=true`, ROLE: 'all' });
  try {
    const account = await createAccount(viaSmtp);
    await post(request.agent(viaSmtp.app), '/api/forgetpassword', { email: account.email }, '/forgetpassword').set('Accept-Language', 'en').expect(200);
    await waitUntil(() => received.length > 0, 'the mail to reach the SMTP server');
    expect(received).toHaveLength(1);
    expect(received[0]).toContain(`To: ${account.email}`);
    expect(received[0]).toContain('Resetting your password');
    expect(linkIn(received[0]!)).toMatch(/\/password\?token=/);
  } finally {
    await viaSmtp.close();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
});

test('manager new-password rules: ME011, ME010, ME012, ME013, ME015, ME014', async () => {
  const agent = request.agent(testApp.app);
  const set = (body: object) => post(agent, '/api/manage/password', { token: 'irrelevant', ...body }, '/manage/password');
  expect((await set({ password: '', passwordConfirm: '' }).expect(400)).body.errcode).toBe('ME011');
  expect((await set({ password: 'Aa1!'.repeat(64), passwordConfirm: 'x' }).expect(400)).body.errcode).toBe('ME010');
  expect((await set({ password: 'Newpass1!', passwordConfirm: '' }).expect(400)).body.errcode).toBe('ME012');
  expect((await set({ password: 'Newpass1!', passwordConfirm: 'Newpass1?' }).expect(400)).body.errcode).toBe('ME013');
  expect((await set({ password: 'パスワード1!Aa', passwordConfirm: 'パスワード1!Aa' }).expect(400)).body.errcode).toBe('ME015');
  expect((await set({ password: 'weakpass', passwordConfirm: 'weakpass' }).expect(400)).body.errcode).toBe('ME014');
  // Valid rules, unusable token: the link message, never a change.
  expect((await set({ password: 'Brandnew1#', passwordConfirm: 'Brandnew1#' }).expect(400)).body.errcode).toBe('invalid-action-code');
});
