// Unitless conditional expressions (条件式) of optical claims as numerical limitations (numeric-conditions.ts, evidence.ts
// LIMIT_RULE): a condition is disclosed only by a document stating a value or range of the same expression (its symbols,
// or the quantities they name) in or overlapping the claimed range. Every lens gazette writes 条件式, 焦点距離 and 満足:
// JP2023060272A's 「－０．３２＜ｆ３／ｆ＜－０．０５」 was ○ in JP2012220873A, whose conditions are of ｆａ／ｆｂ, ｚ２／ｚ３ ….
import path from 'node:path';
import type { PatentRecord } from '../../src/patents/record.ts';
import { analyzeField } from '../../src/patents/analysis/index.ts';
import { cutElements } from '../../src/priorart/elements.ts';
import { evidenceOf, passagesOf, type ElementTerms } from '../../src/priorart/evidence.ts';
import { numberedConditions, tabledValues } from '../../src/priorart/numeric-conditions.ts';
import { conditionLimits, limitsMet, limitsWithParameters } from '../../src/priorart/numeric-limits.ts';
import { corpusRecords, corpusTests } from '../helpers/corpus.ts';

const { dir: CORPUS, test: jpTest } = corpusTests('jp-fulltext.jsonl.gz');
const records = () => corpusRecords<PatentRecord>(path.join(CORPUS, 'jp-fulltext.jsonl.gz'), ['JP2023060272A', 'JP2012220873A']);

/** The element of a claim that states `condition`, its terms alike in weight (the rule, not idf, is tested). */
async function conditionElement(record: PatentRecord, claim: number, condition: string, limits = true): Promise<ElementTerms> {
  const text = cutElements(record.claims![claim - 1]!, true).find((element) => element.text.includes(condition))!.text;
  const terms = [...new Set(await analyzeField(text, 'jp'))];
  const words = [...new Set(await analyzeField(text, 'jp', { bigrams: false }))];
  const all = [...limitsWithParameters(text, words), ...(limits ? conditionLimits(text) : [])];
  return { elementId: 1, terms: terms.map((term) => ({ term, weight: 3 })), total: 3 * terms.length, words, keys: { words: [], terms: [] }, untranslated: [], ...(all.length > 0 && { limits: all }) };
}

jpTest("JP2023060272A's ｆ３／ｆ condition is partly disclosed by JP2012220873A (other conditions), disclosed by its own description", async () => {
  const found = await records();
  const [claimed, other] = [found.get('JP2023060272A')!, found.get('JP2012220873A')!];
  const element = await conditionElement(claimed, 1, 'ｆ３／ｆ');
  expect(element.limits).toEqual([expect.objectContaining({ family: 'condition', expression: 'f3/f', low: -0.32, high: -0.05, named: '⟨第3レンズ群の焦点距離⟩/⟨無限遠合焦時の光学系の焦点距離⟩' })]);
  // Without the condition read, the words alone disclose it in a zoom lens gazette of other conditions.
  const [words] = await evidenceOf(other, [await conditionElement(claimed, 1, 'ｆ３／ｆ', false)], 'jp', 'normal');
  expect(words!.verdict).toBe('disclosed');
  const [elsewhere] = await evidenceOf(other, [element], 'jp', 'normal');
  expect(elsewhere!.verdict).toBe('partly');
  expect(elsewhere!.limit).toEqual({ met: null });
  const [own] = await evidenceOf({ ...claimed, claims: null }, [element], 'jp', 'normal');
  expect(own!.verdict).toBe('disclosed');
  expect(own!.limit!.met![0]!.text).toBe('－０．３２＜ｆ３／ｆ＜－０．０５');
});

jpTest('a condition written with other symbols meets a claim whose symbols name the same quantities (JP2012220873A claim 3, 但し)', async () => {
  const claimed = (await records()).get('JP2012220873A')!;
  const [limit] = conditionLimits(cutElements(claimed.claims![2]!, true).find((element) => element.text.includes('ｆａ／ｆｂ'))!.text);
  expect(limit).toMatchObject({ expression: 'fa/fb', low: -1.2, high: -0.8 });
  const passage = (text: string) => [{ kind: 'paragraph' as const, number: '0010', text }];
  const renamed = '第２レンズ群Ｌ２中のプラスチック正レンズの焦点距離をＦＰ、第３レンズ群Ｌ３中のプラスチック負メニスカスレンズの焦点距離をＦＮとするとき、−１．０＜ＦＰ／ＦＮ＜−０．９を満足する。';
  expect(limitsMet(passage(renamed)).metAt(limit!, 0)).toEqual({ text: '−１．０＜ＦＰ／ＦＮ＜−０．９', place: null });
  expect(limitsMet(passage(renamed.replace('−１．０＜ＦＰ／ＦＮ＜−０．９', '−０．５＜ＦＰ／ＦＮ＜−０．２'))).metAt(limit!, 0)).toBeNull();
  // The same symbols naming other quantities' ratio, in range, meet it too (same expression); another ratio does not.
  expect(limitsMet(passage('条件式 ｆａ／ｆｂ＝－１．１０')).metAt(limit!, 0)).not.toBeNull();
  expect(limitsMet(passage('条件式 －１．１＜ｆ１／ｆ２＜－０．９')).metAt(limit!, 0)).toBeNull();
});

jpTest("JP2012220873A's table of each example's values by condition number (【表１７】) states values of its conditions", async () => {
  const document = (await records()).get('JP2012220873A')!;
  const texts = passagesOf({ ...document, claims: null }).map((passage) => passage.text);
  const numbered = numberedConditions(texts);
  expect(numbered.get('1')).toBe('fa/fb');
  const values = texts.flatMap((text) => tabledValues(text, numbered));
  expect(values.filter((value) => value.expression === 'fa/fb').map((value) => value.low)).toEqual([-0.965, -1.02, -0.962, -0.995]);
});

test('the indices of a chemical formula and a bound that is an expression are no conditions read', () => {
  expect(conditionLimits('０＜ｘ＜１である')).toEqual([]);
  expect(conditionLimits('Ａが炭素原子であるときｎ＋ｍ＝３かつｎ＝１〜３の整数')).toEqual([]);
  expect(conditionLimits('前記多孔高分子シートの平均孔径をＤ１、前記炭素粒子の最大径の平均値をＤ２としたとき、Ｄ１≧Ｄ２×２である')).toEqual([]);
  // US7315423B2 claim 1 writes its conditions one after another, the definitions after them.
  const us = conditionLimits('the following conditions are satisfied: −0.45<f2/Tf<−0.3 0.8<f4/Tf<1.3 where f2 is the focal length of the second lens group');
  expect(us.map(({ expression, low, high }) => [expression, low, high])).toEqual([['f2/Tf', -0.45, -0.3], ['f4/Tf', 0.8, 1.3]]);
  // JP2014222336A claim 7: the upper bound is a function of νｄ２ｐ; the lower bound is read alone.
  const refractive = conditionLimits('前記第２レンズ群に含まれる樹脂レンズの、ｄ線に対する屈折率をＮｄ２ｐ、アッベ数をνｄ２ｐとしたとき、１．４５＜Ｎｄ２ｐ＜２．５９×１０−４×νｄ２ｐ２−２．６４×１０−２×νｄ２ｐ＋２．２１３なる条件式を満足する');
  expect(refractive).toEqual([expect.objectContaining({ expression: 'Nd2p', low: 1.45, high: null, named: '⟨第2レンズ群に含まれる樹脂レンズのd線に対する屈折率⟩' })]);
});
