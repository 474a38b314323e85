// The Japanese drafter without GPT on real gazettes of the shared corpus: no sentence loses its
// object or its verb (「…では、を備え、…」, 「…以上であるとである」), the claims' list punctuation is not
// copied into the description (「；を含んでいる」), and what follows a claim's closing 「…塩。」 (the
// symbols' definitions) is not read as part of its last element. Expected text is written from the
// gazettes' claims. No database: the records are read from ../shared/corpus.
import { draftWithoutGpt } from '../../src/creation/draft/index.ts';
import type { PatentSections } from '../../src/patent-documents/model.ts';
import type { PatentRecord } from '../../src/patents/record.ts';
import { corpusTests, gazettesWithClaims } from '../helpers/corpus.ts';
import { draftInput } from '../helpers/draft-input.ts';

const { dir: CORPUS, test: corpusTest } = corpusTests('jp-fulltext.jsonl.gz');

const gazettes = (...ids: string[]) => gazettesWithClaims<PatentRecord>(CORPUS, ...ids);

/** The draft from the gazette's first ten claims, as the defects were seen. */
const draft = async (record: PatentRecord): Promise<PatentSections> => (await draftWithoutGpt(draftInput({ claims: record.claims!.slice(0, 10) }))).sections;
const prose = (s: PatentSections): string => [s.domain, s.background, s.issue, s.method, s.effect, s.embodiment, s.abstract].join('\n');

corpusTest('a list nested in the claim is not cut into components: no sentence opens on 「を備え」 (JP7559286B2, JP7550342B2, JP2021154805A)', async () => {
  const [welding, shaft, tyre] = await gazettes('JP7559286B2', 'JP7550342B2', 'JP2021154805A');
  // 「前記溶接対象物は、第１部品と第２部品とを備え、前記溶接自動化装置は、マテリアルハンドリングロボットと、…制御装置と、を備え、
  // 前記マテリアルハンドリングロボットは、…運搬機能と、…位置決め保持機能と、を備え、…」: the claim's list ends at 制御装置.
  const w = await draft(welding!);
  expect(w.embodiment).toContain('本実施形態に係る溶接自動化装置１は、マテリアルハンドリングロボット１０と、複数の溶接ロボットとして第１溶接ロボット２０及び第２溶接ロボット３０と、制御装置４０と、を備える。');
  // Each part's clause is said of it (test/creation/draft-topic-parts.test.ts).
  expect(w.embodiment).toContain('また、上記溶接対象物は、第１部品と第２部品とを備える。');
  expect(w.embodiment).toContain('また、上記マテリアルハンドリングロボット１０は、上記複数の溶接ロボットのそれぞれに対する上記第１部品の運搬機能と、');
  expect(w.symbol_descriptions.map((s) => s.name)).not.toContain('位置決め保持機能');

  // 「前記車両への取り付けに供する車両取付部材であって、前記車両に取り付けられる取付部と、前記取付部に支持される被支持部と、
  // を有する前記車両取付部材と、…第１軸部材であって、…筒部と、を有し、…最弱部が設けられた前記第１軸部材と、を備えた…」: two components.
  const s = await draft(shaft!);
  expect(s.embodiment).toContain('本実施形態に係るプロペラシャフト１は、車両取付部材１０と、第１軸部材２０と、を備える。');
  expect(s.embodiment).toContain('車両取付部材１０は、上記車両への取り付けに供するものであって、上記車両に取り付けられる取付部３０と、上記取付部３０に支持される被支持部４０と、を有する。');
  expect(s.embodiment).toContain('第１軸部材２０は、上記車両取付部材１０を介して上記車両に支持されるものであって、');

  // 「…センター陸及びショルダー陸と、を備え、…前記センター陸及び前記ショルダー陸の各々は、副溝と、…ブロックと、サイプと、を備え、…」.
  const t = await draft(tyre!);
  expect(t.embodiment).toContain('本実施形態に係る空気入りタイヤ１は、主溝１０と、センター陸２０と、ショルダー陸３０と、を備える。');
  expect(t.embodiment).toContain('上記センター陸２０及び上記ショルダー陸３０の各々は、副溝と、上記副溝により区分される複数のブロックと、サイプと、を備え、');
  for (const text of [prose(w), prose(s), prose(t)]) expect(text).not.toMatch(/(?:では|は)、を(?:備え|有し|有する|含み)/);
});

corpusTest('no element of the controller\'s clauses ends 「…以上であるとである」, and the problem is the claim\'s last clause (JP2023534250A)', async () => {
  const [vaping] = await gazettes('JP2023534250A');
  const v = await draft(vaping!);
  expect(prose(v)).not.toContain('であるとである');
  // 「…に基づいて、気化した非ニコチンプレベイパー製剤の更新された総量を決定し、前記…総量が…閾値以上であると決定し、…」.
  expect(v.embodiment).toMatch(/に基づいて、気化した非ニコチンプレベイパー製剤の更新された総量を決定する。\n/);
  // Each clause of the claim is an element now (none is cut at the length limit): the problem is its last, the display of the level.
  expect(v.issue).toContain('現在のレベルの表示を出力するように、非ニコチン電子ベイピング装置を制御するように構成される非ニコチン電子ベイピング装置を提供することを目的とする。');
});

corpusTest('the claim\'s 「；」 is a comma in the description, and none comes before its verb (JP2016531902A)', async () => {
  const [composition] = await gazettes('JP2016531902A');
  // 「（Ａ）一般式（Ｉ）〔式中、・Ｒ１がメチル基又はハロゲンを表し；及び、…〕で表される少なくとも１種類の化合物；及び、（Ｂ）少なくとも１種類の生物的防除剤；を含んでいる前記組成物。」
  const c = await draft(composition!);
  expect(c.embodiment).toContain('で表される少なくとも１種類の化合物、及び、（Ｂ）少なくとも１種類の生物的防除剤を含んでいる。');
  expect(c.method).toContain('Ｒ１は、メチル基又はハロゲンを表し、及び、Ｒ２は、');
  expect(prose(c)).not.toMatch(/[；;]/);
  // The claims themselves are the gazette's.
  expect(c.claims[0]).toContain('生物的防除剤；を含んでいる');
});

corpusTest('a claim closed on its subject before the symbols are defined ends there (JP2011178603A, JP2014189534A)', async () => {
  const [glass, salt] = await gazettes('JP2011178603A', 'JP2014189534A');
  // 「…分解活性指数が３．０ｎｍｏｌ／Ｌ／ｍｉｎ以上であるガラスセラミックス。（式中、ＲはＢｅ、…から選ばれる１種以上とする。）」
  const g = await draft(glass!);
  expect(g.effect).toBe('本発明によれば、ＪＩＳ Ｒ １７０３−２：２００７に基づくメチレンブルーの分解活性指数が３．０ｎｍｏｌ／Ｌ／ｍｉｎ以上であるガラスセラミックスを提供することができる。');
  expect(g.embodiment).toContain('また、本実施形態に係るガラスセラミックス１では、ＪＩＳ Ｒ １７０３−２：２００７に基づくメチレンブルーの分解活性指数が３．０ｎｍｏｌ／Ｌ／ｍｉｎ以上である。');
  // 「式（Ｉ）で表される塩。［式（Ｉ）中、Ｒ１及びＲ２は、…］」: what the claim says of the salt, with the salt as its subject.
  const s = await draft(salt!);
  expect(s.effect).toBe('本発明によれば、式（Ｉ）で表される塩を提供することができる。');
  expect(s.embodiment).toContain('また、本実施形態に係る塩は、式（Ｉ）で表される。');
  for (const text of [prose(g), prose(s)]) expect(text).not.toMatch(/(?:ガラスセラミックス|塩)。[（［]/);
});

corpusTest('a method\'s steps 「…することと、」 are what it includes, not 「…方法では、…することである」 (JP2022510643A)', async () => {
  const [storage] = await gazettes('JP2022510643A');
  const m = await draft(storage!);
  // Said in the claim's order (method-steps.ts).
  expect(m.embodiment).toContain('本実施形態に係る記憶方法では、まず、サンプル集合内のサンプルのラベルに基づいて、上記サンプル集合に対応する記述情報を決定する。');
  expect(m.embodiment).not.toMatch(/では、[^。]*ことである。/);
});
