// The Japanese drafter without GPT read as a Japanese patent attorney reads a draft: what read
// oddly in the drafts of the corpus gazettes' claims (「前記」 left in the problem and the effect,
// …). Expected text is written from the gazettes' claims. No database: the records are read from
// ../shared/corpus.
import type { PatentRecord } from '../../src/patents/record.ts';
import { corpusTests, gazettesWithClaims } from '../helpers/corpus.ts';
import { draftOfRecord, sentencesOf } from '../helpers/draft-input.ts';

const { dir: CORPUS, test: corpusTest } = corpusTests('jp-fulltext.jsonl.gz');

const gazettes = (...ids: string[]) => gazettesWithClaims<PatentRecord>(CORPUS, ...ids);

/** The draft from the gazette's first ten claims. */
const draft = (record: PatentRecord) => draftOfRecord(record);

corpusTest('the problem and the effect say no 「前記」, whatever word follows it (JP2010027631A, JP3250096U, JP2013540401A)', async () => {
  const [thermo, plating, csr] = await gazettes('JP2010027631A', 'JP3250096U', 'JP2013540401A');
  // Claim 1: 「…前記ｐ型熱電変換材料の一部と、前記ｎ型熱電変換材料の一部とは直接接合されている…熱電変換素子。」
  const t = await draft(thermo!);
  expect(t.effect).toBe('本発明によれば、ｐ型熱電変換材料の一部と、ｎ型熱電変換材料の一部とは直接接合されている熱電変換素子を提供することができる。');
  // Claim 1: 「…前記めっき製品が導電機構を通過する際に、前記めっき製品の一方の面が…接触することを特徴とするめっき用導電装置。」
  const p = await draft(plating!);
  expect(p.issue).toContain('従来のめっき用導電装置では、めっき製品が導電機構を通過する際に、めっき製品の一方の面が');
  // Claim 1: 「…第１コードブックに相応する前記５３ビットは、…」
  const c = await draft(csr!);
  for (const section of [t.issue, t.effect, p.issue, p.effect, c.issue, c.effect]) expect(section).not.toContain('前記');
});

corpusTest('a method\'s embodiment opens on its first step without 「また、」, which followed nothing (JP2010001570A, JP2010002180A)', async () => {
  const [cord, diagnosis] = await gazettes('JP2010001570A', 'JP2010002180A');
  // Claim 1: 「羊水中のアンフィレギュリン濃度を測定することによって絨毛膜羊膜炎を診断する、絨毛膜羊膜炎の診断方法。」 (no components, no signs).
  const d = await draft(diagnosis!);
  const [opening, first] = d.embodiment.split('\n');
  expect(opening).toBe('以下、本発明の実施形態について、詳細に説明する。なお、本発明は、以下の実施形態に限定されるものではない。');
  expect(first).toBe('本実施形態に係る絨毛膜羊膜炎の診断方法では、羊水中のアンフィレギュリン濃度を測定することによって絨毛膜羊膜炎を診断する。');
  expect((await draft(cord!)).embodiment.split('\n')[1]).toMatch(/^本実施形態に係るゴムベルト補強用アラミド繊維コードの製造方法では、/);
});

corpusTest('what a dependent claim adds ends 「…てもよい」 on its own verb or adjective, not 「…を行う構成であってもよい」 (JP2020072396A, JP2014143408A, JP2010017082A, JP2016522298A)', async () => {
  const [reader, oxide, aminoAcid, part] = await gazettes('JP2020072396A', 'JP2014143408A', 'JP2010017082A', 'JP2016522298A');
  // Claim 4: 「前記画像読取部材は、…前記原稿が搬送されていない状態で画像読み取りを行うことを特徴とする請求項１から３のいずれか１つに記載の画像読取装置。」
  const r = await draft(reader!);
  expect(r.embodiment).toContain('上記原稿が搬送されていない状態で画像読み取りを行ってもよい。');
  // Claim 6: 「請求項５において、 前記第３の酸化物層の電子親和力は、前記第１の酸化物層の電子親和力よりも小さい半導体装置。」
  expect((await draft(oxide!)).embodiment).toContain('上記第３の酸化物層の電子親和力は、上記第１の酸化物層１０の電子親和力よりも小さくてもよい。');
  // Claim 5: 「前記Ｌ−アミノ酸が、…及びＬ−グルタミン酸からなる群より選ばれる請求項１〜４のいずれか一項に記載の方法。」
  expect((await draft(aminoAcid!)).embodiment).toContain('Ｌ−スレオニン及びＬ−グルタミン酸からなる群より選ばれてもよい。');
  // Claim 4: 「前記充填剤が、…又は繊維状アルミノケイ酸塩であってよい、請求項１〜３のいずれか一項に記載の構成部品。」: optional already.
  const p = await draft(part!);
  expect(p.embodiment).toContain('又は繊維状アルミノケイ酸塩であってもよい。');
  for (const d of [r, p]) expect(d.embodiment).not.toMatch(/[うくすつむるいた]構成であってもよい/);
});

corpusTest('a component whose modifier compares with 「…とは」 is named and signed like the others (JP2015164459A, JP2012198266A)', async () => {
  const [game, screen] = await gazettes('JP2015164459A', 'JP2012198266A');
  // Claim 1: 「…発射操作手段と、 前記発射操作手段とは別に設けられ、遊技者が操作可能な演出操作手段と、 所定の演出を表示する演出表示手段と、…」
  const g = await draft(game!);
  expect(g.symbol_descriptions.map(({ name }) => name).slice(1, 4)).toEqual(['抽選手段', '発射操作手段', '演出操作手段']);
  expect(g.embodiment).toContain('本実施形態に係る遊技機１は、抽選手段１０と、発射操作手段２０と、演出操作手段３０と、演出表示手段４０と、');
  expect(g.embodiment).not.toContain('遊技者が操作可能な演出操作手段を備える。');
  // Claim 1: 「…第１反射領域と、 前記第１反射領域以外の位置に形成され、入射された光を前記第１方向とは異なる第２方向に反射させる第２反射領域と、を有し、…」
  const s = await draft(screen!);
  expect(s.embodiment).toContain('本実施形態に係るスクリーン１は、第１反射領域１０と、第２反射領域２０と、を備える。');
  expect(s.embodiment).toContain('第２反射領域２０は、上記第１反射領域以外の位置に形成され、入射された光を上記第１方向とは異なる第２方向に反射させる。');
});

corpusTest('a pair an element names as its object (「…第１血流情報と、…第２血流情報とを発生する…」) is read whole, not cut into a component of its first half (JP2014100540A, JP2010083151A)', async () => {
  const [imaging, stopper] = await gazettes('JP2014100540A', 'JP2010083151A');
  // Claim 1: 「…記憶部と、 前記ボリュームデータまたは前記一連の画像のデータに基づいて、第１領域の第１血流情報と、前記第１領域と異なる第２領域の
  // 第２血流情報とを発生する血流情報発生部と、 前記第１血流情報と前記第２血流情報…」
  const i = await draft(imaging!);
  expect(i.symbol_descriptions.map(({ name }) => name)).not.toContain('第１血流情報');
  expect(i.embodiment).toContain('血流情報発生部２０は、上記ボリュームデータまたは上記一連の画像のデータに基づいて、第１領域の第１血流情報と、上記第１領域と異なる第２領域の第２血流情報とを発生する。');
  expect(i.embodiment).not.toContain('第１領域の第１血流情報である。');
  // Claim 1: 「…その中心位置に形成されるピンと、複数の第１係合突起とを有する雄盤体と、…」
  const s = await draft(stopper!);
  expect(s.embodiment).toContain('本実施形態に係るタングストッパ１は、雄盤体１０と、雌盤体２０と、を備える。');
  expect(s.embodiment).toContain('雄盤体１０は、上記ウェビングの一面に対向する第１取付面に、その中心位置に形成されるピンと、複数の第１係合突起とを有する。');
});

corpusTest('a claim to a bare 「方法」 is titled and described by what it is a method of (JP2011122015A, JP2010017082A, JP2023104947A, JP2014118145A, JP2022519792A)', async () => {
  const [acylurea, aminoAcid, video, indicator, voxel] = await gazettes('JP2011122015A', 'JP2010017082A', 'JP2023104947A', 'JP2014118145A', 'JP2022519792A');
  // Claim 1: 「カルボキシル基含有化合物（Ａ）、有機ジイソシアネート（Ｂ）およびアシルウレア化触媒（Ｃ）から、アシルウレア変性ポリイソシアネート組成物を製造する方法。」
  const a = await draft(acylurea!);
  expect(a.title).toBe('アシルウレア変性ポリイソシアネート組成物の製造方法');
  expect(a.domain).toBe('本発明は、アシルウレア変性ポリイソシアネート組成物の製造方法に関する。');
  expect(a.method).toBe('上記課題を解決するために、本発明に係るアシルウレア変性ポリイソシアネート組成物の製造方法は、カルボキシル基含有化合物（Ａ）、有機ジイソシアネート（Ｂ）およびアシルウレア化触媒（Ｃ）から、アシルウレア変性ポリイソシアネート組成物を製造する。');
  // Claim 1: 「…蓄積させる、発酵法によるＬ−アミノ酸の製造法において、前記培地が、…を含むことを特徴とする方法。」; claim 3: 「前記微生物が、腸内細菌科に属する細菌またはコリネ型細菌である請求項１または２のいずれか一項に記載の方法。」
  const m = await draft(aminoAcid!);
  expect(m.title).toBe('Ｌ−アミノ酸の製造法');
  // Claim 3 is said of the microorganism it opens on (draft-fixes6.test.ts); claim 4 (「前記腸内細菌科に属する微生物が、…」) of the method.
  expect(m.embodiment).toContain('本実施形態において、上記微生物は、腸内細菌科に属する細菌またはコリネ型細菌であってもよい。');
  expect(m.embodiment).toContain('本実施形態において、Ｌ−アミノ酸の製造法は、上記腸内細菌科に属する微生物が、エシェリヒア属またはパントエア属に属する細菌であってもよい。');
  // Claim 1: 「ビデオデータをコーディングする方法であって、…」
  expect((await draft(video!)).title).toBe('ビデオデータのコーディング方法');
  // Claim 1: 「二輪車のために自動的にウインカーを戻す方法において、 ・操舵角を…戻す（２０６）方法。」: its preamble is said once.
  const i = await draft(indicator!);
  expect(i.title).toBe('二輪車のために自動的にウインカーを戻す方法');
  expect(i.method).toMatch(/^上記課題を解決するために、本発明に係る二輪車のために自動的にウインカーを戻す方法は、操舵角を特徴づける/);
  // Claim 1: 「１つ又は複数のプロセッサによって実施される方法であって、前記方法は、 臓器組織の…」
  const v = await draft(voxel!);
  for (const d of [a, m, i, v]) expect(`${d.domain}${d.background}${d.issue}${d.effect}${d.embodiment}`).not.toMatch(/(?:本発明は、|従来の|本実施形態に係る)方法(?:に関する|では|は)/);
  expect(v.method).not.toContain('方法は、前記方法は、');
});

corpusTest('a sign marks its own component, not the end of a longer kanji word, and a name IPADIC cuts is read whole (JP2017167716A, JP2020092893A, JP2011164949A)', async () => {
  const [program, absorbent, search] = await gazettes('JP2017167716A', 'JP2020092893A', 'JP2011164949A');
  // Claim 1: 「…前記ゲストユーザに前記システムの利用を許可する許可手段と、…第２の利用許可手段、 として機能させるプログラム…」: 許可手段 is sign ２０, 第２の利用許可手段 another.
  const p = await draft(program!);
  expect(p.symbol_descriptions.map(({ name }) => name)).toContain('許可手段');
  expect(p.embodiment).toContain('上記第２の利用許可手段は、');
  expect(p.embodiment).not.toContain('利用許可手段２０');
  // Claim 1: 「不織布を備えた吸収性物品であって、 前記不織布を厚さ方向に貫通した非直線状の切り込みが形成されている、 吸収性物品。」 (read 布).
  const a = await draft(absorbent!);
  expect(a.symbol_descriptions).toContainEqual({ sign: '10', name: '不織布' });
  expect(a.embodiment).toContain('本実施形態に係る吸収性物品１は、不織布１０を備える。');
  // 「…手段とを具備する」 named 手段 (sign １０): 「表示手段」 is not it.
  expect((await draft(search!)).embodiment).not.toContain('表示手段１０');
});

corpusTest('a claim whose words have a topic of their own is said of the thing with 「では」, not with two topics (JP2010164958A, JP2021516888A)', async () => {
  const [resist, channel] = await gazettes('JP2010164958A', 'JP2021516888A');
  // Claim 9: 「前記樹脂は、酸の作用により極性が増大してポジ型現像液に対する溶解度が増大する樹脂であり、…パターン形成方法。」 (read
  // 「また、本実施形態に係るパターン形成方法は、上記樹脂は、…」).
  const r = await draft(resist!);
  expect(r.embodiment).toContain('また、本実施形態に係るパターン形成方法では、上記樹脂は、酸の作用により極性が増大してポジ型現像液に対する溶解度が増大する樹脂');
  // The first claim given is a dependent one (「前記ネットワークデバイスの指示情報は、 ＢＷＰの指示情報、…請求項１に記載のチャネル検出方法。」), restated as independent.
  const c = await draft(channel!);
  expect(c.method).toMatch(/^上記課題を解決するために、本発明に係るチャネル検出方法では、前記ネットワークデバイスの指示情報は、ＢＷＰの指示情報、/);
  for (const d of [r, c]) expect(`${d.method}\n${d.embodiment}\n${d.abstract}`).not.toMatch(/本(?:発明|実施形態)に係る[^、。\n]*?(?<!で)は、(?:上記|前記)[^、。\n]*?(?<![でとに])は、/);
});

corpusTest('an element joined by 「かつ、」 or 「ここで、」 does not open the problem or a sentence on the conjunction (JP2012127955A, JP2013543684A)', async () => {
  const [striking, feedback] = await gazettes('JP2012127955A', 'JP2013543684A');
  // Claim 1: 「…ハンマー（２）を含み、かつ、このハンマーのストライキング部に配置された第１の磁性素子（２０）と、…」
  const s = await draft(striking!);
  expect(s.issue).toMatch(/^しかしながら、従来のストライキング機構では、第２の磁性素子が第１の磁性素子と少なくとも部分的に向き合い、/);
  // Claim 1: 「…コーディングするステップと、…ここで、周期的フィードバックレポートがランク指示情報RIと…」
  const f = await draft(feedback!);
  for (const d of [s, f]) expect(sentencesOf(d).filter((sentence) => /(?:では|によれば|であり)、(?:かつ|ここで)、/.test(sentence))).toEqual([]);
});

corpusTest('a claim\'s bullets (「、 ・…」) are not carried into the description\'s sentences (JP2014118145A, JP2016531902A)', async () => {
  const [indicator, fungicide] = await gazettes('JP2014118145A', 'JP2016531902A');
  // Claim 1: 「二輪車のために自動的にウインカーを戻す方法において、 ・操舵角を特徴づける操舵角変数のための所定の第１条件が満たされているかどうかを点検し（２０２）、 ・…」
  const i = await draft(indicator!);
  expect(i.issue).toMatch(/^しかしながら、従来の二輪車のために自動的にウインカーを戻す方法では、操舵角を特徴づける操舵角変数のための所定の第１条件が満たされているかどうかを点検し（２０２）、第１条件が満たされた後に/);
  // Claim 1: 「組成物であって、 （Ａ） 一般式（Ｉ） 〔式中、 ・ Ｒ１は、メチル基又はハロゲンを表し；及び、 ・ Ｒ２は、…」
  for (const d of [i, await draft(fungicide!)]) expect(sentencesOf(d).filter((sentence) => /(?:^|、)\s*・/.test(sentence))).toEqual([]);
});

corpusTest('a part or the thing whose modifier ends on 「…可能な」 is said to be so, not named twice (JP2022101093A, JP2020187796A, JP2010081946A)', async () => {
  const [game, server, bag] = await gazettes('JP2022101093A', 'JP2020187796A', 'JP2010081946A');
  // Claim 1: 「複数の演出を実行可能な演出手段を備えた遊技台であって、…」 (read 「演出手段１０は、複数の演出を実行可能な演出手段である。」).
  expect((await draft(game!)).embodiment).toContain('\n演出手段１０は、複数の演出を実行可能である。\n');
  // Claim 1: 「移動体と共に移動する端末装置と通信可能なサーバ装置であって、…」
  expect((await draft(server!)).embodiment).toContain('\nサーバ装置１は、移動体と共に移動する端末装置と通信可能である。\n');
  // 「…接着剤面に被せる剥離可能なシート」: the verb's clause modifies the sheet too, and stays with it.
  expect((await draft(bag!)).embodiment).toContain('シート３０は、上記接着剤面に被せる剥離可能なシートである。');
});

corpusTest('a claim\'s dashes before its items are not carried into the description, a formula\'s bonds are (JP2014133099A, JP2011180393A)', async () => {
  const [diamond, resin] = await gazettes('JP2014133099A', 'JP2011180393A');
  // Claim 1: 「…ハート形ダイヤモンドであって、 − 互いに対称的に整列させられる８個のメインクラウンファセットと、 − …」
  const d = await draft(diamond!);
  expect(d.embodiment).toContain('\nガードル４０は、非均一であり且つ当該ダイヤモンドを通じて実質的に不均等な厚さを有する。\n');
  expect(sentencesOf(d).filter((sentence) => /(?:^|、)\s*[−－]\s*[\p{Script=Han}\p{Script=Hiragana}]/u.test(sentence))).toEqual([]);
  // 「…Ｚ１２は、単結合、−Ｏ−、−Ｓ−、…」: bonds of a formula.
  expect(sentencesOf(await draft(resin!)).some((sentence) => sentence.includes('単結合、−Ｏ−、−Ｓ−、'))).toBe(true);
});

corpusTest('the problem and the effect do not name the thing again by the claim\'s preamble (「従来のフィルム材では、フィルム材であって、…」, JP2014159137A, JP2016531902A)', async () => {
  const [film, fungicide] = await gazettes('JP2014159137A', 'JP2016531902A');
  // Claim 1: 「…基材と、…塗膜と、を備えるフィルム材であって、 前記フィルム材は、一対の非製品領域と、当該一対の…」
  const f = await draft(film!);
  expect(f.issue).toMatch(/^しかしながら、従来のフィルム材では、一対の非製品領域と、一対の非製品領域の間に位置する製品領域と、を含み、/);
  // Claim 1: 「組成物であって、 （Ａ） 一般式（Ｉ） 〔式中、…」
  const c = await draft(fungicide!);
  expect(c.effect).toMatch(/^本発明によれば、（Ａ）一般式（Ｉ）〔式中、/);
  for (const d of [f, c]) expect(`${d.issue}${d.effect}`).not.toMatch(/(?:では|によれば)、(?:フィルム材|組成物)であって、/);
});

corpusTest('a part whose modifier only counts it is not said to be 「少なくとも１つの」 itself (JP2014118570A, JP2012502395A)', async () => {
  const [ink, rays] = await gazettes('JP2014118570A', 'JP2012502395A');
  // Claim 1: 「耐光性のオレンジ放射線硬化性ゲルインクであって、少なくとも１つの硬化性モノマー、少なくとも１つの有機ゲル化剤、少なくとも１つの光開始剤および着色剤を含み、…」
  const i = await draft(ink!);
  expect(i.embodiment).toContain('\n有機ゲル化剤２０の具体的な構成は特に限定されず、インクの用途に応じて適宜選択することができる。\n');
  for (const d of [i, await draft(rays!)]) expect(d.embodiment).not.toMatch(/(?:少なくとも１つ|複数)の[^、。]*?である。/);
});
