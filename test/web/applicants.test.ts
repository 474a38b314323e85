// One applicant under its variants, on real records of the demo corpus: "Google Inc.", "Google,
// Inc." and "GOOGLE INC."; "Taiwan Semiconductor Manufacturing Co., Ltd." and "… Company Limited";
// "…コーポレーション" and "…コーポレイション"; and 株式会社東芝 with "Toshiba Corp", which the Google
// Patents export names in both scripts. Ranking, narrowing, exports, the map's colours and appname.
import { parse } from 'csv-parse/sync';
import request from 'supertest';
import { aliasPairs, applicantKey, applicantsOf } from '../../src/patents/applicants.ts';
import { indexPatent } from '../../src/patents/indexing.ts';
import { ingestFiles } from '../../src/patents/ingest/ingest.ts';
import { compileDetailQuery } from '../../src/patents/query/compile.ts';
import { resultPage } from '../../src/patents/hit-sets.ts';
import type { PatentQuery } from '../../src/patents/search-repository.ts';
import type { Database } from '../../src/platform/database.ts';
import type { PatentMap } from '../../src/search/result-types.ts';
import { createAccount, sessionCookieFor, startTestApp, type TestApp } from '../helpers/app.ts';
import { cutCorpus } from '../helpers/corpus.ts';

const KEYS = { us: ['google', 'taiwansemiconductormanufacturing', 'samsungelectronics', 'ricoh'], jp: ['東芝', 'toshiba', 'インターナショナルビジネスマシーンズ'] };
let testApp: TestApp;
let cookie: string;
let records: Array<{ id: string; region: 'us' | 'jp'; applicants: string[] }>;
beforeAll(async () => {
  testApp = await startTestApp();
  const file = await cutCorpus('data/demo-corpus/demo.jsonl.gz', 200, (record) => {
    const keys = KEYS[record.region as 'us' | 'jp'];
    return Boolean(keys) && ((record.applicants as string[] | null) ?? []).some((name) => keys.includes(applicantKey(name)));
  });
  const { readFile } = await import('node:fs/promises');
  records = (await readFile(file, 'utf8')).trim().split('\n').map((line) => JSON.parse(line));
  const summary = await ingestFiles(testApp.runtime.db, [file], { index: indexPatent });
  expect(summary.bad).toEqual([]);
  cookie = await sessionCookieFor(testApp, { userId: (await createAccount(testApp)).id });
}, 120_000);
afterAll(() => testApp.close());

const of = (region: 'us' | 'jp', key: string) => records.filter((r) => r.region === region && r.applicants.some((name) => applicantKey(name) === key)).map((r) => r.id);
const everyOne = (region: 'us' | 'jp'): PatentQuery => ({ documentIds: records.filter((r) => r.region === region).map((r) => r.id), region, excludeExpired: false, applicants: [] });


/** The applicant ranking and the list's hits, as a result page reads them in its one pass. */
const topApplicants = async (db: Database, query: PatentQuery, limit: number) =>
  (await resultPage(db, query, { offset: 0, limit: 0, order: 'relevance', applicantLimit: limit })).applicants;
const searchPatents = (db: Database, query: PatentQuery, page: { offset: number; limit: number; order: 'relevance' }) =>
  resultPage(db, query, { ...page, applicantLimit: 0 });

test('the corpus really spells these applicants several ways, and one record names 東芝 in two scripts', () => {
  const spellings = (region: 'us' | 'jp', key: string) => new Set(records.filter((r) => r.region === region).flatMap((r) => r.applicants.filter((name) => applicantKey(name) === key)));
  expect(spellings('us', 'google')).toEqual(new Set(['Google Inc.', 'Google, Inc.', 'GOOGLE INC.']));
  expect(spellings('us', 'taiwansemiconductormanufacturing').size).toBeGreaterThanOrEqual(2);
  expect(spellings('jp', 'インターナショナルビジネスマシーンズ').size).toBe(2);
  const bilingual = records.filter((r) => aliasPairs(r.applicants).some(([latin, cjk]) => applicantKey(latin) === 'toshiba' && applicantKey(cjk) === '東芝'));
  expect(bilingual.length).toBeGreaterThan(0);
  expect(applicantsOf(['株式会社東芝', '東芝株式会社', '㈱東芝'])).toEqual([{ key: '東芝', name: '株式会社東芝' }]);
});

test('the ranking shows each applicant once, counting each publication once, under one of its names', async () => {
  const us = await topApplicants(testApp.runtime.db, everyOne('us'), 100);
  const google = us.filter((row) => applicantKey(row.applicant) === 'google');
  expect(google).toEqual([{ applicant: expect.stringMatching(/^(Google Inc\.|Google, Inc\.|GOOGLE INC\.)$/), count: of('us', 'google').length }]);
  expect(us.filter((row) => applicantKey(row.applicant) === 'taiwansemiconductormanufacturing')).toHaveLength(1);
  // 株式会社東芝 and Toshiba Corp are one applicant in a Japanese search, shown by its Japanese name.
  const jp = await topApplicants(testApp.runtime.db, everyOne('jp'), 100);
  const toshiba = jp.filter((row) => ['東芝', 'toshiba'].includes(applicantKey(row.applicant)));
  expect(toshiba).toEqual([{ applicant: '株式会社東芝', count: new Set([...of('jp', '東芝'), ...of('jp', 'toshiba')]).size }]);
  expect(jp.filter((row) => applicantKey(row.applicant) === 'インターナショナルビジネスマシーンズ')).toHaveLength(1);
});

test('narrowing to an applicant by any of its names keeps all its publications', async () => {
  for (const name of ['GOOGLE INC.', 'Google Inc.', 'google']) {
    const { hits } = await searchPatents(testApp.runtime.db, { ...everyOne('us'), applicants: [name] }, { offset: 0, limit: 100, order: 'relevance' });
    expect(new Set(hits.map((hit) => hit.id))).toEqual(new Set(of('us', 'google')));
  }
  const { hits } = await searchPatents(testApp.runtime.db, { ...everyOne('jp'), applicants: ['Toshiba Corp'] }, { offset: 0, limit: 100, order: 'relevance' });
  expect(new Set(hits.map((hit) => hit.id))).toEqual(new Set([...of('jp', '東芝'), ...of('jp', 'toshiba')]));
});

test('a narrowed page counts the narrowed hits but ranks applicants over the whole query; a short ranking is the head of a long one, ties at the cut broken by name', async () => {
  const db = testApp.runtime.db;
  const page = await resultPage(db, { ...everyOne('us'), applicants: ['Google Inc.'] }, { offset: 0, limit: 5, order: 'newest', applicantLimit: 10 });
  expect(page.total).toBe(of('us', 'google').length);
  expect(page.hits.every((hit) => of('us', 'google').includes(hit.id))).toBe(true);
  expect(page.hits.map((hit) => hit.publicationDate?.getTime() ?? 0)).toEqual([...page.hits.map((hit) => hit.publicationDate?.getTime() ?? 0)].sort((a, b) => b - a));
  expect(page.applicants.filter((row) => applicantKey(row.applicant) !== 'google').length).toBeGreaterThan(0);
  const long = await topApplicants(db, everyOne('us'), 100);
  for (const limit of [1, 3, 10, 25]) expect(await topApplicants(db, everyOne('us'), limit)).toEqual(long.slice(0, limit));
});

test('appname finds an applicant under every name, across scripts where the corpus links them', async () => {
  const run = async (text: string, region: 'us' | 'jp') => {
    const condition = await compileDetailQuery({ formulas: [{ id: 1, text, tag: 'appname' }], combination: '', ipcLimit: [] }, region);
    const { hits } = await searchPatents(testApp.runtime.db, { condition, region, excludeExpired: false, applicants: [] }, { offset: 0, limit: 500, order: 'relevance' });
    return new Set(hits.map((hit) => hit.id));
  };
  expect(await run('Google Inc', 'us')).toEqual(new Set(of('us', 'google')));
  const toshiba = new Set([...of('jp', '東芝'), ...of('jp', 'toshiba')]);
  expect(await run('toshiba', 'jp')).toEqual(toshiba);
  expect(await run('東芝株式会社', 'jp')).toEqual(toshiba);
});

test('the export writes each applicant of a publication once, by the name it goes by', async () => {
  const bilingual = records.find((r) => r.applicants.includes('Toshiba Corp') && r.applicants.includes('株式会社東芝'))!;
  const response = await request(testApp.app)
    .get(`/search/export.csv?${new URLSearchParams({ q: bilingual.id, region: 'jp' })}`)
    .set('Cookie', cookie)
    .expect(200);
  const rows = parse(response.text.replace(/^\uFEFF/, ''), { columns: false }) as string[][];
  const applicantColumn = rows[0]!.findIndex((heading) => /出願人/.test(heading));
  expect(rows[1]![applicantColumn]).toBe('株式会社東芝');
});

test('the map colours by applicant: every variant of one applicant is one name', async () => {
  const map = (await request(testApp.app).get(`/api/search/map?${new URLSearchParams({ q: 'google|network|data|system|device|method', region: 'us' })}`).set('Cookie', cookie).set('Accept', 'application/json').expect(200)).body as PatentMap;
  const googleNames = new Set(map.points.filter((point) => applicantKey(point.applicant) === 'google').map((point) => point.applicant));
  expect(googleNames.size).toBe(1);
});
