// GPT configured in the web process that takes a simulation but not in the worker that runs it
// (two processes' environments apart): the form offers GPT, the request is accepted, and the
// job translates through the dictionary alone. What the user then sees: the result page's notice
// that GPT could not be used, the dictionary as the translation, and the same in the exports;
// GPT is never called and the budget is not charged; the worker logs why for its operator.
import request from 'supertest';
import { companySpendByPurpose } from '../../src/gpt-usage/repository.ts';
import { billingMonthOf } from '../../src/gpt-usage/service.ts';
import { indexPatent } from '../../src/patents/indexing.ts';
import { ingestFiles } from '../../src/patents/ingest/ingest.ts';
import type { Runtime } from '../../src/platform/runtime.ts';
import { companyIdOfUser } from '../../src/users/repository.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { binary } from '../helpers/binary.ts';
import { cutCorpus } from '../helpers/corpus.ts';
import { startFakeOpenAI, type FakeOpenAI } from '../helpers/fake-openai.ts';
import { getAs, postAs, priorartUser, simulationEnd, type Who } from '../helpers/priorart.ts';
import { capturingLogger, startJobsRuntime } from '../jobs/helpers.ts';
import readXlsxFile from 'read-excel-file/node';

// A Japanese claim for the US documents (as an attorney might write US20050004437A1's claim 1).
const INVENTION = '血糖値の測定値を表示して評価するシミュレーション装置であって、筐体と、表示手段と、記憶、評価及び制御を行うユニットとを備え、前記評価が仮想の生き物によって表示されることを特徴とするシミュレーション装置。';

let testApp: TestApp;
let worker: Runtime;
let fake: FakeOpenAI;
let owner: Who;
const log = capturingLogger();

beforeAll(async () => {
  fake = await startFakeOpenAI(() => ({ content: { elements: [] } }));
  // The web process alone has the key; the worker, on the same database, has none.
  testApp = await startTestApp({ ROLE: 'web', OPENAI_API_KEY: 'sk-web-only', OPENAI_BASE_URL: fake.url, OPENAI_MODEL: 'gpt-web-only' });
  worker = await startJobsRuntime(testApp.database.url, { ROLE: 'worker', RATE_LIMIT_PREFIX: `test:${testApp.database.name}:` }, { logger: log.logger });
  const us = await cutCorpus('data/demo-corpus/demo.jsonl.gz', 300, (record) => record.region === 'us' && Array.isArray(record.claims));
  await ingestFiles(testApp.runtime.db, [us], { index: indexPatent });
  owner = await priorartUser(testApp, true);
}, 180_000);
afterAll(async () => {
  await worker.close();
  await testApp.close();
  await fake.close();
});

test('the form offers GPT, the worker has none: the user is told GPT could not be used and the dictionary alone translated, on the page and in the exports', async () => {
  // The web process offers GPT on the form.
  const form = (await request(testApp.app).get('/priorart/build-query').set('Cookie', owner.cookie).expect(200)).text;
  expect(/<input[^>]*data-testid="use-gpt"[^>]*>/.exec(form)![0]).not.toMatch(/disabled/);

  const { body: started } = await postAs(testApp, '/api/priorart/simulate', { lang: 'us', subjectMatter: INVENTION, outputType: 0, shouldUseGPT: true }, owner).expect(202);
  expect(await simulationEnd(testApp, started.id, owner)).toMatchObject({ status: 5, errcode: null });
  const { body } = await getAs(testApp, `/api/priorart/result?id=${started.id}`, owner).expect(200);
  expect(body.result.priorart.translation).toEqual({ gptRequested: true, gpt: [{ region: 'us', model: null, elements: null, failure: 'unavailable' }] });
  expect(body.result.priorart.candidates.length).toBeGreaterThan(0);
  // GPT was never called, and nothing was charged.
  expect(fake.requests).toHaveLength(0);
  const companyId = (await companyIdOfUser(testApp.runtime.db, owner.id))!;
  expect(await companySpendByPurpose(testApp.runtime.db, companyId, billingMonthOf())).toEqual([]);
  // The worker's operator finds why in its log.
  expect(log.lines()).toContain('this worker has no GPT configured');

  // The result page: the notice, and the dictionary as the translation (no GPT model named).
  const page = (await getAs(testApp, `/priorart/result?id=${started.id}&type=priorart`, owner).expect(200)).text;
  // Said once, in the notice: the translation row names the dictionary alone.
  const unavailable = 'GPT を利用できなかったため、辞書による翻訳だけで異なる言語の文献と対比しました。';
  expect(page).toContain(`data-testid="gpt-translation-notice">${unavailable}<`);
  expect(page.split(unavailable)).toHaveLength(2);
  const row = /data-testid="translation">([^]*?)<\/dd>/.exec(page)![1]!;
  const lines = [...row.matchAll(/<span class="pa-conditions__translation-line">([^<]*)<\/span>/g)].map((match) => match[1]!);
  expect(lines[0]).toBe('米国の文献：辞書（EDICT・COMPDIC）');
  // After it, only the words this small store's documents have no translation for; GPT's failure is the notice's.
  expect(lines.slice(1).every((line) => line.startsWith('米国の文献の語に辞書で対応づけられなかった語'))).toBe(true);
  expect(page).not.toContain('gpt-web-only');
  expect(page).not.toContain('data-testid="gpt-translation"');

  // The claim chart export says the same.
  const xlsx = await getAs(testApp, `/priorart/export.xlsx?id=${started.id}&what=chart`, owner).buffer(true).parse(binary).expect(200);
  const [summary] = await readXlsxFile(xlsx.body as Buffer);
  const translationCell = summary!.data.find((cells) => cells[0] === '翻訳')?.[1] as string;
  expect(translationCell.split('\n')).toEqual([...lines, 'GPT を利用できなかったため、辞書による翻訳だけで異なる言語の文献と対比しました。']);
}, 180_000);
