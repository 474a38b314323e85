// An English element against Japanese gazettes holds the words the dictionary cannot translate
// (cross-language.ts Translation.unmatched): "optionally a photoinitiator" has no Japanese for
// photoinitiator in EDICT, and a passage that only says 選択的に (for "optionally") must not
// be taken to disclose it (evidence.ts termsOfElements weighs the untranslated word too).
import path from 'node:path';
import { translateText } from '../../src/patents/dictionaries/cross-language.ts';
import { simulate } from '../../src/priorart/engine.ts';
import { corpusTests, cutCorpus } from '../helpers/corpus.ts';
import { corpusDatabase } from '../helpers/corpus-database.ts';

const { dir: CORPUS, available, test: corpusTest } = corpusTests('jp-fulltext.jsonl.gz');
const INK = 'JP2011225876A'; // インク組成物および方法: the radiation-curable gel ink itself
const RESIST = 'JP2010164958A'; // a negative resist: 【０００９】 says 選択的に, never a photoinitiator
const store = corpusDatabase(
  async () => {
    let others = 0;
    return [await cutCorpus(path.join(CORPUS, 'jp-fulltext.jsonl.gz'), 102, (r) => r.id === INK || r.id === RESIST || (Array.isArray(r.claims) && others++ < 100))];
  },
  { available, timeout: 300_000 },
);

test('English words the dictionary has no Japanese for are kept as untranslated; numerals and hyphenated joins are not', async () => {
  const unmatched = async (text: string) => (await translateText(text, { from: 'en', to: 'ja' })).unmatched;
  expect(await unmatched('optionally a photoinitiator')).toEqual([{ term: 'photoiniti', word: 'photoinitiator' }]);
  expect(await unmatched('A radiation-curable gel ink')).toEqual([{ term: 'curabl', word: 'curable' }]);
  expect(await unmatched('a gel-forming wax')).toEqual([]);
  expect(await unmatched('a sensor 12 coupled to the USB port 14')).toEqual([]);
  // Japanese words are translated piece by piece where the dictionary lacks the compound: nothing is left.
  expect((await translateText('前記可変圧縮比機構は、前記内燃機関の高負荷領域において', { from: 'ja', to: 'en' })).unmatched).toEqual([]);
});

test('claim words are not translated into words of content: "optionally", "configured", 特徴とする, 有する', async () => {
  const japanese = async (text: string) => [...(await translateText(text, { from: 'en', to: 'ja' })).weights.keys()];
  const english = async (text: string) => [...(await translateText(text, { from: 'ja', to: 'en' })).weights.keys()];
  expect(await japanese('optionally a colorant')).not.toContain('選択');
  expect(await japanese('a plurality of electrodes configured to be substantially parallel')).toEqual(expect.arrayContaining(['電極', '平行']));
  expect(await japanese('a plurality of electrodes configured to be substantially parallel')).not.toContain('構成');
  const claimed = await english('複数の電極を有することを特徴とする');
  expect(claimed).toContain('electrod');
  expect(claimed).not.toEqual(expect.arrayContaining(['featur']));
  expect(claimed).not.toContain('possess');
});

corpusTest('an element whose key word has no translation is not disclosed by a passage holding only its other words', async () => {
  const claim = 'A radiation-curable gel ink comprising: a curable monomer; an organic gellant; a gel-forming wax; optionally a photoinitiator; and optionally a colorant.';
  const result = await simulate(store.db, { lang: 'jp', subjectMatter: claim, isAutoElementCutter: true, compared: 'full', strategy: 'passive', outputType: 0, fixedDocumentIds: [RESIST], populationIds: null });
  const element = result.elements.find((e) => e.text.includes('photoinitiator'))!;
  const resist = result.charts.find((chart) => chart.documentId === RESIST)!;
  const cell = resist.evidence.find((e) => e.elementId === element.id)!;
  expect(cell.verdict).not.toBe('disclosed');
}, 120_000);
