// Phrases and proximity deep in a long description (description-segments.ts): a tsvector places
// tokens up to position 16,383 only, so what a long gazette writes past that was no phrase or
// proximity hit. JP2011171723A (104,122 characters of description, ~64,000 tokens) writes
// 「従来の技術」 only at character 90,959, and "tetramethylammonium hydroxide" near token 30,300.
import { mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { analyzeField, normalizeText } from '../../src/patents/analysis/index.ts';
import { descriptionWindows, MAX_POSITION, OVERLAP, segmentsStart, WINDOW } from '../../src/patents/description-segments.ts';
import { indexPatent } from '../../src/patents/indexing.ts';
import { ingestFiles } from '../../src/patents/ingest/ingest.ts';
import type { PatentRecord } from '../../src/patents/record.ts';
import { createAccount, sessionCookieFor, startTestApp, type TestApp } from '../helpers/app.ts';
import { corpusRecords, corpusTests } from '../helpers/corpus.ts';
import { hitsOf } from './formula-corpus.ts';

const LONG = 'JP2011171723A';
const { file: CORPUS, describe: corpusDescribe } = corpusTests('jp-fulltext.jsonl.gz');

test('windows overlap by the longest match a formula can ask for, and start where tsv_all stops placing the description', () => {
  const tokens = Array.from({ length: 40_000 }, (_, i) => `t${i}`);
  const windows = descriptionWindows(tokens, 1000);
  const start = segmentsStart(tokens.length, 1000)!;
  expect(start).toBe(MAX_POSITION - 1 - 1000 - OVERLAP);
  expect(windows[0]![0]).toBe(`t${start}`);
  for (const window of windows) expect(window.length).toBeLessThanOrEqual(WINDOW);
  for (let k = 1; k < windows.length; k++) expect(windows[k]![0]).toBe(windows[k - 1]![WINDOW - OVERLAP]);
  expect(windows.at(-1)!.at(-1)).toBe('t39999');
  // A description tsv_all holds whole has none.
  expect(descriptionWindows(tokens.slice(0, 5000), 1000)).toEqual([]);
});

corpusDescribe('a long gazette', () => {
  let testApp: TestApp;
  let cookie: string;
  let record: PatentRecord;
  let tokens: string[];
  let directory: string;
  const ingest = async (records: PatentRecord[], name: string) => {
    const file = path.join(directory, name);
    await writeFile(file, `${records.map((r) => JSON.stringify(r)).join('\n')}\n`);
    // The binary tsvector form, as the ingest threads write it.
    return ingestFiles(testApp.runtime.db, [file], { index: (r) => indexPatent(r, 'binary') });
  };
  const description = (rows: Array<{ text: string; tag?: 'desc' | 'abst_claim_desc_title' }>, combination = '') =>
    hitsOf(testApp.runtime.db, 'jp', rows.map((row) => ({ text: row.text, tag: row.tag ?? 'desc' })), combination);
  const segmentCount = async () => Number((await testApp.runtime.db('patent_description_segments').where('patent_id', LONG).count({ n: '*' }))[0]!.n);

  beforeAll(async () => {
    record = (await corpusRecords<PatentRecord>(CORPUS, [LONG])).get(LONG)!;
    tokens = await analyzeField(record.description, 'jp');
    directory = await mkdtemp(path.join(os.tmpdir(), 'hatsumei-segments-'));
    testApp = await startTestApp();
    expect((await ingest([record], 'long.jsonl')).bad).toEqual([]);
    cookie = await sessionCookieFor(testApp, { userId: (await createAccount(testApp)).id });
  }, 180_000);
  afterAll(() => testApp?.close());

  const simple = async (q: string, exclude = '') => {
    const html = (await request(testApp.app).get(`/search?q=${encodeURIComponent(q)}&exclude=${encodeURIComponent(exclude)}&region=jp`).set('Cookie', cookie).expect(200)).text;
    return [...html.matchAll(/class="search-list__number" data-id="([^"]+)"/g)].map((m) => m[1]!);
  };

  test('the simple search for 従来技術 finds it by 「従来の技術」, written only deep in its description', async () => {
    const text = normalizeText(JSON.stringify(record));
    expect(text.includes('従来技術')).toBe(false);
    expect(record.description!.indexOf('従来の技術')).toBeGreaterThan(90_000);
    expect(await simple('従来技術')).toEqual([LONG]);
    // An excluded word's phrase deep in the description excludes it too.
    expect(await simple('半導体', '従来技術')).toEqual([]);
    expect(await simple('半導体')).toEqual([LONG]);
  });

  test('a detailed-search phrase and proximity past position 16,383 of the description are hits', async () => {
    expect(tokens.indexOf('tetramethylammonium')).toBeGreaterThan(MAX_POSITION);
    expect(tokens[tokens.indexOf('tetramethylammonium') + 1]).toBe('hydroxid');
    expect(await description([{ text: '"tetramethylammonium hydroxide"' }])).toEqual(new Set([LONG]));
    expect(await description([{ text: '"tetramethylammonium hydroxide"', tag: 'abst_claim_desc_title' }])).toEqual(new Set([LONG]));
    expect(tokens.indexOf('水酸化')).toBeGreaterThan(MAX_POSITION);
    expect(tokens.indexOf('テトラメチルアンモニウム')).toBeGreaterThan(MAX_POSITION);
    expect(await description([{ text: '水酸化,1C,テトラメチルアンモニウム' }])).toEqual(new Set([LONG]));
    expect(await description([{ text: 'テトラメチルアンモニウム,1N,水酸化' }])).toEqual(new Set([LONG]));
  });

  test('a phrase deep in the description and a word elsewhere, both required, are evaluated each on its own', async () => {
    // The word (in the head) is no part of the segment holding the phrase.
    expect(await description([{ text: '"tetramethylammonium hydroxide"' }, { text: '半導体' }], '1*2')).toEqual(new Set([LONG]));
    expect(await description([{ text: '"tetramethylammonium hydroxide"' }, { text: '半導体' }], '1-2')).toEqual(new Set());
    expect(await description([{ text: '半導体' }, { text: '"tetramethylammonium hydroxide"' }], '1-2')).toEqual(new Set());
  });

  test('words past the cap but far apart are no proximity hit', async () => {
    const [a, b] = [tokens.indexOf('テトラメチルアンモニウム'), tokens.indexOf('ニオブ')];
    expect(b - a).toBeGreaterThan(99);
    expect(await description([{ text: 'ニオブ' }])).toEqual(new Set([LONG]));
    expect(await description([{ text: 'テトラメチルアンモニウム,99C,ニオブ' }])).toEqual(new Set());
    expect(await description([{ text: 'テトラメチルアンモニウム,99N,ニオブ' }])).toEqual(new Set());
  });

  test('a proximity spanning the end of a segment is found in the next one', async () => {
    const before = (await analyzeField(record.title, 'jp')).length + (await analyzeField(record.abstract, 'jp')).length + (await analyzeField((record.claims ?? []).join('\n'), 'jp')).length;
    const end = segmentsStart(tokens.length, before)! + WINDOW;
    // Words a formula term reads as themselves, one each side of the segment's end, that the description
    // writes within that distance nowhere else: the proximity can only be found across the end.
    const word = async (at: number) =>
      /^[\p{Script=Han}\p{Script=Katakana}]{2,}$/u.test(tokens[at]!) && (await analyzeField(tokens[at]!, 'jp', { bigrams: false })).join(' ') === tokens[at];
    const elsewhere = (left: number, right: number) =>
      tokens.some((token, i) => token === tokens[left] && i !== left && tokens.slice(i + 1, i + 1 + right - left).includes(tokens[right]!)) ||
      tokens.slice(left + 1, right).includes(tokens[right]!);
    let pair: [number, number] | undefined;
    for (let left = end - 1; !pair && left > end - 50; left--) {
      if (!(await word(left))) continue;
      for (let right = end; right < left + 99; right++) {
        if ((await word(right)) && !elsewhere(left, right)) {
          pair = [left, right];
          break;
        }
      }
    }
    expect(pair).toBeDefined();
    const [left, right] = pair!;
    expect(await description([{ text: `${tokens[left]},${right - left}C,${tokens[right]}` }])).toEqual(new Set([LONG]));
    expect(await description([{ text: `${tokens[left]},${right - left - 1}C,${tokens[right]}` }])).toEqual(new Set());
  });

  test('an updated record has its segments replaced; an unchanged one writes nothing', async () => {
    const segments = await segmentCount();
    expect(segments).toBeGreaterThan(1);
    expect((await ingest([record], 'same.jsonl')).unchanged).toBe(1);
    expect(await segmentCount()).toBe(segments);
    // The same gazette with its description cut before tetramethylammonium.
    const cut = { ...record, description: record.description!.slice(0, record.description!.indexOf('テトラメチルアンモニウム')) };
    expect((await ingest([cut], 'cut.jsonl')).updated).toBe(1);
    expect(await segmentCount()).toBeLessThan(segments);
    expect(await description([{ text: '"tetramethylammonium hydroxide"' }])).toEqual(new Set());
    expect(await description([{ text: '水酸化,1C,テトラメチルアンモニウム' }])).toEqual(new Set());
    expect(await simple('従来技術')).toEqual([]);
  });
});
