// The examination-simulation pages on real demo records (Japanese and US), run as background
// jobs in the same process: the form (new, restored from history, someone else's id), the
// waiting page (stages, and the redirect once done), the result (rank, cited documents, claim
// chart cells linked to their paragraph with the words marked, candidate list paged and
// sorted on the server), adding a chart column, history by rank, and who may see what.
import { displayNumberOfId } from '../../src/patents/numbers.ts';
import { quantitiesOf } from '../../src/priorart/numeric-limits.ts';
import { insertSimulation, advanceSimulation } from '../../src/priorart/repository.ts';
import { parseSimulationRequest } from '../../src/priorart/validation.ts';
import { passageHref, type PassagePlace } from '../../src/priorart/passage-href.ts';
import { initialCharts, LIST_PAGE_SIZE, type StoredResult } from '../../src/priorart/result-view.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { cutCorpus } from '../helpers/corpus.ts';
import { islandProps } from '../helpers/pages.ts';
import { getAs, postAs, priorartUser, simulationEnd, type Who } from '../helpers/priorart.ts';

let testApp: TestApp;
let owner: Who;
let english: Who;
let stranger: Who;
let withoutFeature: Who;
let japanese: Array<{ id: string; claims: string[]; title: string }>;
let us: Array<{ id: string; claims: string[] }>;

beforeAll(async () => {
  const jp = await cutCorpus('data/demo-corpus/demo.jsonl.gz', 150, (record) => record.region === 'jp' && Array.isArray(record.claims) && Boolean(record.description));
  const usFile = await cutCorpus('data/demo-corpus/demo.jsonl.gz', 300, (record) => record.region === 'us' && Array.isArray(record.claims));
  // Ingested once per run with priorart.browser's same cut (startTestApp's corpus).
  testApp = await startTestApp({ ROLE: 'all' }, { corpus: [jp, usFile] });
  const { readFile } = await import('node:fs/promises');
  const read = async (file: string) => (await readFile(file, 'utf8')).trim().split('\n').map((line) => JSON.parse(line));
  japanese = await read(jp);
  us = await read(usFile);
  const session = (priorart: boolean, languageCD?: 'lang_ja' | 'lang_en') => priorartUser(testApp, priorart, languageCD);
  owner = await session(true);
  english = await session(true, 'lang_en');
  stranger = await session(true);
  withoutFeature = await session(false);
}, 180_000);
afterAll(() => testApp.close());

const post = (path: string, body: unknown, who = owner) => postAs(testApp, path, body, who);
const get = (path: string, who: { cookie: string } = owner) => getAs(testApp, path, who);

async function finished(id: string, who = owner): Promise<void> {
  expect(await simulationEnd(testApp, id, who)).toMatchObject({ status: 5, errcode: null });
}

const propsOf = islandProps;

describe('a Japanese claim as text, list of 500', () => {
  let id: string;
  let target: (typeof japanese)[number];

  beforeAll(async () => {
    target = japanese.find((record) => record.claims[0]!.length > 150)!;
    const { body } = await post('/api/priorart/simulate', { lang: 'jp', subjectMatter: target.claims[0], outputType: 1, memo: '出願前の確認' }).expect(202);
    id = body.id;
    await finished(id);
  }, 120_000);

  test('the waiting page of a finished simulation opens its result; the result shows the rank, its reason and the main cited document', async () => {
    await get(`/priorart/executing?id=${id}`).expect(302).expect('Location', `/priorart/result?id=${id}&type=priorart`);
    const { text } = await get(`/priorart/result?id=${id}&type=priorart`).expect(200);
    const stored = await testApp.runtime.db('queries').select('result', 'priorart_rank').where({ id }).first();
    expect(text).toContain(`data-rank="${stored.priorart_rank}"`);
    expect(text).toContain(stored.result.rank_description.ja.slice(0, 20));
    expect(stored.result.mainDocumentId).toBe(target.id);
    expect(text).toContain(displayNumberOfId(target.id, 'ja'));
    expect(text).toContain('主引用文献');
    expect(text).toContain('出願前の確認');
    // The chart says which row is the claimed thing closing the claim (発明の対象) and which a 「…であって、」 preamble (前提部).
    const elements: Array<{ preamble?: boolean; subject?: boolean }> = stored.result.elements;
    const roles = [...text.matchAll(/claim-chart__element-role">([^<]+)</g)].map((match) => match[1]);
    expect(roles).toEqual(elements.filter((element) => element.preamble).map((element) => (element.subject ? '発明の対象' : '前提部')));
    expect(roles.length).toBeGreaterThan(0);
  });

  test('every chart cell with a passage links to that paragraph or claim of the document with the matched words to mark', async () => {
    const { text } = await get(`/priorart/result?id=${id}&type=priorart`).expect(200);
    const chart = propsOf(text, 'ClaimChart') as { columns: Array<{ documentId: string; role: string; cells: Array<{ verdict: string; href?: string | null; words: string[]; place: PassagePlace | null; snippet: string[] }> }>; elements: unknown[] };
    expect(chart.columns[0]!.role).toBe('main');
    // The chart's props are sent once, as JSON beside the rendered chart, not also HTML-escaped in an attribute.
    expect(text).not.toMatch(/data-island="ClaimChart" data-props=/);
    expect(text.match(/data-island-props="ClaimChart"/g)).toHaveLength(1);
    // Each cell's snippet is in the markup once, its marked words as whole runs.
    expect(text).toContain(`<span class="claim-chart__snippet">${chart.columns[0]!.cells.find((cell) => cell.snippet.length > 2)!.snippet[0]}<mark>`);
    expect(text).not.toContain('</mark><mark>');
    // Only the columns shown at first are sent (main, secondary, the next best); the others are added on request.
    const stored = (await get(`/api/priorart/result?id=${id}`).expect(200)).body.result.priorart as StoredResult;
    expect(stored.charts.length).toBeGreaterThan(chart.columns.length);
    expect(chart.columns.map((column) => column.documentId)).toEqual(initialCharts(stored).map((document) => document.documentId));
    const main = chart.columns[0]!;
    expect(main.cells).toHaveLength(chart.elements.length);
    const disclosed = main.cells.filter((cell) => cell.verdict === 'disclosed');
    expect(disclosed.length).toBeGreaterThan(0);
    for (const cell of disclosed) {
      const anchor = cell.place!.kind === 'paragraph' ? `#p${cell.place!.number}` : cell.place!.kind === 'claim' ? `#claim-${cell.place!.number}` : '#abstract';
      // The island builds the address from the cell's place and words; the server wrote the same into the markup.
      expect(cell.href).toBeUndefined();
      const href = passageHref(main.documentId, cell.place, cell.words);
      expect(text).toContain(`href="${href.replace(/&/g, '&amp;')}"`);
      expect(href).toContain(anchor);
      expect(href).toContain('mark=');
      // Marked runs are at the odd indexes of a snippet (result-view compactSnippet).
      expect(cell.snippet.filter((_, i) => i % 2 === 1).some((run) => run.length > 0)).toBe(true);
      // The address opens the document with the words marked and the place there to scroll to.
      const { text: details } = await get(href).expect(200);
      expect(details).toContain('<mark');
      expect(details).toContain(`id="${anchor.slice(1)}"`);
    }
  });

  test('the candidate list pages and sorts on the server', async () => {
    const stored = await testApp.runtime.db('queries').select('result').where({ id }).first();
    const total = stored.result.candidates.length;
    expect(total).toBeGreaterThan(LIST_PAGE_SIZE);
    const { text } = await get(`/priorart/result?id=${id}&type=priorart&sort=number&page=2`).expect(200);
    const sorted = (stored.result.candidates as Array<{ documentId: string }>).map((c) => c.documentId).sort();
    const pageTwo = sorted.slice(LIST_PAGE_SIZE, 2 * LIST_PAGE_SIZE).map((id) => displayNumberOfId(id, 'ja'));
    const shown = [...text.matchAll(/<td class="pa-list__number"><a href="[^"]*">([^<]+)<\/a>/g)].map((m) => m[1]);
    expect(shown).toEqual(pageTwo);
    // Every listed document by its title, charted or not.
    const titles = [...text.matchAll(/<td class="pa-list__number">.*?<\/td><td>([^<]*)<\/td>/g)].map((m) => m[1]);
    expect(titles).toHaveLength(shown.length);
    expect(titles.every((title) => title!.trim().length > 0)).toBe(true);
  });

  test('a candidate-list page past the last one says there is none and links to the first and last pages; the rest of the result stays', async () => {
    const stored = await testApp.runtime.db('queries').select('result').where({ id }).first();
    const total = stored.result.candidates.length as number;
    const pages = Math.ceil(total / LIST_PAGE_SIZE);
    expect(pages).toBeGreaterThan(1);
    const { text } = await get(`/priorart/result?id=${id}&type=priorart&sort=number&page=${pages + 3}`).expect(200);
    // No other page's documents under this address, and no pager pointing at the page before it.
    expect(text).not.toContain('data-testid="candidate-list"');
    expect(text).not.toContain(`${pages + 3} / ${pages} ページ`);
    expect(text).toContain(`${pages + 3} ページ目はありません。類似文献リストは${total}件、全 ${pages} ページです。`);
    const notice = text.slice(text.indexOf('data-testid="past-end"')).split('</div>')[0]!;
    expect([...notice.matchAll(/<a href="([^"]+)"[^>]*>([^<]+)</g)].map((m) => [m[1]!.replace(/&amp;/g, '&'), m[2]])).toEqual([
      [`/priorart/result?id=${id}&type=priorart&sort=number#candidates`, '最初のページへ'],
      [`/priorart/result?id=${id}&type=priorart&sort=number&page=${pages}#candidates`, `最後のページ（${pages} ページ目）へ`],
    ]);
    // The count, the rank, the chart are the result's.
    expect(text).toContain(`${total}件（一致率の高い順に順位）`);
    expect(text).toContain('data-testid="claim-chart"');
  });

  test('a candidate the simulation did not chart can be added as a column, evaluated passage by passage; only by its owner', async () => {
    const stored = await testApp.runtime.db('queries').select('result').where({ id }).first();
    const charted = new Set((stored.result.charts as Array<{ documentId: string }>).map((c) => c.documentId));
    const extra = (stored.result.candidates as Array<{ documentId: string }>).find((c) => !charted.has(c.documentId))!;
    const { body } = await get(`/api/priorart/column?id=${id}&documentId=${extra.documentId}`).expect(200);
    expect(body.documentId).toBe(extra.documentId);
    expect(body.cells).toHaveLength(stored.result.elements.length);
    expect(body.role).toBe('other');
    const { body: refused } = await get(`/api/priorart/column?id=${id}&documentId=${extra.documentId}`, stranger).expect(404);
    expect(refused.errcode).toBe('E072');
    const { body: unknown } = await get(`/api/priorart/column?id=${id}&documentId=US0000001A`).expect(404);
    expect(unknown.errcode).toBe('convert-0000');
  });

  test('history lists it with its rank, filters by rank, and leads back to the result; the form reopens with its input', async () => {
    const stored = await testApp.runtime.db('queries').select('priorart_rank').where({ id }).first();
    const rank = stored.priorart_rank as string;
    const other = ['A', 'B', 'C', 'D'].find((r) => r !== rank)!;
    const { body } = await get(`/api/history?kind=priorart&priorartRank=${rank}`).expect(200);
    const entry = body.historyList.find((e: { id: string }) => e.id === id);
    expect(entry).toMatchObject({ priorartRank: rank, statusLabel: 'done', link: { href: `/priorart/result?id=${id}&type=priorart` } });
    const { body: filtered } = await get(`/api/history?kind=priorart&priorartRank=${other}`).expect(200);
    expect(filtered.historyList.map((e: { id: string }) => e.id)).not.toContain(id);

    const { text } = await get(`/priorart/build-query?id=${id}`).expect(200);
    const form = propsOf(text, 'PriorartForm') as { initial: { subjectMatter: string; outputType: number; memo: string }; restoredFrom: string };
    expect(form).toMatchObject({ restoredFrom: id, initial: { subjectMatter: target.claims[0], outputType: 1, memo: '出願前の確認' } });
  });

  test('another user’s simulation id leads to history from every page', async () => {
    for (const page of ['build-query', 'executing', 'result']) await get(`/priorart/${page}?id=${id}`, stranger).expect(302).expect('Location', '/history');
    await get('/priorart/result').expect(302).expect('Location', '/history');
  });
});

test('a US document by number: the English result names its claim, and history says which claim of which document', async () => {
  const target = us.find((record) => record.claims[0]!.length > 200)!;
  const { body } = await post('/api/priorart/simulate', { lang: 'us', isSelectDocumentId: true, documentId: displayNumberOfId(target.id, 'en'), claimNumber: 1 }, english).expect(202);
  await finished(body.id, english);
  const { text } = await get(`/priorart/result?id=${body.id}&type=priorart`, english).expect(200);
  expect(text).toContain(`Claim 1 of ${displayNumberOfId(target.id, 'en')}`);
  expect(text).toContain('Main cited document');
  expect(text).not.toMatch(/主引用文献|構成要件/);
  const { body: history } = await get('/api/history?kind=priorart', english).expect(200);
  expect(history.historyList[0].summary.document).toEqual({ documentId: target.id, claimNumber: 1 });
}, 120_000);

test('a claimed range is said under each chart cell, on the page, the printable chart and the CSV, in the reader’s language', async () => {
  // A demo gazette claiming a range with a unit (「…ｎｍ以下」, 「…質量％」): each cell of that element says what the
  // document states that meets it, or that it states none (evidence.ts LIMIT_RULE).
  const target = japanese.find((record) => quantitiesOf(record.claims[0]!).length > 0)!;
  for (const [who, said] of [
    [owner, /数値限定を満たす記載(?:：|なし)/],
    [english, /Claimed range met by: |No value within the claimed range/],
  ] as const) {
    const { body } = await post('/api/priorart/simulate', { lang: 'jp', subjectMatter: target.claims[0], outputType: 0 }, who).expect(202);
    await finished(body.id, who);
    const { text } = await get(`/priorart/result?id=${body.id}&type=priorart`, who).expect(200);
    expect(text).toMatch(said);
    expect((await get(`/priorart/print?id=${body.id}`, who).expect(200)).text).toMatch(said);
    expect((await get(`/priorart/export.csv?id=${body.id}&what=chart`, who).expect(200)).text).toMatch(said);
  }
}, 180_000);

test('a simulation still running opens its waiting page, with the stages named; the result page sends there too', async () => {
  const id = await insertSimulation(testApp.runtime.db, { userId: owner.id, companyId: (await testApp.runtime.db('users').select('company_id').where({ id: owner.id }).first()).company_id, input: parseSimulationRequest({ lang: 'jp', subjectMatter: '二次電池の正極と負極とセパレータ' }) });
  await advanceSimulation(testApp.runtime.db, id, 2, 25, { ipc: { subclasses: [{ code: 'H01M', score: 0.9 }], groups: [] } });
  await get(`/priorart/result?id=${id}&type=priorart`).expect(302).expect('Location', `/priorart/executing?id=${id}`);
  const { text } = await get(`/priorart/executing?id=${id}`).expect(200);
  expect(text).toContain('審査シミュレーションを実行しています');
  expect(text).toContain('IPCの推定');
  expect(text).toContain('data-stage="2"');
  const { text: en } = await get(`/priorart/executing?id=${id}`, english).expect(302);
  expect(en).toContain('/history');
});

test('the number a pasted claim opens with is not shown as part of the invention, on the waiting page or in the history', async () => {
  const companyId = (await testApp.runtime.db('users').select('company_id').where({ id: owner.id }).first()).company_id;
  const id = await insertSimulation(testApp.runtime.db, { userId: owner.id, companyId, input: parseSimulationRequest({ lang: 'jp', subjectMatter: '【請求項１】\n二次電池の正極と負極とセパレータとを備える電池。' }) });
  const { text } = await get(`/priorart/executing?id=${id}`).expect(200);
  expect(text).toContain('二次電池の正極と負極とセパレータとを備える電池。');
  expect(text).not.toContain('【請求項１】');
  const { body } = await get('/api/history?kind=priorart').expect(200);
  const entry = body.historyList.find((row: { id: string }) => row.id === id);
  expect(entry.summary.text).toBe('二次電池の正極と負極とセパレータとを備える電池。');
});

test('the form in Japanese and English; a user without the feature is told it is not enabled', async () => {
  const { text: ja } = await get('/priorart/build-query').expect(200);
  expect(ja).toContain('発明の内容を入力');
  expect(ja).toContain('文献番号で指定');
  const { text: en } = await get('/priorart/build-query', english).expect(200);
  expect(en).toContain('Enter the invention');
  expect(en).toContain('By document number');
  // No GPT key in this deployment: GPT translation cannot be chosen, and the form says why.
  expect(/<input[^>]*data-testid="use-gpt"[^>]*>/.exec(ja)![0]).toMatch(/disabled/);
  expect(ja).toContain('GPT が設定されていないため利用できません。辞書による翻訳で対比します。');
  const refused = await get('/priorart/build-query', withoutFeature).expect(403);
  expect(refused.text).toContain('この機能はご利用のアカウントでは有効になっていません');
  await get('/api/priorart/column?id=x&documentId=y', withoutFeature).expect(403);
});

test('a Japanese invention searched among US documents names the dictionary its words were matched with; a same-language one does not', async () => {
  const claim = japanese.find((record) => record.claims[0]!.length > 100)!.claims[0]!;
  // GPT asked for without a key: the dictionary alone, as if not asked.
  const { body } = await post('/api/priorart/simulate', { lang: 'us', subjectMatter: claim, outputType: 0, shouldUseGPT: true }).expect(202);
  await finished(body.id);
  const { text } = await get(`/priorart/result?id=${body.id}&type=priorart`).expect(200);
  expect(text).toContain('data-testid="dictionary-credit"');
  expect(text).toContain('EDICT');
  expect(text).toContain('辞書（EDICT・COMPDIC）');
  const stored = await testApp.runtime.db('queries').select('input', 'result').where({ id: body.id }).first();
  expect(stored.input.shouldUseGPT).toBe(false);
  expect(stored.result.translation).toBeUndefined();
  expect(stored.result.candidates.every((candidate: { documentId: string }) => candidate.documentId.startsWith('US'))).toBe(true);
  const { body: same } = await post('/api/priorart/simulate', { lang: 'jp', subjectMatter: claim, outputType: 0 }).expect(202);
  await finished(same.id);
  const { text: sameText } = await get(`/priorart/result?id=${same.id}&type=priorart`).expect(200);
  expect(sameText).not.toContain('dictionary-credit');
}, 120_000);

test('formulas with a learning text and a second region: the list names each document’s region, and the form reopens with them', async () => {
  const target = japanese.find((record) => record.claims[0]!.length > 150)!;
  const formulas = [
    { id: 1, text: '', tag: 'title' },
    { id: 2, text: '装置+方法+システム', tag: 'abst_claim_desc_title', learningTexts: '関連すると分かっている文献の要約' },
  ];
  const { body } = await post('/api/priorart/simulate', { lang: 'jp', subjectMatter: target.claims[0], outputType: 1, subLang: 'us', formulas }).expect(202);
  await finished(body.id);
  const { text: result } = await get(`/priorart/result?id=${body.id}&type=priorart&sort=score`).expect(200);
  expect(result).toContain('<th scope="col">地域</th>');
  expect(result).toMatch(/data-region="(jp|us)">(日本|米国)</);
  // The conditions say what narrowed and widened the search.
  expect(result).toContain('<dd data-testid="regions">日本、米国</dd>');
  expect(result).toContain('<dd data-testid="formulas">式2：装置+方法+システム、学習テキスト1件</dd>');

  const { text } = await get(`/priorart/build-query?id=${body.id}`).expect(200);
  const form = propsOf(text, 'PriorartForm') as { initial: { formulas: { formulas: unknown[]; combination: string }; learningTexts: string[]; subLang: string | null } };
  // The empty row was not sent; the one that was comes back as row 1 with its learning text.
  expect(form.initial.formulas).toEqual({ formulas: [{ id: 1, text: '装置+方法+システム', tag: 'abst_claim_desc_title', valid: true }], combination: '' });
  expect(form.initial.learningTexts).toEqual(['関連すると分かっている文献の要約']);
  expect(form.initial.subLang).toBe('us');
  expect(text).toContain('検索式による絞り込み（任意）');
  expect(text).toContain('関連すると分かっている文献の要約');
  expect(text).toContain('併せて調査する地域');
  const { text: en } = await get('/priorart/build-query', english).expect(200);
  expect(en).toContain('Narrow with formulas (optional)');
  expect(en).toContain('Also search');
}, 120_000);
