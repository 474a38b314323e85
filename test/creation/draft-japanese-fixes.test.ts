// Broken sentences of the Japanese drafter without GPT, on the gazettes they were found in: a
// claim's list closed by 「を備えている」, an element cut before the clause it times, a claim
// reference after a subject read as its last conjunct, a formula's 「。」 read as the claim's end, an
// abstract cut on a particle. Expected text is written from the gazettes' claims. No database: the
// records are read from ../shared/corpus.
import { japaneseAbstractLength as abstractLength } from '../../src/patent-documents/checks/abstract.ts';
import type { PatentRecord } from '../../src/patents/record.ts';
import { corpusTests, gazettesWithClaims } from '../helpers/corpus.ts';
import { draftOfRecord, sentencesOf } from '../helpers/draft-input.ts';

const { dir: CORPUS, test: corpusTest } = corpusTests('jp-fulltext.jsonl.gz');

const gazettes = (...ids: string[]) => gazettesWithClaims<PatentRecord>(CORPUS, ...ids);

/** The draft from the gazette's first ten claims. */
const draft = (record: PatentRecord) => draftOfRecord(record);


/** A sentence with no predicate: 「…は、ている。」, 「…は、。」, one ending on a particle. */
const BROKEN = /[はが]、(?:ている|てもよい|。)|[をはがにでとの、]。|^、/;

corpusTest('a list closed by 「を備えている」 leaves no 「ている」 element (JP3236365U, JP2017147899A)', async () => {
  const [building, harness] = await gazettes('JP3236365U', 'JP2017147899A');
  // Claim 1: 「…既存住宅と、…増築構造物と、…付設構造物と、…増築階と、…新規廊下と、…通路とを備えていることを特徴とする建築物。」
  const b = await draft(building!);
  expect(b.embodiment).not.toContain('は、ている。');
  // The point part 「…を連結する通路」 is said with its modifier (japanese-point.ts).
  expect(b.issue).toContain('従来の建築物では、１組の階の間に存在する屋外階段の踊り場と新規廊下とを連結する通路を備える構成については十分に検討されていない。');
  // Claim 2: 「…エレベータがさらに設けられていることを特徴とする請求項１記載の建築物。」: 「ことを特徴とする」 goes with the reference.
  expect(b.embodiment).toContain('乗降口７０を有するエレベータがさらに設けられていてもよい。');
  expect(b.embodiment).not.toContain('を特徴と');
  // Claim 1: 「複数本の電線と、…弾性シートと、…複数の突起部とを備えていることを特徴とするワイヤーハーネス。」
  const h = await draft(harness!);
  expect(sentencesOf(h).filter((sentence) => BROKEN.test(sentence))).toEqual([]);
  expect(h.effect).toBe('本発明によれば、弾性シートに一体に形成され、電線に対して弾性的に当接可能な複数の突起部を備えるワイヤーハーネスを提供することができる。');
});

corpusTest('an element ending 「…した後に、」 is read with the clause it times (JP2010001570A, JP2012040876A)', async () => {
  const [cord, coating] = await gazettes('JP2010001570A', 'JP2012040876A');
  // Claim 1: 「無撚りのアラミド繊維に、…水溶性接着剤を塗布した後に、前記アラミド繊維を加撚する、…製造方法。」
  const c = await draft(cord!);
  expect(c.embodiment).toContain('カーボンブラックを含む水溶性接着剤を塗布した後に、上記アラミド繊維を加撚する。');
  expect(c.embodiment).not.toContain('後にである');
  // Claim 1: 「…このコーティングを少なくとも２００℃の温度に少なくとも３０分間さらした後に、コーティング表面に対し、約３０°未満の滑り角を示する、コーティング。」
  const k = await draft(coating!);
  expect(k.embodiment).toContain('少なくとも３０分間さらした後に、コーティング表面に対し、約３０°未満の滑り角を示する。');
  expect(k.embodiment).not.toContain('後にである');
});

corpusTest('a claim reference to 「感活性光線性又は感放射線性樹脂組成物」 is dropped whole (JP2011180393A)', async () => {
  const [resist] = await gazettes('JP2011180393A');
  // Claim 3: 「前記（ｘ）〜（ｚ）からなる群から選ばれる少なくとも１つの基を有する繰り返し単位が、フッ素原子及び珪素原子の少なくとも
  // いずれかを有することを特徴とする請求項２に記載の感活性光線性又は感放射線性樹脂組成物。」
  const r = await draft(resist!);
  expect(r.embodiment).not.toContain('感活性光線性又は。');
  expect(r.embodiment).not.toContain('感活性光線性又はであって');
  expect(r.embodiment).toContain('繰り返し単位が、フッ素原子及び珪素原子の少なくともいずれかを有してもよい。');
});

corpusTest('the 「。」 inside a formula\'s brackets does not end the claim (JP2010013354A, JP2014111522A)', async () => {
  const [derivative, piezo] = await gazettes('JP2010013354A', 'JP2014111522A');
  // Claim 1: 「一般式（１）［式中、…、は単結合又は二重結合を示す。］で表されることを特徴とする…ピリダジノン誘導体、…又はその水和物。」
  const d = await draft(derivative!);
  expect(d.title).not.toContain('単結合');
  expect(d.embodiment).toContain('置換基を有してもよい炭素数１〜６のアルコキシ基');
  expect(d.embodiment).not.toMatch(/は、てもよい/);
  // Claim 1: 「下記一般式（１）：…（式中、…、ｙは０．０４１≦ｙ≦０．０７４を示す。）で表わされる…を含有する…圧電材料。」
  const p = await draft(piezo!);
  expect(p.title).toBe('圧電材料');
  expect(p.domain).toBe('本発明は、圧電材料に関する。');
});

corpusTest('a long abstract ends on a clause that can end a sentence, not on a particle (JP2010065709A, JP2022524171A)', async () => {
  const [transmission, gyroscope] = await gazettes('JP2010065709A', 'JP2022524171A');
  // Claim 1 goes on past 400 characters after 「…対向面は各軸中心に向けて対向するハーフプーリとの間隔が狭くなるテーパ面であり、」.
  const t = await draft(transmission!);
  expect(abstractLength(t.abstract)).toBeLessThanOrEqual(400);
  expect(t.abstract).toMatch(/ハーフプーリとの間隔が狭くなるテーパ面である。$/);
  // 「…角度は４５°であるリングを備え、前記ジャイロスコープは、…」: the room 【課題】 leaves ends at the ring's clause.
  const g = await draft(gyroscope!);
  expect(abstractLength(g.abstract)).toBeLessThanOrEqual(400);
  expect(g.abstract).toMatch(/角度は４５°であるリングを備える。$/);
});

corpusTest('a step 「…を決定すること」 is what the method includes (JP2022510643A)', async () => {
  const [storage] = await gazettes('JP2022510643A');
  const s = await draft(storage!);
  expect(s.effect).toBe('本発明によれば、記述情報及びフィールド情報に基づいて、サンプル集合の構成ファイルを決定することを含む記憶方法を提供することができる。');
});

const signsOf = (sections: { symbol_descriptions: Array<{ sign: string; name: string }> }) => sections.symbol_descriptions.map(({ sign, name }) => `${name}${sign}`);

corpusTest('the parts a listed component is given in its own element are signed, and the lists of theirs (JP7550342B2, JP2014218185A)', async () => {
  const [shaft, seat] = await gazettes('JP7550342B2', 'JP2014218185A');
  // Claim 1: 「…車両取付部材であって、前記車両に取り付けられる取付部と、前記取付部に支持される被支持部と、を有する前記車両取付部材と、
  // …第１軸部材であって、…スリーブヨーク部と、…スタブシャフト部と、…筒部と、を有し、…」; claim 3 「前記スタブシャフト部は、…接続部と、
  // …雄スプライン部と、…ベアリング固定部と、を有し」; claim 4 「…第２軸部材を備え」; claim 7 …段差部と、…スタブ筒部と、を有し;
  // claim 10 「前記スリーブヨーク部は、…車両接続筒部と、…底部と、を有し」.
  const s = await draft(shaft!);
  expect(signsOf(s)).toEqual([
    'プロペラシャフト1',
    '車両取付部材10',
    '第１軸部材20',
    '取付部30',
    '被支持部40',
    'スリーブヨーク部50',
    'スタブシャフト部60',
    '筒部70',
    '接続部80',
    '雄スプライン部90',
    'ベアリング固定部100',
    '第２軸部材110',
    '段差部120',
    'スタブ筒部130',
    '車両接続筒部140',
    '底部150',
  ]);
  expect(s.embodiment).toContain('上記車両に取り付けられる取付部３０と、上記取付部３０に支持される被支持部４０と、を有する。');
  // Claim 1: 「…一対のサイドフレーム部と、…背面パネル部と、を含んで構成されたシートバックフレームと、…」.
  const t = await draft(seat!);
  expect(signsOf(t).slice(-2)).toEqual(['サイドフレーム部40', '背面パネル部50']);
  expect(t.embodiment).toContain('後方変位部３０は、上記背面パネル部５０に形成され、');
});

corpusTest('what a signed component is made up of (「…からなり」) and a pair joined by a bare 「と」 are signed (JP2022060016A, JP2011054946A)', async () => {
  const [fixture, display] = await gazettes('JP2022060016A', 'JP2011054946A');
  // Claim 4: 「前記付勢部材は、前記第１基部に設けられた螺合部に螺着されるねじ部を有する螺着部材からなり、前記螺着部材は、…螺進する…」.
  const f = await draft(fixture!);
  expect(signsOf(f).at(-1)).toBe('螺着部材90');
  expect(f.embodiment).toContain('ねじ部８０を有する螺着部材９０からなり、上記螺着部材９０は、');
  // Claim 1: 「同一基板上に第１の薄膜トランジスタを有する画素部と第２の薄膜トランジスタを有する駆動回路を有し、…」.
  const d = await draft(display!);
  expect(signsOf(d)).toEqual(expect.arrayContaining(['第１の薄膜トランジスタ80', '画素部90', '第２の薄膜トランジスタ100', '駆動回路110']));
  expect(d.embodiment).toContain('第１の薄膜トランジスタ８０を有する画素部９０と第２の薄膜トランジスタ１００を有する駆動回路１１０を有し');
});

corpusTest('a claim whose first sentence ends on a verb claims an act or the thing it provides, not its last words (JP2024125135A, JP2024125258A, JP3214781U, JP2011115514A)', async () => {
  const [transformer, engine, apron, towel] = await gazettes('JP2024125135A', 'JP2024125258A', 'JP3214781U', 'JP2011115514A');
  // Claim 1: 「変圧器を二次コイルを上にして、横倒しに設置する。」 (read before as the subject 「横倒しに設置する」).
  const t = await draft(transformer!);
  expect(t.title).toBe('変圧器の設置方法');
  expect(t.method).toBe('上記課題を解決するために、本発明に係る変圧器の設置方法は、変圧器を二次コイルを上にして、横倒しに設置する。');
  // Claim 1: 「横倒しエンジンを垂直に設置すること。 四輪車・二輪車・…・船舶等。」: the list of vehicles is no component.
  const e = await draft(engine!);
  expect(e.title).toBe('横倒しエンジンの設置方法');
  expect(e.symbol_descriptions).toEqual([]);
  // Claim 1: 「使い捨てエプロン（１）において、シート部（２）に首紐部（３）、溶断シール部（４）、ポケット部（５）を設けた使い捨てエプロンを提供する。」
  const a = await draft(apron!);
  expect(a.title).toBe('使い捨てエプロン');
  expect(a.effect).toBe('本発明によれば、シート部（２）に首紐部（３）、溶断シール部（４）、ポケット部（５）を設けた使い捨てエプロンを提供することができる。');
  expect(a.embodiment).toContain('シート部２に首紐部３、溶断シール部４、ポケット部５を設けている。');
  // Claim 1: 「浴槽に入る時や…ズリ落ちて来ます。…直ぐ利用できる便利さを特徴とする多機能タオル。」
  expect((await draft(towel!)).title).toBe('多機能タオル');
});

corpusTest('a dependent claim opening 「請求項１乃至請求項３のいずれか１項において、」 leaves no claim reference in the description (JP2011171723A, JP2011054946A)', async () => {
  const [circuit, display] = await gazettes('JP2011171723A', 'JP2011054946A');
  // Claim 4: 「請求項１乃至請求項３のいずれか１項において、前記トランジスタのオフ電流密度は、１００ｚＡ／μｍ以下である信号処理回路。」
  const c = await draft(circuit!);
  expect(c.embodiment).toContain('本実施形態において、上記トランジスタのオフ電流密度は、１００ｚＡ／μｍ以下であってもよい。');
  expect(c.embodiment).not.toContain('請求項');
  // Claim 7: 「請求項６において、前記導電層は、前記画素電極層と同じ材料である半導体装置。」
  const d = await draft(display!);
  expect(d.embodiment).toContain('本実施形態において、上記導電層５０は、上記画素電極層７０と同じ材料であってもよい。');
  expect(d.embodiment).not.toContain('請求項');
});

corpusTest('the claimed thing\'s own sign is no part of its name (JP2012247417A)', async () => {
  const [meter] = await gazettes('JP2012247417A');
  // Claim 1 ends 「…を備える公共料金メータ（１００）。」; claim 5 「前記温度センサ（２１０）が前記基部（１４０）上に配置される、請求項４記載の公共料金メータ（１００）。」
  const m = await draft(meter!);
  expect(m.title).toBe('公共料金メータ');
  expect(m.embodiment).toContain('本実施形態において、公共料金メータ１００は、上記温度センサ２１０が上記基部１４０上に配置されてもよい。');
  expect(m.embodiment).not.toContain('請求項');
});

corpusTest('a claim reference 「…請求項４に記載した光源装置」, 「…請求項１のロールスクリーン」 goes with what claims it (JP2014062952A, JP2021110089A)', async () => {
  const [light, screen] = await gazettes('JP2014062952A', 'JP2021110089A');
  // Claim 5: 「前記誘導光学系は、ミラーと集光レンズとを有することを特徴とする請求項４に記載した光源装置。」
  const l = await draft(light!);
  expect(l.embodiment).toContain('本実施形態において、上記誘導光学系５０は、ミラーと集光レンズ３０とを有してもよい。');
  expect(l.embodiment).not.toContain('記載した構成');
  // Claim 2: 「前記スクリーン部材の横幅が前記窓開口の横幅より長いことを特徴とする請求項１又は２のロールスクリーン。」
  const s = await draft(screen!);
  expect(s.embodiment).toContain('本実施形態において、ロールスクリーン１は、上記スクリーン部材２０の横幅が上記窓開口の横幅より長くてもよい。');
  expect(s.embodiment).not.toContain('のであってもよい');
});

corpusTest('a claim restated as independent says nothing of the claim it cites (JP2021516888A, JP2015018388A)', async () => {
  const [channel, control] = await gazettes('JP2021516888A', 'JP2015018388A');
  // The first claim given: 「前記ネットワークデバイスの指示情報は、…のうちの少なくとも１つを含むことを特徴とする請求項１に記載のチャネル検出方法。」
  const c = await draft(channel!);
  expect(c.method).toMatch(/^上記課題を解決するために、本発明に係るチャネル検出方法では、前記ネットワークデバイスの指示情報は、.*のうちの少なくとも１つを含む。$/m);
  expect(c.method).not.toContain('請求項');
  // 「…時定数にそれぞれ設定する請求項５又は請求項６に記載の制御パラメータ調整システム。」
  expect((await draft(control!)).method).not.toContain('請求項');
});

corpusTest('「…化合物及びその塩」 names the claimed things, it is no element (JP2022514722A)', async () => {
  const [compound] = await gazettes('JP2022514722A');
  // Claim 1: 「以下化学式１の化合物及びその塩。（前記式で…）」
  const c = await draft(compound!);
  expect(sentencesOf(c).filter((sentence) => sentence.includes('そのである'))).toEqual([]);
  expect(c.effect).toBe('本発明によれば、新規な化合物及びその塩を提供することができる。');
});

corpusTest('what follows 「ことを特徴とする」 in a dependent claim names the claimed thing, said already (JP2017048751A, JP2012148957A)', async () => {
  const [engine, glass] = await gazettes('JP2017048751A', 'JP2012148957A');
  // 「請求項１に記載の圧縮比調整装置において、…高く設定することを特徴とする内燃機関の圧縮比調整装置。」
  const e = await draft(engine!);
  expect(e.embodiment).toContain('本実施形態において、上記可変圧縮比機構１０は、上記内燃機関の高負荷領域において、排気（吸気）上死点のピストン位置を圧縮上死点のピストン位置より高く設定してもよい。');
  expect(e.embodiment).not.toContain('を特徴とする');
  // 「…前記端面が鏡面であることを特徴とする携帯型電子機器用カバーガラスのガラス基板。」
  expect((await draft(glass!)).embodiment).toContain('本実施形態において、携帯型電子機器用カバーガラスのガラス基板１は、上記端面１０が鏡面であってもよい。');
});

corpusTest('a section cut to its limit is cut at sentence ends, not at the periods of 「ΔT1, ΔT2,..., ΔTn」 (JP2014116944A)', async () => {
  const [backlight] = await gazettes('JP2014116944A');
  const b = await draft(backlight!);
  // Before, 「..., ΔTnに調節してもよい。」 was read as a sentence of its own and the text before it was dropped.
  expect(b.embodiment).not.toMatch(/^, /m);
  expect(b.embodiment).toContain('上記信号継続時間調節モジュール７０は、上記駆動信号I1, I2,..., Inの個別継続時間を、それぞれΔT1, ΔT2,..., ΔTnに調節してもよい。');
  expect(b.embodiment.length).toBeLessThanOrEqual(1500);
});
