// A numerical limitation's parameter written differently (numeric-limits.ts PARAMETER_NAMES): a claim's 膜厚 is met by
// a document's 厚さ, its 平均粒径 by a 平均粒子径, and a thickness is not met by a particle size because both are 平均.
// The claims' words are the analyser's, as termsOfElements gives them: 厚さ analyses as 厚い, so the nearest word of
// 「高分子膜の膜厚が」 was 子膜. Weights are hand-set (alike per word): the naming, not idf, is tested.
import path from 'node:path';
import { analyzeField, type AnalysisRegion } from '../../src/patents/analysis/index.ts';
import type { PatentRecord } from '../../src/patents/record.ts';
import { cutElements } from '../../src/priorart/elements.ts';
import { evidenceOf, shownWords, type ElementTerms } from '../../src/priorart/evidence.ts';
import { limitsWithParameters } from '../../src/priorart/numeric-limits.ts';
import { corpusRecords, corpusTests } from '../helpers/corpus.ts';

const { dir: CORPUS, test: jpTest } = corpusTests('jp-fulltext.jsonl.gz');
const { test: usTest } = corpusTests('us.jsonl.gz');

const records = (ids: string[], file = 'jp-fulltext.jsonl.gz') => corpusRecords<PatentRecord>(path.join(CORPUS, file), ids);

/** The element of a corpus claim holding `limit`, with the words and limits termsOfElements gives it. */
async function claimElement(claim: string, limit: string, region: AnalysisRegion): Promise<ElementTerms> {
  const text = cutElements(claim, true).find((part) => part.text.includes(limit))!.text;
  const words = [...new Set(shownWords(text, await analyzeField(text, region, { bigrams: false })))];
  return { elementId: 1, terms: words.map((term) => ({ term, weight: 3 })), total: 3 * words.length, words, keys: { words: words.slice(0, 2), terms: words.slice(0, 2) }, untranslated: [], limits: limitsWithParameters(text, words) };
}

jpTest("a film's 膜厚 is met by a 厚さ: JP2010058403A claim 2 and JP2014189534A's 78 nm organic antireflection film", async () => {
  // 「前記基板表面と直接結合した高分子膜の膜厚が、０．５〜１００ｎｍである」: its nearest word was 子膜 (of 高分子膜), and
  // JP2014189534A's 【0192】 「…ベークすることによって、厚さ７８ｎｍの有機反射防止膜」 names no 子膜.
  const found = await records(['JP2010058403A', 'JP2014189534A']);
  const element = await claimElement(found.get('JP2010058403A')!.claims![1]!, '膜厚', 'jp');
  const [evidence] = await evidenceOf(found.get('JP2014189534A')!, [element], 'jp', 'normal');
  expect(evidence!.limit!.met).toContainEqual(expect.objectContaining({ text: '７８ｎｍ' }));
});

jpTest("a filler's 平均粒径 is met by a 平均粒子径: JP2019001358A claim 4 and JP2020070450A's catalyst particles", async () => {
  // 「前記粒子形状のフィラーの平均粒径が０．１μｍ〜５０μｍであり」 (parameter 粒径); JP2020070450A writes only 粒子径 beside its
  // lengths: 【0027】 「触媒の平均粒子径は０．０１〜５００μｍ」.
  const found = await records(['JP2019001358A', 'JP2020070450A']);
  const element = await claimElement(found.get('JP2019001358A')!.claims![3]!, '０．１μｍ〜５０μｍ', 'jp');
  expect(element.limits![0]!.parameter[0]).toBe('粒径');
  const [evidence] = await evidenceOf(found.get('JP2020070450A')!, [element], 'jp', 'normal');
  expect(evidence!.limit!.met).toEqual([{ text: '０．０１〜５００μｍ', place: expect.objectContaining({ kind: 'paragraph', number: '0027' }) }]);
});

jpTest("a coating's thickness is not met by a filler's 平均粒径: JP2010051953A claim 10 and JP2019001358A", async () => {
  // 「…塗工膜の厚さが、…塗工膜の平均厚さに比べて、２μｍ以上厚くなる」: 厚さ analyses as 厚い, so its nearest word was 平均,
  // which JP2019001358A's 「フィラーの平均粒径が０．１μｍ〜５０μｍ」 writes too. The parameter written is 厚さ.
  const found = await records(['JP2010051953A', 'JP2019001358A']);
  const element = await claimElement(found.get('JP2010051953A')!.claims![9]!, '２μｍ以上', 'jp');
  expect(element.limits![0]!.parameter[0]).toBe('平均');
  const [evidence] = await evidenceOf(found.get('JP2019001358A')!, [element], 'jp', 'normal');
  expect(evidence!.limit).toEqual({ met: null });
});

usTest('a "particle size" is met by a "particle diameter": US7314687B2 claim 1 and US8784956\'s metal oxide particles', async () => {
  // "a super fine particle form metal oxide having an average particle size of0.1 to 100 nm" (parameter "size");
  // US8784956's [0030] gives its particles "an average particle diameter in the range of 5 to 100 nm".
  const found = await records(['US7314687B2', 'US8784956'], 'us.jsonl.gz');
  const element = await claimElement(found.get('US7314687B2')!.claims![0]!, '0.1 to 100 nm', 'us');
  expect(element.limits![0]!.parameter[0]).toBe('size');
  const [evidence] = await evidenceOf(found.get('US8784956')!, [element], 'us', 'normal');
  expect(evidence!.limit!.met).toEqual([{ text: '5 to 100 nm', place: null }]);
});
