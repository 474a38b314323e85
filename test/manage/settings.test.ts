// Company settings for managers (/api/manage/company-settings, shown on /manage/setting): the
// allowed networks saved and then enforced at sign-in (E503 / ME043), each bad line refused
// naming it (ME050), a list that would lock the manager out refused (ME051), the default GPT use,
// the walls between companies and between the areas. ME028/ME029 for the manager's own name are
// in test/web/settings.test.ts.
import request from 'supertest';
import { createAccount, startTestApp, type TestApp } from '../helpers/app.ts';
import { post, signInThroughApi, type Agent } from '../helpers/auth.ts';
import { hashPassword } from '../../src/platform/passwords.ts';
import { insertUser } from '../../src/users/repository.ts';

const PAGE = '/manage/setting';
const API = '/api/manage/company-settings';
/** The manager's office; requests carry it as a proxy in front of the app would (TRUST_PROXY). */
const OFFICE = '203.0.113.25';
let testApp: TestApp;
let manager: { id: string; email: string; password: string };
let agent: Agent;
let companyId: string;

const companyOf = async (userId: string): Promise<string> => (await testApp.runtime.db('users').where({ id: userId }).first('company_id')).company_id;
const save = (body: object, from = OFFICE, by: Agent = agent) => post(by, API, body, PAGE).set('x-forwarded-for', from);
const storedNetworks = async (company: string) =>
  (await testApp.runtime.db('companies').where({ id: company }).first(testApp.runtime.db.raw('allowed_networks::text[] as n'), 'gpt_default_use')) as { n: string[] | null; gpt_default_use: boolean };

async function memberOf(company: string) {
  const email = `member-${Date.now()}-${Math.random().toString(16).slice(2)}@example.jp`;
  const password = 'Passw0rd!x';
  const id = await insertUser(testApp.runtime.db, { companyId: company, email, name: '特許 一郎', passwordHash: await hashPassword(password), role: 'auth_user' });
  return { id, email, password };
}

const userSignIn = (user: { email: string; password: string }, from: string) =>
  post(request.agent(testApp.app), '/api/login', { email: user.email, password: user.password }).set('x-forwarded-for', from);

beforeAll(async () => {
  testApp = await startTestApp({ RATE_LIMIT_FACTOR: '100', TRUST_PROXY: 'loopback' });
  manager = await createAccount(testApp, { role: 'auth_adopter', name: '管理 花子' });
  companyId = await companyOf(manager.id);
  agent = await signInThroughApi(testApp, manager, 'manage');
});
afterAll(async () => {
  await testApp.close();
});

test('a new company: no restriction, GPT on by default, and the manager’s own address is shown', async () => {
  const response = await agent.get(API).set('x-forwarded-for', OFFICE).expect(200);
  expect(response.body).toEqual({ allowedNetworks: [], gptDefaultUse: true, yourAddress: OFFICE });
});

test('the saved list is enforced at a user’s sign-in: E503 outside, signed in inside; empty again lets everyone in', async () => {
  const member = await memberOf(companyId);
  const saved = await save({ allowedNetworks: '203.0.113.0/24\r\n\n  2001:db8::/32  \n198.51.100.7\n203.0.113.0/24', gptDefaultUse: false }).expect(200);
  expect(saved.body).toEqual({ allowedNetworks: ['203.0.113.0/24', '2001:db8::/32', '198.51.100.7/32'], gptDefaultUse: false, yourAddress: OFFICE });
  expect(await storedNetworks(companyId)).toEqual({ n: ['203.0.113.0/24', '2001:db8::/32', '198.51.100.7/32'], gpt_default_use: false });

  const outside = await userSignIn(member, '192.0.2.10').expect(403);
  expect(outside.body).toEqual({ errcode: 'E503', detail: expect.stringContaining('ネットワーク') });
  await userSignIn(member, '203.0.113.200').expect(200);
  await userSignIn(member, '2001:db8:1::5').expect(200);
  await userSignIn(member, '198.51.100.7').expect(200);
  expect((await userSignIn(member, '198.51.100.8').expect(403)).body.errcode).toBe('E503');
  // Managers of the company too (ME043).
  const outsideManager = await post(request.agent(testApp.app), '/api/manage/login', { email: manager.email, password: manager.password }, '/manage/login').set('x-forwarded-for', '192.0.2.10').expect(403);
  expect(outsideManager.body.errcode).toBe('ME043');

  await save({ allowedNetworks: '', gptDefaultUse: true }).expect(200);
  expect(await storedNetworks(companyId)).toEqual({ n: null, gpt_default_use: true });
  await userSignIn(member, '192.0.2.10').expect(200);
});

test('ME050 names the bad line, in the manager’s language; nothing is saved', async () => {
  await save({ allowedNetworks: '10.0.0.0/8\n203.0.113.0/24', gptDefaultUse: true }).expect(200);
  const cases: Array<[string, number, string]> = [
    ['10.0.0.0/8\n\n社内LAN', 3, '社内LAN'],
    ['203.0.113.0/33', 1, '203.0.113.0/33'],
    ['203.0.113.0/24\n2001:db8::/129', 2, '2001:db8::/129'],
    ['203.0.113.0/24\n192.0.2.300', 2, '192.0.2.300'],
    ['203.0.113.0/24 10.0.0.0/8', 1, '203.0.113.0/24 10.0.0.0/8'],
  ];
  for (const [allowedNetworks, line, text] of cases) {
    const response = await save({ allowedNetworks, gptDefaultUse: false });
    expect([response.status, response.body.errcode, response.body.field, response.body.row]).toEqual([400, 'ME050', 'allowedNetworks', line]);
    expect(response.body.detail).toBe(`許可するネットワークの${line}行目「${text}」は、IPアドレスまたはCIDR形式のネットワークではありません(例: 192.0.2.0/24、2001:db8::/32)。`);
  }
  // Bits right of the prefix: the network meant is suggested.
  const hostBits = await save({ allowedNetworks: '203.0.113.25/24', gptDefaultUse: false });
  expect([hostBits.status, hostBits.body.errcode, hostBits.body.row]).toEqual([400, 'ME050', 1]);
  expect(hostBits.body.detail).toContain('203.0.113.0/24 ではありませんか');
  const ipv6HostBits = await save({ allowedNetworks: '203.0.113.0/24\n2001:db8::1/32', gptDefaultUse: false });
  expect(ipv6HostBits.body.detail).toContain('2001:db8::/32');

  await testApp.runtime.db('users').where({ id: manager.id }).update({ language_cd: 'lang_en' });
  try {
    const english = await save({ allowedNetworks: '203.0.113.0/24\nlocalhost', gptDefaultUse: false });
    expect(english.body.detail).toBe('Line 2 of the allowed networks, “localhost”, is not an IP address or a CIDR network (for example 192.0.2.0/24 or 2001:db8::/32).');
  } finally {
    await testApp.runtime.db('users').where({ id: manager.id }).update({ language_cd: 'lang_ja' });
  }
  expect(await storedNetworks(companyId)).toEqual({ n: ['10.0.0.0/8', '203.0.113.0/24'], gpt_default_use: true });

  const tooMany = await save({ allowedNetworks: Array.from({ length: 101 }, (_, i) => `10.${i}.0.0/16`).join('\n') + `\n${OFFICE}`, gptDefaultUse: true });
  expect([tooMany.status, tooMany.body.errcode]).toEqual([400, 'ME052']);
  for (const body of [{ allowedNetworks: ['10.0.0.0/8'], gptDefaultUse: true }, { allowedNetworks: '10.0.0.0/8', gptDefaultUse: 'yes' }, {}]) {
    expect((await save(body)).body.errcode).toBe('ME999');
  }
});

test('ME051: a list that would keep out the manager saving it is refused, naming their address', async () => {
  await save({ allowedNetworks: '', gptDefaultUse: true }).expect(200);
  const response = await save({ allowedNetworks: '192.0.2.0/24\n2001:db8::/32', gptDefaultUse: true });
  expect([response.status, response.body.errcode, response.body.field]).toEqual([409, 'ME051', 'allowedNetworks']);
  expect(response.body.detail).toBe(`この設定を保存すると、現在お使いのアドレス(${OFFICE})からログインできなくなります。このアドレスを含むネットワークを追加してください。`);
  expect((await storedNetworks(companyId)).n).toBeNull();
  // From an IPv6 office, an IPv6 range that holds it is accepted.
  await save({ allowedNetworks: '192.0.2.0/24\n2001:db8::/32', gptDefaultUse: true }, '2001:db8:5::1').expect(200);
  await save({ allowedNetworks: '', gptDefaultUse: true }, '2001:db8:5::1').expect(200);
});

test('another company’s settings are untouched; a user and a visitor are refused; CSRF is required', async () => {
  const other = await createAccount(testApp, { role: 'auth_adopter' });
  const otherCompany = await companyOf(other.id);
  await testApp.runtime.db('companies').where({ id: otherCompany }).update({ allowed_networks: testApp.runtime.db.raw("ARRAY['198.51.100.0/24']::cidr[]"), gpt_default_use: false });

  expect((await agent.get(API).set('x-forwarded-for', OFFICE).expect(200)).body.allowedNetworks).toEqual([]);
  await save({ allowedNetworks: OFFICE, gptDefaultUse: true }).expect(200);
  expect(await storedNetworks(otherCompany)).toEqual({ n: ['198.51.100.0/24'], gpt_default_use: false });
  // Nothing in the body picks the company.
  await save({ allowedNetworks: '', gptDefaultUse: true, companyId: otherCompany }).expect(200);
  expect(await storedNetworks(otherCompany)).toEqual({ n: ['198.51.100.0/24'], gpt_default_use: false });

  const member = await memberOf(companyId);
  const user = await signInThroughApi(testApp, member);
  const asUser = await post(user, API, { allowedNetworks: '', gptDefaultUse: true }, '/setting');
  expect([asUser.status, asUser.body.errcode]).toEqual([401, 'ME041']);
  expect((await user.get(API)).body.errcode).toBe('ME041');
  expect((await request(testApp.app).get(API)).body.errcode).toBe('ME041');
  await agent.post(API).set('x-forwarded-for', OFFICE).send({ allowedNetworks: '', gptDefaultUse: true }).expect(403);
});

test('/manage/setting shows the company section with the saved list and the manager’s address (ja, en); /setting does not', async () => {
  await save({ allowedNetworks: `${OFFICE}\n2001:db8::/32`, gptDefaultUse: false }).expect(200);
  const page = await agent.get(PAGE).set('x-forwarded-for', OFFICE).expect(200);
  expect(page.text).toContain('会社の設定');
  expect(page.text).toContain('data-island="CompanySettingsForm"');
  expect(page.text).toContain('ログインを許可するネットワーク'); // server-rendered island
  expect(page.text).toContain(`現在お使いのアドレス: ${OFFICE}`);
  expect(page.text).toContain(`${OFFICE}/32\n2001:db8::/32`);
  expect(page.text).toContain('一覧のネットワークからのみログインできます');

  await testApp.runtime.db('users').where({ id: manager.id }).update({ language_cd: 'lang_en' });
  try {
    const english = await agent.get(PAGE).set('x-forwarded-for', OFFICE).expect(200);
    expect(english.text).toContain('Company settings');
    expect(english.text).toContain('Networks allowed to sign in');
    expect(english.text).toContain(`Your current address: ${OFFICE}`);
  } finally {
    await testApp.runtime.db('users').where({ id: manager.id }).update({ language_cd: 'lang_ja' });
  }
  await save({ allowedNetworks: '', gptDefaultUse: true }).expect(200);
  expect((await agent.get(PAGE).set('x-forwarded-for', OFFICE).expect(200)).text).toContain('空欄のときは制限なし');

  const user = await signInThroughApi(testApp, await memberOf(companyId));
  const userPage = await user.get('/setting').expect(200);
  expect(userPage.text).not.toContain('CompanySettingsForm');
  expect(userPage.text).not.toContain('会社の設定');
});
