// GPT translation in a cross-language simulation (issue 12 part 3), through the API with the job
// in the same process, against the fake OpenAI-compatible server (test/helpers/fake-openai.ts)
// and real US records of the demo corpus. A Japanese invention written from a real US claim
// (US20050004437A1, a blood-sugar display device whose evaluation a virtual creature shows):
// GPT's English (the answer the fake gives, written by hand as a translator would) names
// words the dictionary misses (housing, display, virtual creature); the simulation finds
// the document with them, charges the company's GPT budget, and says which translation it
// used. Without GPT the dictionary path is what the engine gives alone; a GPT failure leaves
// the dictionary translation with a notice; over the budget the form is told (E098).
import request from 'supertest';
import { companySpendByPurpose } from '../../src/gpt-usage/repository.ts';
import { billingMonthOf, setCompanyQuota } from '../../src/gpt-usage/service.ts';
import { indexPatent } from '../../src/patents/indexing.ts';
import { ingestFiles } from '../../src/patents/ingest/ingest.ts';
import { simulate } from '../../src/priorart/engine.ts';
import { TRANSLATION_PURPOSE, translateElementsWithGpt } from '../../src/priorart/gpt-translation.ts';
import { createGptClient } from '../../src/platform/gpt.ts';
import { updateCompanySettings } from '../../src/manage/settings/repository.ts';
import { companyIdOfUser } from '../../src/users/repository.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { cutCorpus } from '../helpers/corpus.ts';
import { startFakeOpenAI, type FakeOpenAI, type RecordedRequest } from '../helpers/fake-openai.ts';
import { getAs, postAs, priorartUser, simulationEnd, type Who } from '../helpers/priorart.ts';

const TARGET = 'US20050004437A1';
// The invention as a Japanese attorney might write US20050004437A1's claim 1, and its elements in English as a translator would put them.
const INVENTION = '血糖値の測定値を表示して評価するシミュレーション装置であって、筐体と、表示手段と、記憶、評価及び制御を行うユニットとを備え、前記評価が仮想の生き物によって表示されることを特徴とするシミュレーション装置。';
const ENGLISH: Record<string, string> = {
  血糖値の測定値を表示して評価するシミュレーション装置: 'A simulation device for displaying and evaluating blood sugar readings',
  筐体: 'a housing',
  表示手段: 'a display means',
  '記憶、評価及び制御を行うユニット': 'a storing, evaluating and controlling unit',
  前記評価が仮想の生き物によって表示される: 'wherein the evaluation is displayed by a virtual creature',
};

let testApp: TestApp;
let fake: FakeOpenAI;
/** The target's match rate with GPT's translation (first test), for the dictionary's to be compared with. */
let gptRate = 0;
let owner: Who;

/** The fake's answer to a translation request: each numbered element of the user message in English. */
function translated(recorded: RecordedRequest): { elements: string[] } {
  const content = recorded.body.messages?.find((message) => message.role === 'user')?.content;
  const lines = String(content).split('\n').flatMap((line) => /^\[\d+\] (.*)$/.exec(line)?.slice(1) ?? []);
  return { elements: lines.map((line) => ENGLISH[line] ?? line) };
}

beforeAll(async () => {
  fake = await startFakeOpenAI((recorded) => ({ content: translated(recorded), usage: { prompt_tokens: 300, completion_tokens: 80 } }));
  testApp = await startTestApp({ ROLE: 'all', OPENAI_API_KEY: 'sk-priorart-translation-test', OPENAI_BASE_URL: fake.url, OPENAI_MODEL: 'gpt-translate-test', GPT_PRICE_INPUT_PER_1M: '2', GPT_PRICE_OUTPUT_PER_1M: '8' });
  const us = await cutCorpus('data/demo-corpus/demo.jsonl.gz', 300, (record) => record.region === 'us' && Array.isArray(record.claims));
  await ingestFiles(testApp.runtime.db, [us], { index: indexPatent });
  owner = await priorartUser(testApp, true);
}, 180_000);
afterAll(async () => {
  await testApp.close();
  await fake.close();
});

const simulation = { lang: 'us', subjectMatter: INVENTION, region: 'full', similarity: 'normal', outputType: 0 };
async function run(body: Record<string, unknown>, who = owner) {
  const { body: started } = await postAs(testApp, '/api/priorart/simulate', body, who).expect(202);
  const status = await simulationEnd(testApp, started.id, who);
  expect(status).toMatchObject({ status: 5, errcode: null });
  const { body: result } = await getAs(testApp, `/api/priorart/result?id=${started.id}`, who).expect(200);
  return { id: started.id as string, priorart: result.result.priorart };
}
const candidateIds = (priorart: { candidates: Array<{ documentId: string }> }) => priorart.candidates.map((candidate) => candidate.documentId);
const page = async (id: string, who = owner) => (await request(testApp.app).get(`/priorart/result?id=${id}&type=priorart`).set('Cookie', who.cookie).expect(200)).text;

test('a Japanese invention translated with GPT finds the US document its translation names, with GPT’s words as evidence, and the budget is charged', async () => {
  const before = fake.requests.length;
  const { id, priorart } = await run({ ...simulation, shouldUseGPT: true });
  // One call for the one searched region, with every element.
  expect(fake.requests.length).toBe(before + 1);
  expect(translated(fake.requests[before]!).elements).toEqual(Object.values(ENGLISH));
  expect(priorart.translation).toEqual({ gptRequested: true, gpt: [{ region: 'us', model: 'gpt-translate-test', elements: Object.values(ENGLISH), failure: null }] });
  expect(priorart.mainDocumentId).toBe(TARGET);
  gptRate = priorart.candidates.find((candidate: { documentId: string }) => candidate.documentId === TARGET).matchRate;
  // The words that matched come from GPT's English, which the dictionary did not give (筐体 → box/case, 表示 → indicate/express).
  const chart = priorart.charts.find((entry: { documentId: string }) => entry.documentId === TARGET);
  const words = chart.evidence.flatMap((evidence: { words: string[] }) => evidence.words);
  expect(words).toEqual(expect.arrayContaining(['hous', 'display', 'virtual', 'creatur']));
  // The company's budget is charged with the call, under its purpose.
  const companyId = (await companyIdOfUser(testApp.runtime.db, owner.id))!;
  const spend = await companySpendByPurpose(testApp.runtime.db, companyId, billingMonthOf());
  expect(spend.find((row) => row.purpose === TRANSLATION_PURPOSE)).toMatchObject({ calls: 1, tokens: 380 });
  // The result page says which translation was used and shows GPT's.
  const html = await page(id);
  expect(html).toContain('GPT（gpt-translate-test）の翻訳と辞書（EDICT・COMPDIC）');
  expect(html).toContain('a display means');
  expect(html).not.toContain('data-testid="gpt-translation-notice"');
  // A column evaluated on demand reads with the stored translation: the same verdicts, no second call.
  const stored = await testApp.runtime.db('queries').select('result').where({ id }).first();
  const withoutTarget = { ...stored.result, charts: stored.result.charts.filter((entry: { documentId: string }) => entry.documentId !== TARGET) };
  await testApp.runtime.db('queries').where({ id }).update({ result: JSON.stringify(withoutTarget) });
  const { body: column } = await getAs(testApp, `/api/priorart/column?id=${id}&documentId=${TARGET}`, owner).expect(200);
  expect(column.cells.map((cell: { verdict: string }) => cell.verdict)).toEqual(chart.evidence.map((evidence: { verdict: string }) => evidence.verdict));
  expect(fake.requests.length).toBe(before + 1);
}, 120_000);

test('without GPT the simulation is the dictionary’s alone, exactly as the engine gives it, and GPT is not called', async () => {
  const before = fake.requests.length;
  const { id, priorart } = await run({ ...simulation, shouldUseGPT: false });
  expect(fake.requests.length).toBe(before);
  expect(priorart.translation).toBeUndefined();
  const alone = await simulate(testApp.runtime.db, { lang: 'us', subjectMatter: INVENTION, isAutoElementCutter: true, compared: 'full', strategy: 'normal', outputType: 0, fixedDocumentIds: [], populationIds: null });
  expect(candidateIds(priorart)).toEqual(alone.candidates.map((candidate) => candidate.documentId));
  // The dictionary never gave GPT's words.
  const words = priorart.charts.flatMap((chart: { evidence: Array<{ words: string[] }> }) => chart.evidence.flatMap((evidence) => evidence.words));
  expect(words).not.toContain('hous');
  // GPT's words make more of the target's elements found than the dictionary alone does.
  const rate = priorart.candidates.find((candidate: { documentId: string }) => candidate.documentId === TARGET)?.matchRate ?? 0;
  expect(gptRate).toBeGreaterThan(rate);
  const html = await page(id);
  expect(html).toContain('辞書（EDICT・COMPDIC）');
  expect(html).not.toContain('data-testid="gpt-translation"');
}, 120_000);

test('a GPT failure falls back to the dictionary with a notice, never failing the simulation', async () => {
  fake.answerWith(() => ({ status: 500, error: { message: 'upstream failed' } }));
  try {
    const { id, priorart } = await run({ ...simulation, shouldUseGPT: true });
    expect(priorart.translation).toEqual({ gptRequested: true, gpt: [{ region: 'us', model: null, elements: null, failure: 'failed' }] });
    const dictionary = await run({ ...simulation, shouldUseGPT: false });
    expect(candidateIds(priorart)).toEqual(candidateIds(dictionary.priorart));
    const html = await page(id);
    // Said once, in the notice at the top of the page.
    const failed = 'GPT による翻訳に失敗したため、辞書による翻訳だけで異なる言語の文献と対比しました。';
    expect(html).toContain(`data-testid="gpt-translation-notice">${failed}<`);
    expect(html.split(failed)).toHaveLength(2);
  } finally {
    fake.answerWith((recorded) => ({ content: translated(recorded), usage: { prompt_tokens: 300, completion_tokens: 80 } }));
  }
}, 120_000);

test('an answer that does not pair with the elements is not used', async () => {
  fake.answerWith(() => ({ content: { elements: ['a simulation device'] } }));
  try {
    const { priorart } = await run({ ...simulation, shouldUseGPT: true });
    expect(priorart.translation.gpt[0]).toMatchObject({ elements: null, failure: 'failed' });
  } finally {
    fake.answerWith((recorded) => ({ content: translated(recorded), usage: { prompt_tokens: 300, completion_tokens: 80 } }));
  }
}, 120_000);

test('over the GPT budget the form is told (E098) and nothing is stored; in the job, the dictionary goes on alone', async () => {
  const spender = await priorartUser(testApp, true);
  const companyId = (await companyIdOfUser(testApp.runtime.db, spender.id))!;
  await setCompanyQuota(testApp.runtime.db, companyId, { monthlyQuotaUsd: 0, additionalQuotaUsd: 0, carryOverUsd: 0 });
  const { body } = await postAs(testApp, '/api/priorart/simulate', { ...simulation, shouldUseGPT: true }, spender).expect(402);
  expect(body.errcode).toBe('E098');
  expect((await getAs(testApp, '/api/history?kind=priorart', spender).expect(200)).body.totalCount).toBe(0);
  // The dictionary alone is still there for the asking.
  await run({ ...simulation, shouldUseGPT: false }, spender);
  // A budget used up while the job waited: no call, the reason kept for the notice.
  const before = fake.requests.length;
  const client = createGptClient(testApp.config.gpt)!;
  const record = await translateElementsWithGpt({ db: testApp.runtime.db, client, settings: testApp.config.gpt, user: { userId: spender.id, companyId } }, Object.keys(ENGLISH), 'us');
  expect(record).toEqual({ region: 'us', model: null, elements: null, failure: 'quota' });
  expect(fake.requests.length).toBe(before);
}, 120_000);

test('a simulation waiting on GPT is cancelled at once', async () => {
  // The GPT answer would come only after the test's own time is up: a job that waited for it instead of aborting
  // the call at the cancel would not end within the test (a wall-clock limit on the cancel was asserted before).
  fake.answerWith(() => ({ delayMs: 120_000, content: {} }));
  try {
    const before = fake.requests.length;
    const { body: started } = await postAs(testApp, '/api/priorart/simulate', { ...simulation, shouldUseGPT: true }, owner).expect(202);
    // Cancelled while the GPT call is in flight.
    for (let i = 0; i < 400 && fake.requests.length === before; i++) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(fake.requests.length).toBe(before + 1);
    await postAs(testApp, '/api/priorart/cancel', { id: started.id }, owner).expect(200);
    expect(await simulationEnd(testApp, started.id, owner)).toMatchObject({ status: 9 });
  } finally {
    fake.answerWith((recorded) => ({ content: translated(recorded), usage: { prompt_tokens: 300, completion_tokens: 80 } }));
  }
}, 60_000);

test('GPT translation is offered on the form, preselected by the company’s default', async () => {
  const who = await priorartUser(testApp, true);
  const checkbox = async () => /<input[^>]*data-testid="use-gpt"[^>]*>/.exec((await request(testApp.app).get('/priorart/build-query').set('Cookie', who.cookie).expect(200)).text)![0];
  // Companies use GPT by default (gpt_default_use is true unless a manager turns it off).
  expect(await checkbox()).toMatch(/checked/);
  expect(await checkbox()).not.toMatch(/disabled/);
  const companyId = (await companyIdOfUser(testApp.runtime.db, who.id))!;
  await updateCompanySettings(testApp.runtime.db, companyId, { allowedNetworks: [], gptDefaultUse: false });
  expect(await checkbox()).not.toMatch(/checked|disabled/);
});
