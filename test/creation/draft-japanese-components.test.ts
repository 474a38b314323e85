// The claimed thing's components in the Japanese embodiment, said once: the sentence listing them names each with what the claim says
// of it, and a second sentence of the same subject does not list one again (「塗工機１は、塗液吐出部１０を備える。塗工機１は、塗液の
// 液溜め部及び塗液吐出部１０を備える。」). Expected text is written from the gazettes' claims; the records are read from ../shared/corpus.
import type { PatentRecord } from '../../src/patents/record.ts';
import { corpusTests, gazettesWithClaims } from '../helpers/corpus.ts';
import { draftOfRecord, numerals } from '../helpers/draft-input.ts';

const { dir: CORPUS, test: corpusTest } = corpusTests('jp-fulltext.jsonl.gz');

/** Two sentences in a row of one subject, each 「…を備える。」, the second without 「また、」. */
const SAID_TWICE = /(?:^|。)(?:本実施形態に係る)?([^、。\n]{1,40}?)は、[^。\n]*を備える。\n?(?:本実施形態に係る)?\1は、[^。\n]*を備える。/m;

corpusTest('a component the list names is not listed again with its modifier (JP2010051953A, JP2010164958A, JP2015156210A)', async () => {
  const [coater, resist, conductive] = await gazettesWithClaims<PatentRecord>(CORPUS, 'JP2010051953A', 'JP2010164958A', 'JP2015156210A');
  // Claim 3: 「塗液の液溜め部及び塗液吐出部を有する塗工機であって、…」: two parts (the cutter's), in the claim's order, each signed
  // (液溜め部, read 液/溜め/部 by IPADIC, was no name: 「塗工機１は、塗液吐出部３を備える。…また、…塗工機１は、塗液の液溜め部を備える。」).
  const c = (await draftOfRecord(coater)).embodiment;
  expect(c).toContain('本実施形態に係る塗工機１は、塗液の液溜め部１０と、塗液吐出部３と、を備える。');
  expect(c).toContain('塗液の液溜め部１０の開口幅（ａ）が塗液吐出部３の開口幅（ｂ）より広く');
  expect(c).not.toMatch(/液溜め部１０は、塗液の液溜め部である|液溜め部を備える/);
  // Claim 1: 「（Ａ）酸分解性繰り返し単位を有し、酸の作用により極性が増大して…樹脂…」
  const r = (await draftOfRecord(resist)).embodiment;
  expect(r).toContain('本実施形態に係るネガ型現像用レジスト組成物１は、（Ａ）酸分解性繰り返し単位１０を備える。');
  // Claim 1: 「基材上に、金属パターンからなるセンサー部とダミー部とを有する光透過性導電材料であって、…」
  const t = (await draftOfRecord(conductive)).embodiment;
  expect(t).toContain('本実施形態に係る光透過性導電材料１は、基材上に、金属パターンからなるセンサー部とダミー部１０を備える。');
  for (const embodiment of [c, r, t]) expect(embodiment).not.toMatch(SAID_TWICE);
});

corpusTest('where a listed component is placed is said of the component (JP2011139055A, JP2020070450A)', async () => {
  const [element, catalyst] = await gazettesWithClaims<PatentRecord>(CORPUS, 'JP2011139055A', 'JP2020070450A');
  // Claim 1: 「絶縁表面上に酸化物半導体層と、前記酸化物半導体層上にソース電極層及びドレイン電極層と、…」
  const e = (await draftOfRecord(element)).embodiment;
  expect(e).toContain('本実施形態に係る半導体素子１は、酸化物半導体層１０と、ソース電極層２０と、ドレイン電極層３０と、ゲート絶縁層４０と、ゲート電極層５０と、を備える。\n酸化物半導体層１０は、絶縁表面上に設けられている。\nソース電極層２０及びドレイン電極層３０は、上記酸化物半導体層上に設けられている。');
  const k = (await draftOfRecord(catalyst)).embodiment;
  expect(k).toContain('触媒１０は、電極基材上に設けられている。');
  for (const embodiment of [e, k]) expect(embodiment).not.toMatch(SAID_TWICE);
});

corpusTest('numbered components are as many components as the claim numbers (JP2020092894A)', async () => {
  const [article] = await gazettesWithClaims<PatentRecord>(CORPUS, 'JP2020092894A');
  // Claim 1: 「第１不織布と、前記第１不織布に重ねた第２不織布と、…画定された第１不織布小片と、を備え、…吸収性物品。」 IPADIC reads
  // 不織布 as 不 + 織 (a verb) + 布: both were one 「不織布」 with one sign, and 第２不織布 was never introduced before 「上記第２不織布」.
  const draft = await draftOfRecord(article);
  expect(draft.embodiment).toContain('本実施形態に係る吸収性物品１は、第１不織布１０と、第２不織布２０と、第１不織布小片３０と、を備える。');
  expect(draft.embodiment).toContain('第２不織布２０は、上記第１不織布１０に重ねたものである。');
  expect(numerals(draft)).toEqual(expect.arrayContaining(['10 第１不織布', '20 第２不織布', '30 第１不織布小片']));
});
