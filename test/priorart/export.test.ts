// Exports of a finished examination simulation, read back with spreadsheet readers: the claim
// chart and the list as XLSX and CSV, headed in the reader's language, with the verdicts the
// stored result holds; the printable claim chart; how a cross-language simulation was
// translated (dictionary, GPT through the fake OpenAI-compatible server, GPT failed), in the
// same lines as the result page's translation row; and who
// may fetch them. Simulations run as background jobs (ROLE all) on real records of the demo corpus.
import { parse } from 'csv-parse/sync';
import readXlsxFile from 'read-excel-file/node';
import request from 'supertest';
import { displayNumberOfId } from '../../src/patents/numbers.ts';
import { elementLabel } from '../../src/priorart/chart.ts';
import { insertSimulation } from '../../src/priorart/repository.ts';
import { companyIdOfUser } from '../../src/users/repository.ts';
import { createAccount, sessionCookieFor, startTestApp, type TestApp } from '../helpers/app.ts';
import { csrfFor } from '../helpers/auth.ts';
import { cutCorpus } from '../helpers/corpus.ts';
import { ingestInChild } from '../helpers/ingest-process.ts';
import { binary } from '../helpers/binary.ts';
import { startFakeOpenAI, type FakeOpenAI, type RecordedRequest } from '../helpers/fake-openai.ts';

interface Who {
  id: string;
  cookie: string;
  csrf: string;
}
interface Evidence {
  elementId: number;
  verdict: 'disclosed' | 'partly' | 'not_found';
  passage: { kind: 'claim' | 'abstract' | 'paragraph'; number: string | null; text: string } | null;
  words: string[];
}
interface Priorart {
  elements: Array<{ id: number; text: string; preamble?: boolean; subject?: boolean }>;
  candidates: Array<{ documentId: string; matchRate: number; score: number; subclasses: string[]; verdicts: Array<{ elementId: number; verdict: Evidence['verdict'] }> }>;
  charts: Array<{ documentId: string; matchRate: number; evidence: Evidence[] }>;
  mainDocumentId: string;
  secondaryDocumentIds: string[];
  rank: string;
  rank_description: { ja: string; en: string };
}

const MARKS = { disclosed: '○', partly: '△', not_found: '×' } as const;

let testApp: TestApp;
let owner: Who;
let english: Who;
let stranger: Who;
let withoutFeature: Who;
let jpSimulation: { id: string; priorart: Priorart };
let usSimulation: { id: string; priorart: Priorart };
let fake: FakeOpenAI;
/** A real Japanese claim (compared with US documents in the translation tests). */
let japaneseClaim: string;

const post = (path: string, body: unknown, who: Who) => request(testApp.app).post(path).set('Cookie', who.cookie).set('x-csrf-token', who.csrf).send(body as object);
const get = (path: string, who: Who) => request(testApp.app).get(path).set('Cookie', who.cookie);
const download = (format: 'csv' | 'xlsx', query: string, who: Who) => get(`/priorart/export.${format}?${query}`, who).buffer(true).parse(binary);

async function simulate(body: object, who: Who): Promise<{ id: string; priorart: Priorart }> {
  const { body: started } = await post('/api/priorart/simulate', body, who).expect(202);
  for (let i = 0; i < 600; i++) {
    const { body: status } = await get(`/api/priorart/status?id=${started.id}`, who).expect(200);
    if (status.status >= 5) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const { body: result } = await get(`/api/priorart/result?id=${started.id}`, who).expect(200);
  return { id: started.id, priorart: result.result.priorart };
}

/**
 * The line after a region's translation line naming the invention's words the dictionary could
 * not match to that region's words (none when every word was matched): the API's `untranslated`.
 */
function untranslatedLines(priorart: Priorart, region: 'us' | 'cn', language: 'ja' | 'en'): string[] {
  const words = (priorart as unknown as { untranslated?: Array<{ region: string; words: string[] }> }).untranslated?.find((entry) => entry.region === region)?.words ?? [];
  if (words.length === 0) return [];
  const name = { ja: { us: '米国', cn: '中国' }, en: { us: 'United States', cn: 'China' } }[language][region];
  return [
    language === 'ja'
      ? `${name}の文献の語に辞書で対応づけられなかった語（見つからない語として対比しています）：${words.join('、')}`
      : `Words the dictionary could not match to words of ${name} documents (compared as not found): ${words.join(', ')}`,
  ];
}

/** The fake's translation: one English string per numbered element of the request. */
function translatedElements(recorded: RecordedRequest): { elements: string[] } {
  const content = String(recorded.body.messages?.find((message) => message.role === 'user')?.content);
  return { elements: content.split('\n').flatMap((line) => (/^\[\d+\] /.test(line) ? ['an apparatus comprising a housing and a display unit'] : [])) };
}
const translating = (recorded: RecordedRequest) => ({ content: translatedElements(recorded), usage: { prompt_tokens: 200, completion_tokens: 60 } });

beforeAll(async () => {
  fake = await startFakeOpenAI(translating);
  testApp = await startTestApp({ ROLE: 'all', OPENAI_API_KEY: 'sk-priorart-export-test', OPENAI_BASE_URL: fake.url, OPENAI_MODEL: 'gpt-export-test' });
  const jp = await cutCorpus('data/demo-corpus/demo.jsonl.gz', 120, (record) => record.region === 'jp' && Array.isArray(record.claims) && Boolean(record.description));
  const us = await cutCorpus('data/demo-corpus/demo.jsonl.gz', 300, (record) => record.region === 'us' && Array.isArray(record.claims));
  const cn = await cutCorpus('data/demo-corpus/demo.jsonl.gz', 100, (record) => record.region === 'cn' && Array.isArray(record.claims));
  await ingestInChild(testApp.database.url, [jp, us, cn]);
  const session = async (priorart: boolean, languageCD?: 'lang_ja' | 'lang_en'): Promise<Who> => {
    const { id } = await createAccount(testApp, { features: { simple: true, priorart }, ...(languageCD && { languageCD }) });
    const { token, cookie } = await csrfFor(testApp, await sessionCookieFor(testApp, { userId: id }));
    return { id, cookie, csrf: token };
  };
  owner = await session(true, 'lang_ja');
  english = await session(true, 'lang_en');
  stranger = await session(true);
  withoutFeature = await session(false);
  const { readFile } = await import('node:fs/promises');
  const records = async (file: string): Promise<Array<{ id: string; claims: string[] }>> => (await readFile(file, 'utf8')).trim().split('\n').map((line) => JSON.parse(line));
  const jpTarget = (await records(jp)).find((record) => record.claims[0]!.length > 120)!;
  const usTarget = (await records(us)).find((record) => record.claims[0]!.length > 200)!;
  japaneseClaim = jpTarget.claims[0]!;
  jpSimulation = await simulate({ lang: 'jp', subjectMatter: jpTarget.claims[0], outputType: 0 }, owner);
  usSimulation = await simulate({ lang: 'us', subjectMatter: usTarget.claims[0], outputType: 0 }, english);
}, 300_000);
afterAll(async () => {
  await testApp.close();
  await fake.close();
});

/** Sheets of an XLSX by name. */
async function sheetsOf(body: Buffer): Promise<Map<string, unknown[][]>> {
  return new Map((await readXlsxFile(body)).map(({ sheet, data }) => [sheet, data as unknown[][]]));
}
/** The CSV's summary and table (an empty line between them). */
function csvParts(body: Buffer): { summary: string[][]; table: string[][] } {
  const rows: string[][] = parse(body.toString('utf8'), { bom: true, relax_column_count: true });
  const gap = rows.findIndex((row) => row.length === 1 && row[0] === '');
  return { summary: rows.slice(0, gap), table: rows.slice(gap + 1) };
}
/** An XLSX row as the CSV writes it (match rate in percent, empty cells as ''). */
const asCsv = (row: unknown[]): string[] => row.map((cell, i) => (cell === null || cell === undefined ? '' : i === 1 && typeof cell === 'number' ? String(Math.round((cell as number) * 1000) / 10) : String(cell)));

test('the claim chart in Japanese: summary sheet, the main cited document first, a column per element with the stored verdicts and their places', async () => {
  const { id, priorart } = jpSimulation;
  const res = await download('xlsx', `id=${id}&what=chart`, owner).expect(200);
  expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
  expect(res.headers['content-disposition']).toMatch(/^attachment; filename="?hatsumei-priorart-chart-\d{8}\.xlsx"?$/);
  const sheets = await sheetsOf(res.body);
  expect([...sheets.keys()]).toEqual(['概要', 'クレームチャート']);
  const summary = sheets.get('概要')!;
  expect(summary).toContainEqual(['総合判定', priorart.rank]);
  expect(summary).toContainEqual(['判定の理由', priorart.rank_description.ja]);
  expect(summary).toContainEqual(['主引用文献', displayNumberOfId(priorart.mainDocumentId, 'ja')]);
  // Each element under its label, the preamble said to be one, and the claimed thing closing a Japanese claim said to be that.
  for (const element of priorart.elements) {
    const shown = String(summary.find((row) => row[0] === elementLabel(element.id))?.[1]);
    expect(shown).toBe(element.subject ? `${element.text} （発明の対象）` : element.preamble ? `${element.text} （前提部）` : element.text);
  }

  const [header, ...rows] = sheets.get('クレームチャート')!;
  expect(header!.slice(0, 6)).toEqual(['順位', '一致率', '文献番号', '出願人', '発明の名称', '引用区分']);
  expect(header!.length).toBe(6 + priorart.elements.length);
  priorart.elements.forEach((element, i) => expect(header![6 + i]).toMatch(new RegExp(`^${elementLabel(element.id)}〔`)));
  expect(rows.length).toBe(priorart.charts.length);
  expect(rows[0]!.slice(0, 3)).toEqual([1, priorart.charts.find((chart) => chart.documentId === priorart.mainDocumentId)!.matchRate, displayNumberOfId(priorart.mainDocumentId, 'ja')]);
  expect(rows[0]![5]).toBe('主引用文献');
  priorart.secondaryDocumentIds.forEach((documentId, i) => {
    expect(rows[1 + i]![2]).toBe(displayNumberOfId(documentId, 'ja'));
    expect(rows[1 + i]![5]).toBe('副引用文献');
  });
  // Every cell: the stored verdict's mark and word, and where a found element's evidence stands.
  for (const row of rows) {
    const chart = priorart.charts.find((entry) => displayNumberOfId(entry.documentId, 'ja') === row[2])!;
    for (const evidence of chart.evidence) {
      const cell = String(row[5 + evidence.elementId]);
      expect(cell.startsWith(`${MARKS[evidence.verdict]} ${{ disclosed: '開示あり', partly: '一部開示', not_found: '記載なし' }[evidence.verdict]}`)).toBe(true);
      if (evidence.verdict !== 'not_found' && evidence.passage) {
        const where = { paragraph: `【${evidence.passage.number}】`, claim: `請求項${evidence.passage.number}`, abstract: '要約' }[evidence.passage.kind];
        expect(cell.split('\n')[0]).toContain(where);
      }
    }
  }
  // The CSV holds the same summary and rows.
  const csv = await download('csv', `id=${id}&what=chart`, owner).expect(200);
  expect(csv.headers['content-type']).toMatch(/^text\/csv; charset=utf-8/);
  expect((csv.body as Buffer).subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
  const parts = csvParts(csv.body);
  expect(parts.table).toEqual([header!, ...rows].map(asCsv));
  expect(parts.summary).toEqual(summary.map((row) => row.map((cell) => (cell === null ? '' : String(cell)))));
});

test('the list: every candidate by match rate, its IPC subclasses and a verdict mark per element (a charted one its chart’s)', async () => {
  const { id, priorart } = jpSimulation;
  const sheets = await sheetsOf((await download('xlsx', `id=${id}&what=list`, owner).expect(200)).body);
  const [header, ...rows] = sheets.get('類似文献リスト')!;
  expect(header!.slice(0, 6)).toEqual(['順位', '一致率', '文献番号', '出願人', '発明の名称', 'IPC（サブクラス）']);
  expect(header!.length).toBe(6 + priorart.elements.length);
  expect(rows.length).toBe(priorart.candidates.length);
  const rates = rows.map((row) => row[1] as number);
  expect([...rates].sort((a, b) => b - a)).toEqual(rates);
  const byNumber = new Map(priorart.candidates.map((candidate) => [displayNumberOfId(candidate.documentId, 'ja'), candidate]));
  const charts = new Map(priorart.charts.map((chart) => [chart.documentId, chart]));
  for (const row of rows) {
    const candidate = byNumber.get(row[2] as string)!;
    // The simulation's charted documents with their chart's figures, as the result page lists them; the others with the whole-document estimate.
    const chart = charts.get(candidate.documentId);
    const verdicts = chart ? chart.evidence : candidate.verdicts;
    expect(row[1]).toBe(chart ? chart.matchRate : candidate.matchRate);
    expect(row[5] ?? '').toBe(candidate.subclasses.join('; '));
    expect(row.slice(6)).toEqual(priorart.elements.map((element) => MARKS[verdicts.find((v) => v.elementId === element.id)!.verdict]));
  }
  // Titles come from the store for every listed document, not only the charted ones.
  expect(rows.filter((row) => row[4]).length).toBe(rows.length);
  const csv = csvParts((await download('csv', `id=${id}&what=list`, owner).expect(200)).body);
  expect(csv.table).toEqual([header!, ...rows].map(asCsv));
});

test('an English reader gets English headings, sheet names, places and the English reason', async () => {
  const { id, priorart } = usSimulation;
  const sheets = await sheetsOf((await download('xlsx', `id=${id}`, english).expect(200)).body);
  expect([...sheets.keys()]).toEqual(['Summary', 'Claim chart']);
  expect(sheets.get('Summary')).toContainEqual(['Overall rank', priorart.rank]);
  expect(sheets.get('Summary')).toContainEqual(['Reason', priorart.rank_description.en]);
  const [header, ...rows] = sheets.get('Claim chart')!;
  expect(header!.slice(0, 6)).toEqual(['Rank', 'Match rate', 'Document number', 'Applicant', 'Title', 'Citation']);
  expect(header![6]).toMatch(/^A \(/);
  expect(rows[0]![2]).toBe(displayNumberOfId(priorart.mainDocumentId, 'ja'));
  expect(rows[0]![5]).toBe('Main cited document');
  const main = priorart.charts.find((chart) => chart.documentId === priorart.mainDocumentId)!;
  const found = main.evidence.filter((entry) => entry.verdict !== 'not_found' && entry.passage);
  expect(found.length).toBeGreaterThan(0);
  for (const evidence of found) {
    const where = { paragraph: `[${evidence.passage!.number}]`, claim: `Claim ${evidence.passage!.number}`, abstract: 'Abstract' }[evidence.passage!.kind];
    expect(String(rows[0]![5 + evidence.elementId]).split('\n')[0]).toBe(`${MARKS[evidence.verdict]} ${evidence.verdict === 'disclosed' ? 'Disclosed' : 'Partly disclosed'} ${where}`);
  }
  const csv = csvParts((await download('csv', `id=${id}&what=chart`, english).expect(200)).body);
  expect(csv.table[0]!.slice(0, 5)).toEqual(['Rank', 'Match rate', 'Document number', 'Applicant', 'Title']);
});

test('the printable claim chart shows the rank, every element and the cited documents with their matched words', async () => {
  const { id, priorart } = jpSimulation;
  const page = await get(`/priorart/print?id=${id}`, owner).expect(200);
  expect(page.text).toContain('クレームチャート');
  expect(page.text).toMatch(new RegExp(`data-testid="print-rank"[^]*?>${priorart.rank}<`));
  expect(page.text).toContain(priorart.rank_description.ja.replace(/&/g, '&amp;'));
  for (const element of priorart.elements) expect(page.text).toContain(`<span class="print-chart__label">${elementLabel(element.id)}</span>`);
  expect(page.text).toContain(displayNumberOfId(priorart.mainDocumentId, 'ja'));
  for (const documentId of priorart.secondaryDocumentIds) expect(page.text).toContain(displayNumberOfId(documentId, 'ja'));
  expect(page.text).toContain('主引用文献');
  expect(page.text).toContain('<mark>');
  const columns = page.text.match(/class="print-chart__document"/g)!.length;
  expect(columns).toBe(Math.min(priorart.charts.length, 1 + priorart.secondaryDocumentIds.length + 2));

  const englishPage = await get(`/priorart/print?id=${usSimulation.id}`, english).expect(200);
  expect(englishPage.text).toContain('Main cited document');
  expect(englishPage.text).toContain(displayNumberOfId(usSimulation.priorart.mainDocumentId, 'en'));
});

test('another user’s, an unknown or an unfinished simulation gives no file and no page; without the feature, nothing', async () => {
  const { id } = jpSimulation;
  for (const format of ['xlsx', 'csv'] as const) {
    const refused = await get(`/priorart/export.${format}?id=${id}&what=chart`, stranger).set('Accept', 'application/json').expect(404);
    expect(refused.body.errcode).toBe('E072');
  }
  const page = await get(`/priorart/export.xlsx?id=${id}`, stranger).expect(404);
  expect(page.headers['content-disposition']).toBeUndefined();
  expect(page.headers['content-type']).toMatch(/^text\/html/);
  await get('/priorart/export.csv?id=00000000-0000-4000-8000-000000000000', owner).set('Accept', 'application/json').expect(404);
  const away = await get(`/priorart/print?id=${id}`, stranger).expect(302);
  expect(away.headers.location).toBe('/history');
  await get('/priorart/print?id=not-an-id', owner).expect(302);

  // Stored but still running.
  const companyId = (await companyIdOfUser(testApp.runtime.db, owner.id))!;
  const running = await insertSimulation(testApp.runtime.db, { userId: owner.id, companyId, input: { lang: 'jp', subjectMatter: '電池', memo: '' } as never });
  expect((await get(`/priorart/export.xlsx?id=${running}`, owner).set('Accept', 'application/json').expect(404)).body.errcode).toBe('E072');
  expect((await get(`/priorart/print?id=${running}`, owner).expect(302)).headers.location).toBe('/history');

  const bad = await get(`/priorart/export.csv?id=${id}&what=everything`, owner).set('Accept', 'application/json').expect(400);
  expect(bad.body.errcode).toBe('E034');

  await get(`/priorart/export.xlsx?id=${id}`, withoutFeature).expect(403);
  await get(`/priorart/print?id=${id}`, withoutFeature).expect(403);
  const anonymous = await request(testApp.app).get(`/priorart/export.csv?id=${id}`).expect(302);
  expect(anonymous.headers.location).toBe('/login');
});

/** The summary's translation row of an XLSX ([label, text] or undefined), and the CSV's. */
async function translationRows(id: string, who: Who, label: string, what: 'chart' | 'list' = 'chart') {
  const sheets = await sheetsOf((await download('xlsx', `id=${id}&what=${what}`, who).expect(200)).body);
  const xlsx = [...sheets.values()][0]!.find((row) => row[0] === label);
  const csv = csvParts((await download('csv', `id=${id}&what=${what}`, who).expect(200)).body).summary.find((row) => row[0] === label);
  return { xlsx, csv };
}
/** The printed chart's translation lines (none: no translation shown). */
async function printedTranslation(id: string, who: Who): Promise<string[]> {
  const html = (await get(`/priorart/print?id=${id}`, who).expect(200)).text;
  const block = /data-testid="print-translation">([^]*?)<\/dd>/.exec(html)?.[1];
  return block ? [...block.matchAll(/<span class="print-chart__translation">([^<]*)<\/span>/g)].map((match) => match[1]!) : [];
}

/** The result page's translation row, a line per region (none: no row). */
async function pageTranslation(id: string, who: Who): Promise<string[]> {
  const html = (await get(`/priorart/result?id=${id}&type=priorart`, who).expect(200)).text;
  const row = /data-testid="translation">([^]*?)<\/dd>/.exec(html)?.[1];
  return row ? [...row.matchAll(/<span class="pa-conditions__translation-line">([^<]*)<\/span>/g)].map((match) => match[1]!) : [];
}

test('a Japanese claim compared with Japanese and US documents through the dictionary: the exports say the US documents were compared through EDICT, and only those', async () => {
  const requests = fake.requests.length;
  const { id, priorart } = await simulate({ lang: 'jp', subLang: 'us', subjectMatter: japaneseClaim, outputType: 0, shouldUseGPT: false }, owner);
  expect(fake.requests.length).toBe(requests);
  expect(priorart.candidates.some((candidate) => candidate.documentId.startsWith('US'))).toBe(true);
  // The claim's words the small US cut has no translation for (重ね合う …) are named after the line: they count as not found.
  const untranslated = untranslatedLines(priorart, 'us', 'ja');
  expect(untranslated).toHaveLength(1);
  const lines = ['米国の文献：辞書（EDICT・COMPDIC）', ...untranslated];
  for (const what of ['chart', 'list'] as const) {
    const { xlsx, csv } = await translationRows(id, owner, '翻訳', what);
    expect(xlsx).toEqual(['翻訳', lines.join('\n')]);
    expect(csv).toEqual(['翻訳', lines.join('\n')]);
  }
  expect(await printedTranslation(id, owner)).toEqual(lines);
  // The result page says the same: the US documents, not the Japanese ones; EDICT's licence credited under the chart.
  expect(await pageTranslation(id, owner)).toEqual(lines);
  const credits = [...(await get(`/priorart/result?id=${id}&type=priorart`, owner).expect(200)).text.matchAll(/data-testid="dictionary-credit">([^<]*)</g)].map((match) => match[1]);
  expect(credits).toEqual([expect.stringContaining('EDICT・COMPDIC（© Electronic Dictionary Research and Development Group、CC BY-SA 3.0）')]);
}, 120_000);

test('a Japanese claim on US documents translated with GPT: the exports name GPT’s model with the dictionary', async () => {
  const requests = fake.requests.length;
  const { id } = await simulate({ lang: 'us', subjectMatter: japaneseClaim, outputType: 0, shouldUseGPT: true }, owner);
  expect(fake.requests.length).toBe(requests + 1);
  const line = '米国の文献：GPT（gpt-export-test）の翻訳と辞書（EDICT・COMPDIC）';
  const { xlsx, csv } = await translationRows(id, owner, '翻訳');
  expect(xlsx).toEqual(['翻訳', line]);
  expect(csv).toEqual(['翻訳', line]);
  expect(await printedTranslation(id, owner)).toEqual([line]);
  expect(await pageTranslation(id, owner)).toEqual([line]);
}, 120_000);

test('GPT asked for and failed: the exports say the dictionary alone was used, and why, and the result page says why once (in English for an English reader)', async () => {
  fake.answerWith(() => ({ status: 500, error: { message: 'upstream failed' } }));
  try {
    const { id, priorart } = await simulate({ lang: 'us', subjectMatter: japaneseClaim, outputType: 0, shouldUseGPT: true }, english);
    expect((priorart as unknown as { translation: unknown }).translation).toEqual({ gptRequested: true, gpt: [{ region: 'us', model: null, elements: null, failure: 'failed' }] });
    const lines = ['United States documents: Dictionary (EDICT and COMPDIC)', ...untranslatedLines(priorart, 'us', 'en'), 'GPT translation failed: documents in other languages were compared through the dictionary translation alone.'];
    const { xlsx, csv } = await translationRows(id, english, 'Translation');
    expect(xlsx).toEqual(['Translation', lines.join('\n')]);
    expect(csv).toEqual(['Translation', lines.join('\n')]);
    expect(await printedTranslation(id, english)).toEqual(lines);
    // The result page says the failure once, in its notice at the top; its translation row names the dictionary, as the exports' first line.
    expect(await pageTranslation(id, english)).toEqual(lines.slice(0, -1));
    const page = (await get(`/priorart/result?id=${id}&type=priorart`, english).expect(200)).text;
    expect(page.split(lines.at(-1)!)).toHaveLength(2);
    expect(page).toContain(`data-testid="gpt-translation-notice">${lines.at(-1)}<`);
    expect(page).toContain('EDICT and COMPDIC dictionaries (© Electronic Dictionary Research and Development Group, CC BY-SA 3.0)');
  } finally {
    fake.answerWith(translating);
  }
}, 120_000);

test('a simulation in the claim’s own language has no translation line in any export', async () => {
  for (const [{ id }, who, label] of [
    [jpSimulation, owner, '翻訳'],
    [usSimulation, english, 'Translation'],
  ] as const) {
    const { xlsx, csv } = await translationRows(id, who, label);
    expect(xlsx).toBeUndefined();
    expect(csv).toBeUndefined();
    expect(await printedTranslation(id, who)).toEqual([]);
    const page = (await get(`/priorart/result?id=${id}&type=priorart`, who).expect(200)).text;
    expect(page).not.toContain('data-testid="translation"');
    expect(page).not.toContain('data-testid="dictionary-credit"');
  }
});

test('a Japanese claim on Chinese and US documents: each region’s line names its dictionaries (Chinese through English: EDICT and CC-CEDICT), as the result page does', async () => {
  const { id, priorart } = await simulate({ lang: 'cn', subLang: 'us', subjectMatter: japaneseClaim, outputType: 0 }, owner);
  expect(priorart.candidates.some((candidate) => candidate.documentId.startsWith('CN'))).toBe(true);
  const lines = ['中国の文献：辞書（EDICT・COMPDIC、CC-CEDICT）', ...untranslatedLines(priorart, 'cn', 'ja'), '米国の文献：辞書（EDICT・COMPDIC）', ...untranslatedLines(priorart, 'us', 'ja')];
  const { xlsx, csv } = await translationRows(id, owner, '翻訳');
  expect(xlsx).toEqual(['翻訳', lines.join('\n')]);
  expect(csv).toEqual(['翻訳', lines.join('\n')]);
  expect(await printedTranslation(id, owner)).toEqual(lines);
  // The result page says the same, a line per region, and credits each dictionary.
  expect(await pageTranslation(id, owner)).toEqual(lines);
  const page = (await get(`/priorart/result?id=${id}&type=priorart`, owner).expect(200)).text;
  expect(page.match(/data-testid="dictionary-credit"/g)).toHaveLength(2);
  expect(page).toContain('EDICT・COMPDIC（© Electronic Dictionary Research and Development Group');
  expect(page).toContain('CC-CEDICT（© MDBG');
}, 120_000);
