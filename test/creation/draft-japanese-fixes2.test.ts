// The Japanese drafter without GPT on gazettes whose claimed thing was read too short (「補強構造」 of
// 「建築物の補強構造」, 「装置」 of 「画像読取装置」), whose 「…を特徴とする…」 and claim references were left
// in the description, and whose claims carry their own reference signs. Expected text is written
// from the gazettes' claims. No database: the records are read from ../shared/corpus.
import type { PatentRecord } from '../../src/patents/record.ts';
import { corpusTests, gazettesWithClaims } from '../helpers/corpus.ts';
import { draftOfRecord, sentencesOf } from '../helpers/draft-input.ts';

const { dir: CORPUS, test: corpusTest } = corpusTests('jp-fulltext.jsonl.gz');

const gazettes = (...ids: string[]) => gazettesWithClaims<PatentRecord>(CORPUS, ...ids);

/** The draft from the gazette's first ten claims. */
const draft = (record: PatentRecord) => draftOfRecord(record);


corpusTest('a claimed thing whose name IPADIC cuts is read whole: 画像読取装置, Ｘ線ＣＴ装置 (JP2020072396A, JP2012090772A)', async () => {
  const [reader, ct] = await gazettes('JP2020072396A', 'JP2012090772A');
  // Claim 1: 「…汚れとを検知する検知部と、を備えることを特徴とする画像読取装置。」 (titled 画像読取装置及び画像形成装置).
  const r = await draft(reader!);
  expect(r.title).toBe('画像読取装置');
  expect(r.embodiment).toContain('本実施形態に係る画像読取装置１は、画像読取部材１０と、光源２０と、検知部３０と、を備える。');
  // The claims' 透明部材 and 白色部材 are no 部材 of sign １０.
  expect(r.embodiment).not.toContain('透明部材１０');
  // Claim 3: 「…清掃アラート報知部を更に備えることを特徴とする請求項１に記載の画像読取装置。」
  expect(r.embodiment).toContain('清掃アラート報知部４０を更に備えていてもよい。');
  expect(sentencesOf(r).filter((s) => /を特徴と|請求項/.test(s))).toEqual([]);
  // Claim 8: 「…を有することを特徴とするＸ線ＣＴ装置。」 (titled 画像処理装置及びＸ線ＣＴ装置).
  expect((await draft(ct!)).title).toBe('画像処理装置及びＸ線ＣＴ装置');
});

corpusTest('「…を特徴とする建築物の補強構造」 claims 建築物の補強構造, and its claims restate it whole (JP2011106202A)', async () => {
  const [building] = await gazettes('JP2011106202A');
  // Claim 3: 「請求項１又は２に記載の建築物用補強金具を用い、…筋交として前記補強金具が機能することを特徴とする建築物の補強構造。」
  const b = await draft(building!);
  expect(b.embodiment).toContain('また、本実施形態に係る建築物の補強構造は、上記実施形態に係る建築物用補強金具を用い、');
  expect(b.embodiment).toContain('上記空間内に斜めに掛渡される筋交として上記補強金具が機能する。');
  expect(b.embodiment).not.toContain('建築物のである');
  expect(sentencesOf(b).filter((s) => /を特徴と|請求項/.test(s))).toEqual([]);
});

corpusTest('「…関連する、ことを特徴とするシステム」 is restated without 「を特徴とする」; a 「。」 in brackets ends no claim (JP2021531712A, JP2022101093A, JP2015156210A)', async () => {
  const [display, game, film] = await gazettes('JP2021531712A', 'JP2022101093A', 'JP2015156210A');
  // Claim 1: 「…前記ディスプレイ上で動作する少なくとも１つのアプリケーションに関連する、ことを特徴とするシステム。」
  const d = await draft(display!);
  expect(d.method).toContain('少なくとも１つのアプリケーションに関連する。');
  expect(sentencesOf(d).filter((s) => s.includes('を特徴と'))).toEqual([]);
  // Claim 2: 「請求項１に記載の遊技台であって、前記演出手段は、複数種類の前記ミニゲーム（以下、「複数種類のミニゲーム」という。）を実行可能な
  // 手段であり、…前記第一のミニゲームが実行される、ことを特徴とする遊技台。」
  const g = await draft(game!);
  expect(g.embodiment).toContain('上記装飾図柄変動表示の実行毎に上記第一のミニゲームが実行されてもよい。');
  expect(g.embodiment).not.toContain('ことを特徴とする遊技台');
  // Claim 1 ends on a note after its verb: 「…合同でない（ただし、…場合を除く）ことを特徴とする光透過性導電材料。」
  expect((await draft(film!)).method).toContain('ダミー部の単位図形の形状が合同でない（ただし、断線によってダミー部の単位図形がセンサー部の単位図形と合同でなくなる場合を除く）。');
});

corpusTest('what claims another claim is named in the description as 「上記実施形態に係る…」, whatever its wording (JP2017208128A, JP2011215413A, JP2014062952A, JP2024153521A)', async () => {
  const [cache, resist, projector, traction] = await gazettes('JP2017208128A', 'JP2011215413A', 'JP2014062952A', 'JP2024153521A');
  // Claim 2: 「…前記メモリキャッシュノードの障害の検出に基づいて、前記エイリアスを更新する 請求項１のコンピュータに実行される方法。」
  expect((await draft(cache!)).embodiment).toContain('上記メモリキャッシュノードの障害の検出に基づいて、上記エイリアスを更新してもよい。');
  // 「請求項１〜６のいずれかの組成物を用いて形成されたレジスト膜。」
  expect((await draft(resist!)).embodiment).toContain('また、本実施形態に係るレジスト膜は、上記実施形態に係る組成物を用いて形成されている。');
  // 「…前記光源装置は、請求項１乃至請求項６の何れかに記載した光源装置であることを特徴とするプロジェクタ。」
  expect((await draft(projector!)).embodiment).toContain('上記光源装置は、上記実施形態に係る光源装置である。');
  // Claim 5: 「…調節可能なベルトなどを設けて保持する、請求項１記載の、身体牽引装置。」
  const t = await draft(traction!);
  expect(t.embodiment).toContain('又は調節可能なベルトなどを設けて保持してもよい。');
  expect(sentencesOf(t).filter((s) => s.includes('請求項'))).toEqual([]);
});

corpusTest('a claim translated word for word (「…、もの。」) or closing on a symbol note claims what it names (JP2023534040A, JP2014094879A, JP2021516888A)', async () => {
  const [reservoir, glass, channel] = await gazettes('JP2023534040A', 'JP2014094879A', 'JP2021516888A');
  // 「非ニコチン電子ベイピング装置のためのリザーバアセンブリであって、…布地の１つ以上の層を含む、もの。」; claim 3: 「…前記第１の開口部は、スリットである、もの。」
  const r = await draft(reservoir!);
  expect(r.title).toBe('リザーバアセンブリ');
  expect(r.embodiment).toContain('本実施形態において、上記第１の開口部３０は、スリットであってもよい。');
  expect(r.embodiment).not.toMatch(/もの１|、もの/);
  // Claim 4: 「…ＺｎＯ成分及びＲＯ成分を合計で３〜６０％含有する請求項２又は３記載の結晶化ガラス（ＲはＭｇ、Ｃａ、Ｓｒ、Ｂａから選ばれる１種以上とする）。」
  const g = await draft(glass!);
  expect(g.title).toBe('結晶化ガラス');
  expect(g.embodiment).toContain('本実施形態において、結晶化ガラスは、酸化物換算組成の全物質量に対して、モル％で、ＺｎＯ成分及びＲＯ成分を合計で３〜６０％含有してもよい。');
  expect(g.effect).toContain('光触媒活性を有する結晶化ガラスを提供することができる。');
  // Claims pasted without claim 13, which claim 7 cites: 「…を含むことを特徴とする請求項１３に記載のチャネル検出装置。」
  expect(sentencesOf(await draft(channel!)).filter((s) => s.includes('請求項'))).toEqual([]);
});

corpusTest('a compound claimed with its kin is titled by them all, and a formula cut at the cutter\'s limit is read to its end (JP2022514722A, JP2010013354A)', async () => {
  const [triazole, pyridazinone] = await gazettes('JP2022514722A', 'JP2010013354A');
  // Claim 1: 「以下化学式１の化合物及びその塩。（前記式で…）」
  const t = await draft(triazole!);
  expect(t.title.startsWith('化合物及びその塩、')).toBe(true);
  expect(t.issue).not.toContain('のである');
  // Claim 1: 「一般式（１）[式中、…Ｃは炭素数１〜６のアルコキシ基及びハロゲン原子から選ばれる…示す。] で表されることを特徴とする
  // ２−アルキル−６−（ピラゾロピリジン−４−イル）ピリダジノン誘導体、その光学異性体、薬理学的に許容しうるその塩又はその水和物。」
  const p = await draft(pyridazinone!);
  expect(p.title.startsWith('ピリダジノン誘導体、その光学異性体、薬理学的に許容しうるその塩又はその水和物')).toBe(true);
  for (const section of [p.issue, p.effect, p.embodiment]) expect(section).not.toContain('アルコキである');
  expect(p.effect).toMatch(/は単結合又は二重結合を示す。\]で表されるピリダジノン誘導体、その光学異性体、薬理学的に許容しうるその塩又はその水和物を提供することができる。$/);
  // Claim 2: 「…一般式（１ａ）[…] で表されることを特徴とする請求項１記載の…その水和物。」
  expect(p.embodiment).toContain('本実施形態において、上記一般式（１）で表される化合物が、一般式（１ａ）[式中、Ｒ２、Ｒ４、Ａ、Ｂ、Ｃ、Ｄ及びは上記定義に同じ]で表されてもよい。');
  expect(p.symbol_descriptions.map((s) => s.name)).not.toContain('水和物');
});

corpusTest('claims that sign their parts themselves keep those signs (JP2012247417A, JP2012145109A)', async () => {
  const [meter, rotor] = await gazettes('JP2012247417A', 'JP2012145109A');
  // Claim 1: 「所定の温度範囲（２６０）を含むプロセッサ（１２０）と、前記プロセッサ（１２０）と通信する遠隔遮断スイッチ（２００）と、前記プロセッサ
  // （１２０）と通信する温度センサ（２１０）とを備え、…前記プロセッサ（１２０）が前記遠隔遮断スイッチ（２００）を開く、公共料金メータ（１００）。」
  const m = await draft(meter!);
  expect(m.symbol_descriptions).toEqual([
    { sign: '100', name: '公共料金メータ' },
    { sign: '120', name: 'プロセッサ' },
    { sign: '200', name: '遠隔遮断スイッチ' },
    { sign: '210', name: '温度センサ' },
  ]);
  expect(m.embodiment).toContain('本実施形態に係る公共料金メータ１００は、プロセッサ１２０と、遠隔遮断スイッチ２００と、温度センサ２１０と、を備える。');
  // Claim 4: 「基部（１４０）をさらに備え、前記遠隔遮断スイッチ（２００）が前記基部（１４０）のまわりに配置される、請求項１記載の公共料金メータ（１００）。」
  expect(m.embodiment).toContain('基部１４０をさらに備え、上記遠隔遮断スイッチ２００が上記基部１４０のまわりに配置されてもよい。');
  expect(m.embodiment).not.toMatch(/[０-９]（[０-９]/);
  // The problem names no signs.
  expect(m.issue).toContain('従来の公共料金メータでは、温度センサが、所定の温度範囲を超える温度を検知すると、プロセッサが遠隔遮断スイッチを開く構成については');
  // 「…前記入口又は出口ポート（２４、２６）の少なくとも１つを通る流れを可能にし…」: no sign added before the claim's pair (written without brackets in the embodiment).
  const r = await draft(rotor!);
  expect(r.embodiment).toContain('上記入口又は出口ポート２４、２６の少なくとも１つを通る流れを可能にし');
  expect(r.embodiment).not.toContain('ポート２４、２６、２６');
});

corpusTest('a claimed thing IPADIC reads as no noun is what follows 「を特徴とする」 (JP3222705U)', async () => {
  const [insole] = await gazettes('JP3222705U');
  // Claim 1 ends 「…且つ本体部の弾性係数が０．０８ＭＰａ乃至１．２ＭＰａであることを特徴とする靴の中敷き。」 (中敷き read 中 + a verb);
  // claim 2 「…中央部の厚さが薄いことを特徴とする請求項１に記載の靴の中敷き。」
  const i = await draft(insole!);
  expect(i.title).toBe('靴の中敷き');
  expect(i.effect).toBe('本発明によれば、長手方向にのびる中心線上であって、各領域の中心の厚さＦｔ、Ｍｔ、Ｒｔが次式の関係にあり、且つ本体部の弾性係数が０．０８ＭＰａ乃至１．２ＭＰａである靴の中敷きを提供することができる。');
  expect(sentencesOf(i).filter((s) => /を特徴と|請求項/.test(s))).toEqual([]);
});
