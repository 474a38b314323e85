// A hit found only by its description shows the description's passage where the searched words
// are, labelled with its paragraph (明細書【０００２】 / Description ¶2), not its abstract's opening.
import { readFile, writeFile } from 'node:fs/promises';
import request from 'supertest';
import { indexPatent } from '../../src/patents/indexing.ts';
import { ingestFiles } from '../../src/patents/ingest/ingest.ts';
import { createAccount, sessionCookieFor, startTestApp, type TestApp } from '../helpers/app.ts';
import { cutCorpus } from '../helpers/corpus.ts';

let testApp: TestApp;
let cookie: string;
/** An account whose language is English (the account's language decides the page's). */
let englishCookie: string;
let gazetteFile: string;
beforeAll(async () => {
  testApp = await startTestApp();
  // JP2010000001A (バリカン式刈刃装置) names 剪枝機 only in its description: 【０００２】 and 【００２６】.
  // US11147202B2 (turf aerating hand truck) names economic waste only in its description's background (no paragraph numbers).
  gazetteFile = await cutCorpus('data/demo-corpus/demo.jsonl.gz', 1, (record) => record.id === 'JP2010000001A');
  const usFile = await cutCorpus('data/demo-corpus/demo.jsonl.gz', 1, (record) => record.id === 'US11147202B2');
  await ingestFiles(testApp.runtime.db, [gazetteFile, usFile], { index: indexPatent });
  cookie = await sessionCookieFor(testApp, { userId: (await createAccount(testApp)).id });
  englishCookie = await sessionCookieFor(testApp, { userId: (await createAccount(testApp, { languageCD: 'lang_en' })).id });
});
afterAll(() => testApp.close());

const search = (query: Record<string, string>, lang: 'ja' | 'en' = 'ja') =>
  request(testApp.app).get(`/search?${new URLSearchParams(query)}`).set('Cookie', lang === 'en' ? englishCookie : cookie);

/** The snippet paragraph of a hit in a result page. */
function snippetOf(html: string, id: string): string {
  const at = html.indexOf(`data-id="${id}"`);
  expect(at).toBeGreaterThanOrEqual(0);
  return /<p class="search-list__snippet">([\s\S]*?)<\/p>/.exec(html.slice(at))![1]!;
}

test('a Japanese gazette found by a word only its description has shows that paragraph, labelled with its number', async () => {
  const snippet = snippetOf((await search({ q: '剪枝機', region: 'jp' }).expect(200)).text, 'JP2010000001A');
  expect(snippet).toContain('<span class="search-list__snippet-source">明細書【０００２】</span>');
  // 【０００２】 begins 従来から、草刈機や剪枝機に用いられるバリカン式刈刃装置として…
  expect(snippet).toContain('従来から、草刈機や<mark>剪枝機</mark>に用いられる');
  // Not the abstract's opening, and not the paragraph marker itself inside the text.
  expect(snippet).not.toContain('【課題】');
  expect(snippet.replace(/<span[^>]*>.*?<\/span>/, '')).not.toContain('【０００２】');

  const english = snippetOf((await search({ q: '剪枝機', region: 'jp' }, 'en').expect(200)).text, 'JP2010000001A');
  expect(english).toContain('<span class="search-list__snippet-source">Description ¶2</span>');
  expect(english).toContain('<mark>剪枝機</mark>');
});

test('a US patent found by words only its description has shows where they meet, labelled as the description', async () => {
  const english = snippetOf((await search({ q: 'economic waste', region: 'us' }, 'en').expect(200)).text, 'US11147202B2');
  expect(english).toContain('<span class="search-list__snippet-source">Description</span>');
  expect(english).toContain('which produce <mark>economic</mark> <mark>waste</mark>, and excess complexity');
  const japanese = snippetOf((await search({ q: 'economic waste', region: 'us' }).expect(200)).text, 'US11147202B2');
  expect(japanese).toContain('<span class="search-list__snippet-source">明細書</span>');
  expect(japanese).toContain('<mark>economic</mark> <mark>waste</mark>');
});

test('a hit whose abstract names the word keeps its abstract snippet without a source label', async () => {
  // JP2010000001A's abstract names バリカン (バリカン式刈刃装置１は…).
  const snippet = snippetOf((await search({ q: 'バリカン', region: 'jp' }).expect(200)).text, 'JP2010000001A');
  expect(snippet).toContain('<mark>バリカン</mark>');
  expect(snippet).not.toContain('search-list__snippet-source');
});

test('after an ingest changes the description, the page shows the changed passage', async () => {
  const before = snippetOf((await search({ q: '剪枝機', region: 'jp' }).expect(200)).text, 'JP2010000001A');
  expect(before).toContain('明細書【０００２】');
  // The same gazette with 【０００２】's 草刈機や剪枝機 cut (as a corrected text would differ): 剪枝機 is then only in 【００２６】.
  const record = JSON.parse((await readFile(gazetteFile, 'utf8')).trim()) as { description: string };
  expect(record.description).toContain('従来から、草刈機や剪枝機に用いられる');
  record.description = record.description.replace('従来から、草刈機や剪枝機に用いられる', '従来から用いられる');
  const changed = `${gazetteFile}.changed.jsonl`;
  await writeFile(changed, `${JSON.stringify(record)}\n`);
  await ingestFiles(testApp.runtime.db, [changed], { index: indexPatent });
  const after = snippetOf((await search({ q: '剪枝機', region: 'jp' }).expect(200)).text, 'JP2010000001A');
  expect(after).toContain('<span class="search-list__snippet-source">明細書【００２６】</span>');
  expect(after).toContain('草刈機や<mark>剪枝機</mark>等の主要部');
});

test('a page shown again reads no claims or description again', async () => {
  await search({ q: 'economic waste', region: 'us' }).expect(200);
  const statements: string[] = [];
  const listen = (query: { sql: string }) => statements.push(query.sql);
  testApp.runtime.db.on('query', listen);
  try {
    const snippet = snippetOf((await search({ q: 'economic waste', region: 'us' }).expect(200)).text, 'US11147202B2');
    expect(snippet).toContain('<mark>economic</mark> <mark>waste</mark>');
  } finally {
    testApp.runtime.db.off('query', listen);
  }
  expect(statements.some((sql) => /"patents"/.test(sql))).toBe(false);
});
