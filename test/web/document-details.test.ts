// /document-details against real ingested publications: every tab's content, claims
// numbered with dependent and independent claims told apart, paging through a result set,
// typed numbers, not-found and bad input in both languages, public access and layouts.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { analyseClaims, analyseDescription } from '../../src/document-details/service.ts';
import { procedureTitle } from '../../src/document-details/procedure-types.ts';
import { indexPatent } from '../../src/patents/indexing.ts';
import { ingestFiles } from '../../src/patents/ingest/ingest.ts';
import { createAccount, sessionCookieFor, startTestApp, type TestApp } from '../helpers/app.ts';
import { cutCorpus } from '../helpers/corpus.ts';

let testApp: TestApp;
let tmp: string;

/** The JP record of the sample with a file history added (the corpus has none yet). */
const PROCEDURES = [
  { date: '19990723', code: 'A163', title: null },
  { date: '20020115', code: 'A1621', title: null },
  { date: '20040601', code: 'A131', title: null },
  { date: '20040805', code: 'A153', title: null },
  { date: '20041020', code: 'ZZ99', title: 'Some source title' },
];

beforeAll(async () => {
  testApp = await startTestApp();
  tmp = await mkdtemp(path.join(tmpdir(), 'docdetails-'));
  const lines = (await readFile('test/fixtures/patents/corpus-sample.jsonl', 'utf8')).split('\n').filter(Boolean);
  const jp = JSON.parse(lines.find((line) => line.includes('"JP2000174797A"'))!);
  const withHistory = path.join(tmp, 'jp-with-history.jsonl');
  await writeFile(withHistory, `${JSON.stringify({ ...jp, procedures: PROCEDURES })}\n`);
  const summary = await ingestFiles(
    testApp.runtime.db,
    ['test/fixtures/patents/corpus-sample.jsonl', 'test/fixtures/patents/uspto/US08930553.xml', withHistory],
    { index: indexPatent },
  );
  expect(summary.bad).toEqual([]);
}, 120_000);
afterAll(async () => {
  await testApp?.close();
  if (tmp) await rm(tmp, { recursive: true, force: true });
});

const get = (url: string, lang: 'ja' | 'en' = 'ja', cookie?: string) => {
  const req = request(testApp.app).get(url).set('Accept-Language', lang === 'ja' ? 'ja' : 'en-US,en;q=0.9');
  return cookie ? req.set('Cookie', cookie) : req;
};

/** The inner HTML of one tab's section. */
function section(html: string, id: string): string {
  const match = new RegExp(`<section[^>]*\\bid="${id}"[^>]*>([\\s\\S]*?)</section>`).exec(html);
  if (!match) throw new Error(`no section #${id}`);
  return match[1]!;
}
const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/&#x27;|&#39;/g, "'").replace(/&quot;/g, '"').replace(/&amp;/g, '&').replace(/\s+/g, ' ');
const claimBlocks = (html: string) =>
  [...section(html, 'claims').matchAll(/<li[^>]*data-claim="(\d+)"[^>]*data-dependent="(true|false)"[^>]*>([\s\S]*?)<\/li>/g)].map((m) => ({
    number: Number(m[1]),
    dependent: m[2] === 'true',
    text: text(m[3]!),
  }));

describe('US7783348B2 (corpus grant)', () => {
  let ja: string;
  let en: string;
  beforeAll(async () => {
    ja = (await get('/document-details?docIds=US7783348B2&initialIndex=0').expect(200)).text;
    en = (await get('/document-details?docIds=US7783348B2', 'en').expect(200)).text;
  });

  test('number and title prominent; tabs in order; no drawings tab without drawings', () => {
    expect(ja).toContain('<html lang="ja">');
    expect(ja).toMatch(/<h1 class="docdetail__title"[^>]*>Stimulation device for treating osteoarthritis<\/h1>/);
    expect(ja).toContain('US 7,783,348 B2');
    const tabs = [...ja.matchAll(/id="doctab-(\w+)"/g)].map((m) => m[1]);
    expect(tabs).toEqual(['biblio', 'abstract', 'claims', 'description', 'procedures']);
    expect(text(ja)).toContain('書誌');
    expect(text(ja)).toContain('請求の範囲');
    expect(text(en)).toContain('Bibliography');
    expect(ja).not.toContain('id="drawings"');
    expect(ja).toContain('data-island="DocumentTabs"');
  });

  test('biblio: a definition table with parties, dates, IPC and citations as links', () => {
    const biblio = section(ja, 'biblio');
    expect(biblio).toContain('<dl class="docbiblio">');
    expect(text(biblio)).toContain('OrthoCor Medical, Inc.');
    expect(text(biblio)).toContain('Jagjit Gill');
    expect(text(biblio)).toContain('2008/04/16'); // application date
    expect(text(biblio)).toContain('2010/08/24'); // publication date
    expect(text(biblio)).toContain('A61N 1/18');
    expect(biblio).toContain('href="/document-details?number=US4240445A"');
    // Shown as the document's own number is shown.
    expect(text(biblio)).toContain('US 4,240,445 A');
    expect(text(biblio)).not.toContain('US4240445A');
    expect(text(biblio)).toMatch(/データ出典/);
    expect(text(section(en, 'biblio'))).toContain('2008-04-16');
    expect(text(section(en, 'biblio'))).toContain('Applicants / assignees');
  });

  test('biblio: fields the record lacks are named once at the end, not as rows of dashes; the JPO-only FI and F-terms are not named', () => {
    const fields = (html: string) => [...section(html, 'biblio').matchAll(/data-field="(\w+)"/g)].map((m) => m[1]);
    const unrecorded = (html: string) => text(/data-field="unrecorded">([\s\S]*?)<\/div>/.exec(section(html, 'biblio'))![1]!);
    expect(fields(ja)).not.toContain('cpc'); // this grant carries IPC only
    expect(fields(ja)).toContain('ipc');
    expect(fields(ja).at(-1)).toBe('unrecorded');
    expect(unrecorded(ja)).toContain('収録なし');
    expect(unrecorded(ja)).toContain('CPC');
    expect(unrecorded(ja)).not.toMatch(/FI|Fターム|IPC/);
    expect(unrecorded(en)).toContain('Not recorded');
    expect(unrecorded(en)).toMatch(/CPC, /);
    expect(section(ja, 'biblio')).not.toContain('—');
  });

  test('abstract', () => {
    expect(text(section(ja, 'abstract'))).toContain('A device for providing therapeutic treatment to a body part such as a knee joint');
  });

  test('claims numbered, claim 1 independent, claim 2 dependent on claim 1', () => {
    const claims = claimBlocks(ja);
    expect(claims).toHaveLength(25);
    expect(claims.map((claim) => claim.number)).toEqual(Array.from({ length: 25 }, (_, i) => i + 1));
    expect(claims[0]).toMatchObject({ number: 1, dependent: false });
    expect(claims[0]!.text).toContain('請求項1');
    expect(claims[0]!.text).toContain('独立');
    expect(claims[0]!.text).toContain('A portable, non-invasive device');
    expect(claims[0]!.text).not.toMatch(/^\s*1\.\s/); // the number is the label, not repeated in the text
    expect(claims[1]).toMatchObject({ number: 2, dependent: true });
    expect(claims[1]!.text).toContain('従属');
    expect(claims[1]!.text).toContain('The device of claim 1, further comprising a rechargeable battery');
    expect(section(ja, 'claims')).toContain('href="#claim-1"');
    expect(text(section(en, 'claims'))).toMatch(/Claim 2 Dependent Refers to claim 1/);
  });

  test('description: headings and numbered paragraphs 0001…', () => {
    const description = section(ja, 'description');
    expect(description).toMatch(/<h3 class="docdescription__heading">CROSS-REFERENCE TO RELATED APPLICATION\(S\)<\/h3>/);
    expect(description).toMatch(/<p class="docparagraph" id="p0001"><span class="docparagraph__number">\[0001\]<\/span><span class="docparagraph__text">This application claims priority to U\.S\. Provisional Application 60\/927,354/);
    expect(description).toContain('id="p0002"');
  });

  test('intermediate information: says there are none', () => {
    expect(text(section(ja, 'procedures'))).toContain('この文献の経過情報は収録されていません。');
    expect(text(section(en, 'procedures'))).toContain('No file history is recorded for this document.');
  });
});

describe('US8930553B2 (USPTO XML)', () => {
  test('biblio, abstract, claims with dependent claims, description', async () => {
    const html = (await get('/document-details?id=US8930553B2', 'en').expect(200)).text;
    expect(html).toContain('US 8,930,553 B2');
    const biblio = text(section(html, 'biblio'));
    expect(biblio).toMatch(/IPC/);
    expect(biblio).toMatch(/US classification/);
    expect(section(html, 'biblio')).toMatch(/href="\/document-details\?number=US\d+/);
    expect(text(section(html, 'abstract')).length).toBeGreaterThan(100);
    const claims = claimBlocks(html);
    expect(claims).toHaveLength(8);
    expect(claims[0]).toMatchObject({ number: 1, dependent: false });
    expect(claims.some((claim) => claim.dependent)).toBe(true);
    expect(section(html, 'description')).toContain('id="p0001"');
  });
});

describe('other regions', () => {
  test('a Chinese application shows its Chinese abstract', async () => {
    const html = (await get('/document-details?docIds=CN106022747A').expect(200)).text;
    expect(html).toContain('一种基于分布式高并发条件下的计费方法');
    const abstract = section(html, 'abstract');
    expect(abstract).toContain('lang="zh"');
    expect(text(abstract)).toContain('本发明涉及一种基于分布式高并发条件下的计费方法');
    expect(text(section(html, 'biblio'))).toContain('中国');
    expect(text(section(html, 'claims'))).toContain('この文献には請求の範囲が収録されていません。');
  });

  test('a Japanese application with its file history: titles by code, the source title as fallback', async () => {
    const ja = (await get('/document-details?docIds=JP2000174797A').expect(200)).text;
    expect(ja).toContain('JP 2000-174797 A');
    expect(text(section(ja, 'biblio'))).toContain('株式会社東芝');
    expect(text(section(ja, 'biblio'))).toContain('日本');
    // The USPTO's classes are not a Japanese record's missing data; the JPO's FI is.
    const unrecorded = text(/data-field="unrecorded">([\s\S]*?)<\/div>/.exec(section(ja, 'biblio'))![1]!);
    expect(unrecorded).not.toContain('米国特許分類');
    expect(unrecorded).toContain('FI');
    expect(unrecorded).not.toContain('登録日'); // an application's publication
    const history = text(section(ja, 'procedures'));
    expect(history).toMatch(/1999\/07\/23 提出 特許願 A163/);
    expect(history).toMatch(/2002\/01\/15 提出 出願審査請求書 A1621/);
    expect(history).toMatch(/2004\/06\/01 発送 拒絶理由通知書 A131/);
    expect(history).toMatch(/意見書 A153/);
    expect(history).toContain('Some source title');
    expect(ja).toMatch(/id="doctab-procedures"[^>]*>経過情報<span class="doctabs__count">5<\/span>/);
    const en = text(section((await get('/document-details?docIds=JP2000174797A', 'en').expect(200)).text, 'procedures'));
    expect(en).toContain('Notice of reasons for refusal');
    expect(en).toContain('Request for examination');
  });
});

describe('result set paging', () => {
  const ids = ['US7783348B2', 'US8930553B2', 'CN106022747A'];

  test('previous/next keep docIds, show the position, and stop at the ends', async () => {
    const middle = (await get(`/document-details?docIds=${ids.join(',')}&initialIndex=1`).expect(200)).text;
    expect(middle).toContain('data-doc-id="US8930553B2"');
    expect(text(middle)).toContain('2 / 3');
    expect(middle).toContain(`href="/document-details?docIds=${ids.join(',')}&amp;initialIndex=0" rel="prev"`);
    expect(middle).toContain(`href="/document-details?docIds=${ids.join(',')}&amp;initialIndex=2" rel="next"`);

    const first = (await get(`/document-details?docIds=${ids.join(',')}&initialIndex=0`).expect(200)).text;
    expect(first).not.toContain('rel="prev"');
    expect(first).toContain('rel="next"');
    const last = (await get(`/document-details?docIds=${ids.join(',')}&initialIndex=2`).expect(200)).text;
    expect(last).toContain('data-doc-id="CN106022747A"');
    expect(text(last)).toContain('3 / 3');
    expect(last).not.toContain('rel="next"');
  });

  test('an index past the ids says so with the first and last, and shows none in their place; one before the first is the first', async () => {
    const high = (await get(`/document-details?docIds=${ids.join(',')}&initialIndex=99`).expect(200)).text;
    expect(high).not.toContain('data-doc-id=');
    expect(text(high)).toContain('100 件目の文献はありません。この検索結果の文献は全 3 件です。');
    expect(high).toContain(`href="/document-details?docIds=${ids.join(',')}&amp;initialIndex=0"`);
    expect(high).toContain(`href="/document-details?docIds=${ids.join(',')}&amp;initialIndex=2" rel="last"`);
    expect(high).toContain('id="main"');
    const en = (await get(`/document-details?docIds=${ids.join(',')}&initialIndex=3`, 'en').expect(200)).text;
    expect(text(en)).toContain('There is no document 4: this result has 3 documents.');
    expect(en).not.toContain('data-doc-id=');
    const low = (await get(`/document-details?docIds=${ids.join(',')}&initialIndex=-4`).expect(200)).text;
    expect(low).toContain('data-doc-id="US7783348B2"');
  });

  test('an id without its kind code still finds the publication', async () => {
    const html = (await get('/document-details?docIds=US7783348').expect(200)).text;
    expect(html).toContain('data-doc-id="US7783348B2"');
  });
});

describe('typed numbers', () => {
  test.each([
    ['US 7,783,348 B2', 'US7783348B2'],
    ['US7783348', 'US7783348B2'],
    ['us 8930553 b2', 'US8930553B2'],
    ['CN 106022747 A', 'CN106022747A'],
    ['JP2000-174797 A', 'JP2000174797A'],
  ])('%s → %s', async (typed, id) => {
    const html = (await get(`/document-details?number=${encodeURIComponent(typed)}`).expect(200)).text;
    expect(html).toContain(`data-doc-id="${id}"`);
  });
});

describe('not found', () => {
  test('an unknown number: 404 in Japanese, with a way back, not the generic error page', async () => {
    const response = await get(`/document-details?number=${encodeURIComponent('US 9,999,999 B2')}`).expect(404);
    expect(response.text).toContain('文献が見つかりません');
    expect(response.text).toContain('「US 9,999,999 B2」に該当する文献は収録されていません。');
    expect(response.text).toMatch(/<a class="button button--primary" href="\/">戻る<\/a>/);
    expect(response.text).not.toContain('error-page');
    expect(response.text).toContain('layout--headerless');
  });

  test('an unknown id: 404 in English; inside a result set the pager stays', async () => {
    const response = await get('/document-details?docIds=US7783348B2,US1234567B2&initialIndex=1', 'en').expect(404);
    expect(response.text).toContain('Document not found');
    expect(response.text).toContain('No document matching “US1234567B2” is in the database.');
    expect(response.text).toContain('rel="prev"');
    expect(text(response.text)).toContain('2 / 2');
  });

  test('signed in: the not-found page is in the default layout', async () => {
    const account = await createAccount(testApp, { languageCD: 'lang_en' });
    const cookie = await sessionCookieFor(testApp, { userId: account.id });
    const response = await get('/document-details?id=US1234567B2', 'ja', cookie).expect(404);
    expect(response.text).toContain('layout--default');
    expect(response.text).toContain('Document not found'); // the account's language wins
  });
});

describe('bad input: 400 with the E102 message', () => {
  test.each([
    ['no parameters', '/document-details'],
    ['empty docIds', '/document-details?docIds=,,'],
    ['malformed id', `/document-details?docIds=${encodeURIComponent('US7783348B2,<script>')}`],
    ['foreign region', '/document-details?docIds=EP1234567A1'],
    ['non-numeric index', '/document-details?docIds=US7783348B2&initialIndex=abc'],
    ['repeated parameter', '/document-details?docIds=US7783348B2&docIds=US8930553B2'],
    ['unreadable number', '/document-details?number=hello'],
    ['too many ids', `/document-details?docIds=${Array.from({ length: 501 }, (_, i) => `US${1000000 + i}`).join(',')}`],
  ])('%s', async (_name, url) => {
    const ja = await get(url).expect(400);
    expect(ja.text).toContain('入力内容が正しくありません。');
    expect(ja.text).not.toContain('&lt;script');
    const en = await get(url, 'en').expect(400);
    expect(en.text).toContain('The input is not valid.');
  });

  test('500 ids are still accepted', async () => {
    const ids = ['US7783348B2', ...Array.from({ length: 499 }, (_, i) => `US${1000000 + i}`)];
    const html = (await get(`/document-details?docIds=${ids.join(',')}`).expect(200)).text;
    expect(text(html)).toContain('1 / 500');
  });
});

describe('access and layouts', () => {
  test('anonymous visitors see the page in the header-less layout (public, no redirect)', async () => {
    const response = await get('/document-details?docIds=US7783348B2').expect(200);
    expect(response.text).toContain('layout--headerless');
    expect(response.text).not.toContain('data-island="Header"');
  });

  test('a signed-in user gets the default layout with the header', async () => {
    const account = await createAccount(testApp, { languageCD: 'lang_ja' });
    const cookie = await sessionCookieFor(testApp, { userId: account.id });
    const response = await get('/document-details?docIds=US7783348B2', 'en', cookie).expect(200);
    expect(response.text).toContain('layout--default');
    expect(response.text).toContain('data-island="Header"');
    expect(response.text).toContain('<html lang="ja">');
  });
});

describe('text analysis', () => {
  test('claim dependencies in English, Japanese and Chinese', () => {
    const claims = analyseClaims([
      '【請求項１】基板と、電極とを備える装置。',
      '【請求項２】前記電極が銅である請求項１に記載の装置。',
      '【請求項３】請求項１又は２に記載の装置を製造する方法。',
    ]);
    expect(claims.map((claim) => [claim.number, claim.refersTo])).toEqual([
      [1, []],
      [2, [1]],
      [3, [1, 2]],
    ]);
    expect(claims[0]!.text).toBe('基板と、電極とを備える装置。');
    const cn = analyseClaims(['1.一种计费方法，其特征在于……', '2.如权利要求1所述的计费方法，其特征在于……', '3.根据权利要求1-2任一项所述的方法']);
    expect(cn.map((claim) => claim.refersTo)).toEqual([[], [1], [1, 2]]);
    const en = analyseClaims(['1. A method comprising a step.', '2. A system configured to perform the method as claimed in any one of claims 1 to 1.', '5. The system according to claim 2, wherein…']);
    expect(en.map((claim) => [claim.number, claim.refersTo])).toEqual([
      [1, []],
      [2, [1]],
      [5, [2]],
    ]);
  });

  test('paragraph numbers from the text when present', () => {
    const blocks = analyseDescription('【技術分野】\n【０００１】\n本発明は装置に関する。\n【０００２】続く段落。');
    expect(blocks).toEqual([
      { kind: 'heading', text: '技術分野' },
      { kind: 'paragraph', number: '0001', text: '本発明は装置に関する。' },
      { kind: 'paragraph', number: '0002', text: '続く段落。' },
    ]);
    expect(analyseDescription('[0010] First.\n[0011] Second.').map((block) => block.kind === 'paragraph' && block.number)).toEqual(['0010', '0011']);
  });

  test('procedure titles: table first, then the source title, then the code', () => {
    expect(procedureTitle('A131', null, 'ja')).toBe('拒絶理由通知書');
    expect(procedureTitle('A17421', null, 'ja')).toBe('代理人変更届');
    expect(procedureTitle('X1', 'Given title', 'ja')).toBe('Given title');
    expect(procedureTitle('X1', null, 'en')).toBe('X1');
  });
});

describe('the words a claim chart cell links with (mark=)', () => {
  test('a one-character word is marked where the text has it as a word, as the cell marks it', async () => {
    // JP2017191825A claim 1: 保護部材を貼着する保護部材貼着工程と、…: kuromoji reads 貼 / 着 / する, but 貼 / 着工 / 程.
    const file = await cutCorpus('data/demo-corpus/demo.jsonl.gz', 1, (record) => record.id === 'JP2017191825A');
    expect((await ingestFiles(testApp.runtime.db, [file], { index: indexPatent })).bad).toEqual([]);
    const { text: html } = await get(`/document-details?docIds=JP2017191825A&mark=${encodeURIComponent('保護 部材 着')}`).expect(200);
    const claims = section(html, 'claims');
    const lone = [...claims.matchAll(/(.)<mark>着<\/mark>(.)/g)].map((m) => `${m[1]}着${m[2]}`);
    expect(lone.length).toBeGreaterThan(0);
    expect(new Set(lone)).toEqual(new Set(['貼着す']));
    expect(claims).toContain('<mark>保護</mark><mark>部材</mark>貼着工程');
  });
});
