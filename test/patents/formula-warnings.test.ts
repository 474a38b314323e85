// Formula pitfalls explained before running (src/patents/query/warnings.ts), checked on real US
// records of the demo corpus: "lithium-ion" (a hyphen is NOT) and "battery AND electrode" (AND is
// a word) are valid formulas that find something other than what their writers mean; the
// rewrites offered find what they meant.
import { readFile } from 'node:fs/promises';
import { compileDetailQuery } from '../../src/patents/query/compile.ts';
import { parseFormula } from '../../src/patents/query/formula.ts';
import { formulaWarnings } from '../../src/patents/query/warnings.ts';
import { rankedDocumentIds } from '../../src/patents/search-repository.ts';
import { cutCorpus } from '../helpers/corpus.ts';
import { corpusDatabase } from '../helpers/corpus-database.ts';

let texts: Map<string, string>;
const store = corpusDatabase(
  async () => {
    const text = (r: Record<string, unknown>) => `${r.title} ${r.abstract} ${((r.claims as string[] | null) ?? []).join(" ")} ${r.description}`.toLowerCase();
    // Every US record with lithium, or with both battery and electrode, and some with only one of them.
    let onlyOne = 0;
    const file = await cutCorpus('data/demo-corpus/demo.jsonl.gz', 80, (r) => {
      if (r.region !== 'us') return false;
      const t = text(r);
      if (t.includes('lithium') || (t.includes('battery') && t.includes('electrode'))) return true;
      return /battery|electrode/.test(t) && onlyOne++ < 20;
    });
    const records = (await readFile(file, 'utf8')).trim().split('\n').map((line) => JSON.parse(line));
    texts = new Map(records.map((r) => [r.id, text(r)]));
    return [file];
  },
  { timeout: 120_000 },
);

const run = async (formula: string) => {
  const condition = await compileDetailQuery({ formulas: [{ id: 1, text: formula, tag: 'abst_claim_desc_title' }], combination: '', ipcLimit: [] }, 'us');
  return new Set(await rankedDocumentIds(store.db, { condition, region: 'us', excludeExpired: false, applicants: [] }, 1000));
};

test('lithium-ion: valid, warned, and the offered phrase finds the lithium-ion documents the formula as typed leaves out', async () => {
  expect(parseFormula('lithium-ion', 'abst_claim_desc_title', 'us').ok).toBe(true);
  const [warning] = formulaWarnings('lithium-ion', 'abst_claim_desc_title');
  expect(warning).toEqual({ kind: 'hyphenIsNot', found: 'lithium-ion', suggestions: ['"lithium ion"', 'lithium,1N,ion'] });
  const asTyped = await run('lithium-ion');
  const meant = await run(warning!.suggestions[0]!);
  const withHyphen = [...texts].filter(([, text]) => text.includes('lithium-ion')).map(([id]) => id);
  expect(withHyphen.length).toBeGreaterThan(0);
  for (const id of withHyphen) {
    expect(meant.has(id)).toBe(true);
    expect(asTyped.has(id)).toBe(false);
  }
  expect(await run(warning!.suggestions[1]!)).toEqual(expect.objectContaining({ size: expect.any(Number) }));
  for (const id of await run(warning!.suggestions[1]!)) expect(texts.get(id)).toMatch(/lithium/);
});

test('battery AND electrode: valid, warned, and battery*electrode finds every document with both words', async () => {
  expect(parseFormula('battery AND electrode', 'abst_claim_desc_title', 'us').ok).toBe(true);
  const [warning] = formulaWarnings('battery AND electrode', 'abst_claim_desc_title');
  expect(warning).toEqual({ kind: 'wordOperator', found: 'AND', suggestions: ['battery*electrode'] });
  const asTyped = await run('battery AND electrode');
  const meant = await run('battery*electrode');
  // Whole words ("electrodermal" is not an electrode).
  const both = [...texts].filter(([, text]) => /\bbatter(y|ies)\b/.test(text) && /\belectrodes?\b/.test(text)).map(([id]) => id);
  expect(both.length).toBeGreaterThan(5);
  expect(both.filter((id) => !meant.has(id))).toEqual([]);
  for (const id of meant) expect(texts.get(id)).toMatch(/batter[\s\S]*electrod|electrod[\s\S]*batter/);
  // As typed it is the phrase "battery electrode": a few of them at most.
  expect(asTyped.size).toBeLessThan(meant.size);
  for (const id of asTyped) expect(meant.has(id)).toBe(true);
});

test.each([
  ['"lithium-ion"', 'quoted: meant as written'],
  ['battery - electrode', 'a spaced minus is meant as NOT'],
  ['電池-燃料', "J-PlatPat's NOT between Japanese words"],
  ['battery*electrode', 'operators already'],
  ['H01M-H01L', 'not a text tag'],
])('no warning for %s (%s)', (text) => {
  expect(formulaWarnings(text, text.startsWith('H01') ? 'ipc' : 'abst_claim_desc_title')).toEqual([]);
});

test('every rewrite offered is itself a valid formula', () => {
  for (const text of ['lithium-ion battery', '(lithium-ion+nickel)*battery', 'neural network AND learning NOT deep', 'A-B-C', 'battery AND electrode OR anode']) {
    for (const warning of formulaWarnings(text, 'claim')) for (const suggestion of warning.suggestions) expect(parseFormula(suggestion, 'claim', 'us').ok).toBe(true);
  }
});
