// A numerical limitation (数値限定) is disclosed only by a passage stating a quantity of its kind that meets it
// (evidence.ts LIMIT_RULE, numeric-limits.ts), as the JPO's guidelines read a claimed range: a value inside it or
// an overlapping range. JP2018044166A's 【0045】 gives its inorganic filler a mean particle size of 2–25 μm; a
// claimed 0.1–1 μm filler shares every word of that paragraph and was disclosed by it. US8421353B2 makes its
// metal layers of foil "about 1 to 3 mm" thick. Weights are hand-set (alike per word): the rule, not idf, is tested.
import path from 'node:path';
import type { PatentRecord } from '../../src/patents/record.ts';
import { analyzeField } from '../../src/patents/analysis/index.ts';
import { createI18n } from '../../src/platform/i18n.ts';
import { cutElements } from '../../src/priorart/elements.ts';
import { evidenceOf, type ElementTerms } from '../../src/priorart/evidence.ts';
import { limitWording } from '../../src/priorart/export.ts';
import { limitLine } from '../../src/priorart/limit-line.ts';
import { limitsWithParameters, quantitiesOf } from '../../src/priorart/numeric-limits.ts';
import { corpusRecords, corpusTests } from '../helpers/corpus.ts';

const { dir: CORPUS, test: jpTest } = corpusTests('jp-fulltext.jsonl.gz');
const { test: usTest } = corpusTests('us.jsonl.gz');

const element = (elementId: number, text: string, words: string[]): ElementTerms => ({
  elementId,
  terms: words.map((term) => ({ term, weight: 3 })),
  total: 3 * words.length,
  words,
  keys: { words: words.slice(0, 2), terms: words.slice(0, 2) },
  untranslated: [],
  limits: limitsWithParameters(text, words),
});

describe('quantities as claims and descriptions write them', () => {
  test.each([
    ['前記無機酸化物粒子の平均粒径は０．１～３μｍである', 'length', 1e-7, 3e-6],
    ['１質量％以上１０質量％以下', 'percent-mass', 1, 10],
    ['１０ｎｍ以上、５０ｎｍ以下の厚さ', 'length', 1e-8, 5e-8],
    ['２μｍ以上', 'length', 2e-6, null],
    ['a thickness of 10 to 50 nm', 'length', 1e-8, 5e-8],
    ['at least 200° C', 'temperature', 200, null],
    ['5% or less', 'percent', null, 5],
    ['from 0.5 wt% to 3 wt%', 'percent-mass', 0.5, 3],
    ['３０質量部〜５０質量部', 'parts', 30, 50],
    ['（１）３≦ｄ５０≦１２０（ｎｍ）', 'length', 3e-9, 1.2e-7],
    ['0.3～0.5质量份的抗氧化剂', 'parts', 0.3, 0.5],
    ['粒径为10至50纳米', 'length', 1e-8, 5e-8],
    ['温度不低于200℃', 'temperature', 200, null],
  ])('%s', (text, family, low, high) => {
    const [quantity] = quantitiesOf(text);
    expect(quantity!.family).toBe(family);
    for (const [got, want] of [[quantity!.low, low], [quantity!.high, high]] as const) {
      if (want === null) expect(got).toBeNull();
      else expect(got).toBeCloseTo(want as number, 12);
    }
  });

  test('numbers without a unit are no limitation: claim numbers, ordinals, a lens condition', () => {
    for (const text of ['請求項１から３のいずれか', '第１レンズ群', '－０．３２＜ｆ３／ｆ＜－０．０５なる条件式', 'at least two layers']) expect(quantitiesOf(text)).toEqual([]);
  });
});

jpTest('a filler of 10–50 nm is partly disclosed by a passage of 2–25 μm fillers; one of 10–30 μm is disclosed', async () => {
  const records = await corpusRecords<PatentRecord>(path.join(CORPUS, 'jp-fulltext.jsonl.gz'), ['JP2018044166A']);
  const document = records.get('JP2018044166A')!;
  const words = ['無機', 'フィラー', '平均', '粒径'];
  const [outside, overlapping] = await evidenceOf(
    document,
    [element(1, '無機フィラーの平均粒径が０．０１～０．０５μｍである', words), element(2, '無機フィラーの平均粒径が１０～３０μｍである', words)],
    'jp',
    'normal',
  );
  expect(outside!.verdict).toBe('partly');
  expect(outside!.limit).toEqual({ met: null });
  expect(overlapping!.verdict).toBe('disclosed');
  expect(overlapping!.passage!.text).toContain('平均粒径が２〜２５μｍ');
  // Shown as the passage writes it.
  expect(overlapping!.limit!.met).toEqual([{ text: '２〜２５μｍ', place: null }]);
});

usTest('a 5–10 mm metal layer is partly disclosed by "about 1 to 3 mm" foil; a 2 mm one is disclosed', async () => {
  const records = await corpusRecords<PatentRecord>(path.join(CORPUS, 'us.jsonl.gz'), ['US8421353B2']);
  const document = records.get('US8421353B2')!;
  const words = ['metal', 'layer', 'thick', 'foil'];
  const [thick, within] = await evidenceOf(
    document,
    [element(1, 'the metal layer is a foil having a thickness of 5 to 10 mm', words), element(2, 'the metal layer is a foil having a thickness of 2 mm', words)],
    'us',
    'normal',
  );
  expect(thick!.verdict).toBe('partly');
  expect(within!.verdict).toBe('disclosed');
  expect(within!.limit!.met).toEqual([{ text: 'about 1 to 3 mm', place: null }]);
});

usTest('a range stated of its parameter in another paragraph meets the limit: US7863256B2\'s degree of amidation', async () => {
  // Claim 1 administers "a hexadecyl amide derivative of hyaluronic acid having a degree of amidation between 0.1%
  // and 5%"; its description states the range once, of the HYADD derivatives in general ("different degrees of
  // amidation, ranging from 0.1 to 5%"), paragraphs away from the injection into the joint. As the known item of
  // bench/priorart-quality (claims hidden) it fell from A to D when the limit had to be met in the same passage.
  const records = await corpusRecords<PatentRecord>(path.join(CORPUS, 'us.jsonl.gz'), ['US7863256B2']);
  const record = records.get('US7863256B2')!;
  const text = cutElements(record.claims![0]!, true).find((part) => /amidation/.test(part.text))!.text;
  const words = [...new Set(await analyzeField(text, 'us'))];
  expect(limitsWithParameters(text, words)[0]!.parameter.sort()).toEqual(['amid', 'degre']);
  const [found] = await evidenceOf({ ...record, claims: null }, [element(1, text, words)], 'us', 'normal');
  expect(found!.verdict).toBe('disclosed');
  expect(found!.limit!.met).toEqual([{ text: '0.1 to 5%', place: expect.objectContaining({ kind: 'paragraph' }) }]);
  expect(found!.passage!.text).not.toContain('0.1 to 5%');
  // Another range of the same parameter is not met anywhere.
  const [other] = await evidenceOf({ ...record, claims: null }, [element(1, text.replace('between 0.1% and 5%', 'between 20% and 40%'), words)], 'us', 'normal');
  expect(other!.verdict).toBe('partly');
  expect(other!.limit).toEqual({ met: null });
});

jpTest("a range its passage states of another parameter does not meet the limit: JP2011233519A's fibres' 平均直径 for particles' 平均粒径", async () => {
  // Claim 1 of JP2011233519A (a separator) holds 無機酸化物 and 粒子 and a range in μm, 「有機繊維の平均直径が１～１５μｍ」: the
  // fibres' diameter, not the particles' size. The particles' size is their median 「３≦ｄ５０≦１２０（ｎｍ）」 (abstract), which
  // overlaps 0.1–3 μm: ｄ５０ is a form of 粒径 (numeric-limits.ts PARAMETER_NAMES).
  const records = await corpusRecords<PatentRecord>(path.join(CORPUS, 'jp-fulltext.jsonl.gz'), ['JP2011233519A']);
  const document = records.get('JP2011233519A')!;
  const text = '前記無機酸化物粒子の平均粒径は０．１～３μｍである';
  const words = ['無機', '酸化', '粒子', '平均', '粒径'];
  expect(limitsWithParameters(text, words)[0]!.parameter.sort()).toEqual(['平均', '粒径']);
  const [found] = await evidenceOf(document, [element(1, text, words)], 'jp', 'normal');
  expect(found!.limit!.met ?? []).not.toContainEqual(expect.objectContaining({ text: '１～１５μｍ' }));
  expect(found!.limit!.met).toEqual([{ text: '３≦ｄ５０≦１２０（ｎｍ）', place: { kind: 'abstract', number: null } }]);
});

describe('the line a chart cell and its exports give a numerical limitation', () => {
  test('says what meets it, where when not in the cell\'s passage, or that nothing does, in each language', async () => {
    const i18n = await createI18n();
    const [ja, en] = [limitWording(i18n.getFixedT('ja')), limitWording(i18n.getFixedT('en'))];
    const met = { met: [{ text: '２〜２５μｍ', place: null }, { text: '0.1 to 5%', place: { kind: 'paragraph' as const, number: '0014' } }] };
    expect(limitLine(met, ja)).toBe('数値限定を満たす記載：２〜２５μｍ、0.1 to 5%（【0014】）');
    expect(limitLine(met, en)).toBe('Claimed range met by: ２〜２５μｍ, 0.1 to 5% in [0014]');
    expect(limitLine({ met: null }, ja)).toBe('数値限定を満たす記載なし');
    expect(limitLine({ met: null }, en)).toBe('No value within the claimed range');
    expect(limitLine(undefined, ja)).toBeNull();
  });
});
