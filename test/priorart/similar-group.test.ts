// The similar patent group (§3 search elements): one of the user's own detailed searches whose
// hits are the only candidates of a simulation, through the API with the jobs in the same
// process, on real US records of the demo corpus. Another user's search is refused (E072);
// a search that kept no hits is run again; reopening the simulation restores the choice.
import request from 'supertest';
import { emptyDetailSearchInput, type DetailSearchInput } from '../../src/detail-search/input.ts';
import { findDetailSearchById } from '../../src/detail-search/repository.ts';
import { indexPatent } from '../../src/patents/indexing.ts';
import { ingestFiles } from '../../src/patents/ingest/ingest.ts';
import { createAccount, sessionCookieFor, startTestApp, type TestApp } from '../helpers/app.ts';
import { csrfFor } from '../helpers/auth.ts';
import { cutCorpus } from '../helpers/corpus.ts';
import { getAs, postAs, simulationEnd, type Who } from '../helpers/priorart.ts';

let testApp: TestApp;
let owner: Who;
let stranger: Who;
/** The owner's detailed search (method in the claims) and its stored hits. */
let groupId: string;
let groupHits: Set<string>;

// Claim 1 of US20050004437A1 (a blood-sugar display device).
const INVENTION = 'A simulation device for displaying and evaluating blood sugar readings, comprising: a housing; a display means; and a storing, evaluating and controlling unit; wherein the evaluation is displayed by means of a virtual creature.';

async function user(): Promise<Who> {
  const account = await createAccount(testApp, { features: { simple: true, detail: true, priorart: true } });
  const { token, cookie } = await csrfFor(testApp, await sessionCookieFor(testApp, { userId: account.id }));
  return { id: account.id, cookie, csrf: token };
}

function detailForm(text: string): DetailSearchInput {
  const input = emptyDetailSearchInput('us');
  input.modes[0] = { formulas: [{ id: 1, text, tag: 'claim', valid: true }], combination: '' };
  return input;
}

async function detailSearch(who: Who, text: string): Promise<string> {
  const { body } = await postAs(testApp, '/api/detail-search/search', detailForm(text), who).expect(202);
  for (let i = 0; i < 300; i++) {
    const search = await findDetailSearchById(testApp.runtime.db, body.id);
    if (search && search.status !== 0) {
      expect(search.status).toBe(1);
      return body.id;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('detailed search did not finish');
}

beforeAll(async () => {
  testApp = await startTestApp({ ROLE: 'all' });
  const us = await cutCorpus('data/demo-corpus/demo.jsonl.gz', 300, (record) => record.region === 'us' && Array.isArray(record.claims));
  await ingestFiles(testApp.runtime.db, [us], { index: indexPatent });
  owner = await user();
  stranger = await user();
  groupId = await detailSearch(owner, 'method');
  groupHits = new Set((await findDetailSearchById(testApp.runtime.db, groupId))!.result!.documentIds);
}, 180_000);
afterAll(() => testApp.close());

const simulation = { lang: 'us', subjectMatter: INVENTION, region: 'full', similarity: 'normal', outputType: 1 };
async function candidatesOf(body: Record<string, unknown>, who = owner): Promise<{ id: string; ids: string[] }> {
  const { body: started } = await postAs(testApp, '/api/priorart/simulate', body, who).expect(202);
  expect(await simulationEnd(testApp, started.id, who)).toMatchObject({ status: 5 });
  const { body: result } = await getAs(testApp, `/api/priorart/result?id=${started.id}`, who).expect(200);
  return { id: started.id, ids: result.result.priorart.candidates.map((candidate: { documentId: string }) => candidate.documentId) };
}

test('the user’s own search as similar patent group: only its hits are candidates', async () => {
  expect(groupHits.size).toBeGreaterThan(5);
  const everywhere = await candidatesOf(simulation);
  // Unnarrowed, documents outside the group are found too (the invention's own first).
  expect(everywhere.ids[0]).toBe('US20050004437A1');
  expect(everywhere.ids.filter((id) => !groupHits.has(id)).length).toBeGreaterThan(5);
  const narrowed = await candidatesOf({ ...simulation, similarGroup: groupId });
  expect(narrowed.ids.length).toBeGreaterThan(0);
  for (const id of narrowed.ids) expect(groupHits).toContain(id);
  // The group's hits in the order the invention ranks them among all documents.
  expect(narrowed.ids).toEqual(everywhere.ids.filter((id) => groupHits.has(id)).slice(0, narrowed.ids.length));
}, 120_000);

test('another user’s search is refused (E072) and nothing is stored; a malformed id is E034', async () => {
  const refused = await postAs(testApp, '/api/priorart/simulate', { ...simulation, similarGroup: groupId }, stranger).expect(404);
  expect(refused.body).toMatchObject({ errcode: 'E072', field: 'similarGroup' });
  expect((await getAs(testApp, '/api/history?kind=priorart', stranger).expect(200)).body.totalCount).toBe(0);
  const malformed = await postAs(testApp, '/api/priorart/simulate', { ...simulation, similarGroup: 'not-an-id' }, owner).expect(400);
  expect(malformed.body).toMatchObject({ errcode: 'E034', field: 'similarGroup' });
});

test('a search that kept no hits is run again for the group', async () => {
  const unstored = await detailSearch(owner, 'method');
  await testApp.runtime.db('queries').where({ id: unstored }).update({ status: 9, result: null });
  const narrowed = await candidatesOf({ ...simulation, similarGroup: unstored });
  expect(narrowed.ids.length).toBeGreaterThan(0);
  for (const id of narrowed.ids) expect(groupHits).toContain(id);
}, 120_000);

test('the form offers the user’s own searches with their hit counts; reopening restores the choice; the result names the group', async () => {
  const page = async (path: string, who = owner) => (await request(testApp.app).get(path).set('Cookie', who.cookie).expect(200)).text;
  const form = await page('/priorart/build-query');
  expect(form).toContain(`<option value="${groupId}">`);
  expect(form).toContain(`（${groupHits.size}件）`);
  expect(await page('/priorart/build-query', stranger)).not.toContain(groupId);
  const { id } = await candidatesOf({ ...simulation, similarGroup: groupId });
  const reopened = await page(`/priorart/build-query?id=${id}`);
  expect(reopened).toMatch(new RegExp(`<option value="${groupId}" selected=""`));
  const result = await page(`/priorart/result?id=${id}&type=priorart`);
  expect(result).toContain('data-testid="similar-group"');
  expect(result).toContain(`（${groupHits.size} 件）`);
}, 120_000);
