// The Japanese abstract the drafter writes without GPT, in the form the JPO asks for and gazettes
// print (【要約】【課題】…【解決手段】…): the objective, then claim 1 restated, within 400 characters
// not counting the labels. Expected text is written from the gazettes' claims; no database.
import { japaneseAbstractLength as abstractLength } from '../../src/patent-documents/checks/abstract.ts';
import { layoutDocument } from '../../src/patent-documents/layout.ts';
import type { PatentRecord } from '../../src/patents/record.ts';
import { corpusTests, gazettesWithClaims } from '../helpers/corpus.ts';
import { draftOfRecord } from '../helpers/draft-input.ts';

const { dir: CORPUS, test: corpusTest } = corpusTests('jp-fulltext.jsonl.gz');

corpusTest('【課題】 says what is provided, 【解決手段】 restates claim 1 (JP2010000001A, JP2011233519A)', async () => {
  const [clipper, separator] = await gazettesWithClaims<PatentRecord>(CORPUS, 'JP2010000001A', 'JP2011233519A');
  // Claim 1: 「…一対のガイド板とを備えたバリカン式刈刃装置であって、…各係合部が形成されたことを特徴とするバリカン式刈刃装置。」
  const c = await draftOfRecord(clipper);
  expect(c.abstract).toMatch(/^【課題】[^\n【]+バリカン式刈刃装置を提供する。\n【解決手段】バリカン式刈刃装置１は、[^\n【]+。$/);
  // With the embodiment's signs, as the gazette's own 【解決手段】 writes them (「本発明のバリカン式刈刃装置１は、…」).
  expect(c.abstract).toContain('【解決手段】バリカン式刈刃装置１は、第１の駆動体１０と、第２の駆動体２０と、第１の刈刃体３０と、第２の刈刃体４０と、ガイド板５０と、を備える。');
  expect(c.embodiment).toContain('本実施形態に係るバリカン式刈刃装置１は、第１の駆動体１０と、');
  // Claim 1: 「…支持体被覆層からなる非水電解液電池用セパレータであって、有機繊維の平均直径が１〜１５μｍであり、…」
  const s = await draftOfRecord(separator);
  expect(s.abstract).toMatch(/^【課題】[^\n【]+非水電解液電池用セパレータを提供する。\n【解決手段】非水電解液電池用セパレータは、有機繊維から形成される織布又は不織布支持体と、/);
  expect(s.abstract).toContain('有機繊維の平均直径が１〜１５μｍであり');
});

corpusTest('a claim that signs its parts: 【解決手段】 keeps the signs, 【課題】 names none, as the problem section (JP2012247417A)', async () => {
  // Claim 1: 「…プロセッサ（１２０）と、…遠隔遮断スイッチ（２００）と、…温度センサ（２１０）とを備え、…公共料金メータ（１００）。」
  const [meter] = await gazettesWithClaims<PatentRecord>(CORPUS, 'JP2012247417A');
  const m = await draftOfRecord(meter);
  const [problem, solution] = m.abstract.split('\n') as [string, string];
  expect(problem).toBe('【課題】温度センサが、所定の温度範囲を超える温度を検知すると、プロセッサが遠隔遮断スイッチを開く公共料金メータを提供する。');
  expect(solution).toMatch(/^【解決手段】公共料金メータ１００は、所定の温度範囲２６０を含むプロセッサ１２０と、/);
});

/** Gazettes of every kind the drafter meets: long claims (JP2010065709A, JP2022519792A), methods, software, materials. */
const VARIED = ['JP2010000068A', 'JP2010001570A', 'JP2010002941A', 'JP2010065709A', 'JP2010237730A', 'JP2012040876A', 'JP2014159137A', 'JP2019190913A', 'JP2022510643A', 'JP2022519792A', 'JP2022524171A', 'JPWO2019038878A1'];

corpusTest('every abstract has both parts within 400 characters, and the JPO layout prints each on its own line under 【要約】', async () => {
  for (const record of await gazettesWithClaims<PatentRecord>(CORPUS, ...VARIED)) {
    const sections = await draftOfRecord(record);
    expect([record.id, sections.abstract]).toEqual([record.id, expect.stringMatching(/^【課題】[^\n]+を提供する。\n【解決手段】[^\n【]+。$/)]);
    expect([record.id, abstractLength(sections.abstract) <= 400]).toEqual([record.id, true]);
    const blocks = layoutDocument({ lang: 'ja', sections, drawings: [] }, 'jpo');
    const heading = blocks.findIndex((block) => 'text' in block && block.text === '【要約】');
    expect(blocks.slice(heading + 1).map((block) => ('text' in block ? block.text : block.kind))).toEqual(sections.abstract.split('\n'));
  }
});
