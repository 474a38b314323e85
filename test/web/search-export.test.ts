// Export of the simple-search list as CSV and XLSX, read back with spreadsheet readers.
import { parse } from 'csv-parse/sync';
import { readSheet } from 'read-excel-file/node';
import request from 'supertest';
import { indexPatent } from '../../src/patents/indexing.ts';
import { ingestFiles } from '../../src/patents/ingest/ingest.ts';
import { createAccount, sessionCookieFor, startTestApp, type TestApp } from '../helpers/app.ts';
import { binary } from '../helpers/binary.ts';

let testApp: TestApp;
let cookie: string;
let englishCookie: string;
beforeAll(async () => {
  testApp = await startTestApp();
  await ingestFiles(testApp.runtime.db, ['test/fixtures/patents/corpus-sample.jsonl'], { index: indexPatent });
  cookie = await sessionCookieFor(testApp, { userId: (await createAccount(testApp)).id });
  englishCookie = await sessionCookieFor(testApp, { userId: (await createAccount(testApp, { languageCD: 'lang_en' })).id });
});
afterAll(() => testApp.close());

// The account's language setting decides the headings.
const download = (format: 'csv' | 'xlsx', query: string, lang = 'ja') =>
  request(testApp.app).get(`/search/export.${format}?${query}`).set('Cookie', lang === 'en' ? englishCookie : cookie).buffer(true).parse(binary);
const listIds = async (query: string): Promise<string[]> =>
  [...(await request(testApp.app).get(`/search?${query}`).set('Cookie', cookie)).text.matchAll(/class="search-list__number" data-id="([^"]+)"/g)].map((m) => m[1]!);
const csvRows = (body: Buffer): string[][] => parse(body.toString('utf8'), { bom: true });

test('the CSV holds the list in the same order, with rank, match rate, number, applicant and title, headed in the reader’s language', async () => {
  const query = 'q=wheel&region=us';
  const res = await download('csv', query).expect(200);
  expect(res.headers['content-type']).toMatch(/^text\/csv/);
  expect(res.headers['content-disposition']).toMatch(/^attachment; filename="?hatsumei-search-us-\d{8}\.csv"?$/);
  expect((res.body as Buffer).subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
  const [header, ...rows] = csvRows(res.body);
  expect(header).toEqual(['順位', '一致率', '文献番号', '出願人', '発明の名称', '出願日', '公開・発行日', 'IPC', '種別', '文献詳細']);
  const ids = await listIds(query);
  expect(rows.length).toBe(ids.length);
  expect(rows.map((row) => row[0])).toEqual(ids.map((_, i) => String(i + 1)));
  // The numbers as offices print them, for the same documents as the list.
  const stored = await testApp.runtime.db('patents').whereIn('id', ids).select('id', 'title', 'applicants');
  const byId = new Map(stored.map((row) => [row.id as string, row]));
  rows.forEach((row, i) => {
    const document = byId.get(ids[i]!)!;
    expect(row[2]!.replace(/[ ,]/g, '')).toBe(ids[i]);
    expect(row[4]).toBe(document.title ?? '');
    expect(row[3]).toBe((document.applicants as string[]).join('; '));
    expect(row[9]).toMatch(new RegExp(`/document-details\\?docIds=${ids[i]}$`));
  });
  const rates = rows.map((row) => Number(row[1]));
  expect(rates[0]).toBe(100);
  expect([...rates].sort((a, b) => b - a)).toEqual(rates);
  expect(rates.every((rate) => rate > 0 && rate <= 100)).toBe(true);

  const english = csvRows((await download('csv', query, 'en').expect(200)).body);
  expect(english[0]!.slice(0, 5)).toEqual(['Rank', 'Match rate', 'Document number', 'Applicant', 'Title']);
});

test('the XLSX opens in a spreadsheet reader with the same rows, real dates and percentages', async () => {
  const query = 'q=wheel&region=us';
  const csv = csvRows((await download('csv', query).expect(200)).body);
  const res = await download('xlsx', query, 'ja').expect(200);
  expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
  const sheet = await readSheet(res.body as Buffer);
  expect(sheet[0]).toEqual(csv[0]);
  expect(sheet.length).toBe(csv.length);
  sheet.slice(1).forEach((row, i) => {
    const line = csv[i + 1]!;
    expect(row[0]).toBe(Number(line[0]));
    expect(Math.round((row[1] as number) * 1000) / 10).toBe(Number(line[1]));
    expect([row[2], row[3] ?? '', row[4] ?? '']).toEqual([line[2], line[3], line[4]]);
    if (line[5]) {
      expect(row[5]).toBeInstanceOf(Date);
      expect((row[5] as unknown as Date).toISOString().slice(0, 10)).toBe(line[5]);
    }
  });
});

test('the export follows the list order chosen (newest first) and its filters', async () => {
  const newest = csvRows((await download('csv', 'q=wheel&region=us&sort=newest').expect(200)).body).slice(1);
  const dates = newest.map((row) => row[6]).filter(Boolean);
  expect([...dates].sort().reverse()).toEqual(dates);
  const applicant = newest.find((row) => row[3])![3]!.split('; ')[0]!;
  const narrowed = csvRows((await download('csv', `q=wheel&region=us&applicant=${encodeURIComponent(applicant)}`).expect(200)).body).slice(1);
  expect(narrowed.length).toBeGreaterThan(0);
  expect(narrowed.length).toBeLessThanOrEqual(newest.length);
  expect(narrowed.every((row) => row[3]!.split('; ').includes(applicant))).toBe(true);
});

test('a search without hits exports the header only; bad input and anonymous visitors get no file', async () => {
  const empty = csvRows((await download('csv', 'q=zzzxqv&region=us').expect(200)).body);
  expect(empty).toHaveLength(1);
  const bad = await request(testApp.app).get('/search/export.csv?q=').set('Cookie', cookie).expect(400);
  expect(bad.text).toContain('キーワードを入力してください。');
  const anonymous = await request(testApp.app).get('/search/export.xlsx?q=wheel&region=us').expect(302);
  expect(anonymous.headers.location).toBe('/login');
});
