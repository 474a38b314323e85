// A detailed search of some fields only shows each hit from those fields: a claims-only formula
// (電池/CL, or a row whose tag is the claims) the claim that names the word, with its number; a
// description-only one (/DE, the description tag) the description's paragraph, not the abstract
// that names the word too. Which documents match is the formula's business, not the snippet's.
import request from 'supertest';
import { indexPatent } from '../../src/patents/indexing.ts';
import { ingestFiles } from '../../src/patents/ingest/ingest.ts';
import { emptyDetailSearchInput } from '../../src/detail-search/input.ts';
import type { FormulaTag } from '../../src/patents/query/formula.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { cutCorpus } from '../helpers/corpus.ts';
import { detailSearcher, finishedDetailSearch, type DetailSearcher } from '../helpers/detail-search.ts';

let testApp: TestApp;
let japanese: DetailSearcher;
let english: DetailSearcher;

beforeAll(async () => {
  testApp = await startTestApp({ ROLE: 'all' });
  // JP2013031232A (充電装置): its abstract, claims and description all name ２次電池.
  const file = await cutCorpus('data/demo-corpus/demo.jsonl.gz', 1, (record) => record.id === 'JP2013031232A');
  await ingestFiles(testApp.runtime.db, [file], { index: indexPatent });
  japanese = await detailSearcher(testApp, 'lang_ja');
  english = await detailSearcher(testApp, 'lang_en');
}, 120_000);
afterAll(() => testApp.close());

/** Runs a one-row search and returns the snippet paragraph of JP2013031232A on its result page. */
async function snippetFor(text: string, tag: FormulaTag, who = japanese): Promise<string> {
  const input = emptyDetailSearchInput('jp');
  input.modes[0] = { formulas: [{ id: 1, text, tag, valid: true }], combination: '' };
  const id = await finishedDetailSearch(testApp, who, input);
  const html = (await request(testApp.app).get(`/detail-search/result?id=${id}&type=detail`).set('Cookie', who.cookie).expect(200)).text;
  const at = html.indexOf('data-id="JP2013031232A"');
  expect(at).toBeGreaterThanOrEqual(0);
  return /<p class="search-list__snippet">([\s\S]*?)<\/p>/.exec(html.slice(at))![1]!;
}

test('a claims-only search shows the claim that names the word, with its number, not the abstract', async () => {
  for (const [text, tag] of [['電池/CL', 'abst_claim_desc_title'], ['電池', 'claim']] as const) {
    const snippet = await snippetFor(text, tag);
    expect(snippet).toContain('<span class="search-list__snippet-source">請求項1</span>');
    // Claim 1 opens ２次電池の使用履歴から…; the abstract opens 【課題】２次電池の保存劣化を…
    expect(snippet).toContain('<mark>電池</mark>の使用履歴から');
    expect(snippet).not.toContain('【課題】');
  }
  const inEnglish = await snippetFor('電池/CL', 'abst_claim_desc_title', english);
  expect(inEnglish).toContain('<span class="search-list__snippet-source">Claim 1</span>');
});

test('a description-only search shows the description paragraph that names the word, labelled with its number', async () => {
  for (const [text, tag] of [['電池/DE', 'abst_claim_desc_title'], ['電池', 'desc']] as const) {
    const snippet = await snippetFor(text, tag);
    expect(snippet).toMatch(/<span class="search-list__snippet-source">明細書【[０-９]{4}】<\/span>/);
    expect(snippet).toContain('<mark>電池</mark>');
    expect(snippet).not.toContain('【課題】');
    expect(snippet).not.toContain('請求項');
  }
  const inEnglish = await snippetFor('電池/DE', 'abst_claim_desc_title', english);
  expect(inEnglish).toMatch(/<span class="search-list__snippet-source">Description ¶\d+<\/span>/);
});

test('a search of the abstract, or of every field, keeps the abstract snippet', async () => {
  for (const [text, tag] of [['電池', 'abst_claim_desc_title'], ['電池/AB', 'abst_claim_desc_title'], ['電池', 'abst_claim']] as const) {
    const snippet = await snippetFor(text, tag);
    expect(snippet).toContain('【課題】２次<mark>電池</mark>');
    expect(snippet).not.toContain('search-list__snippet-source');
  }
});

