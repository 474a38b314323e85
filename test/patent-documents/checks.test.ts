// The drafting checks on real corpus documents: a JPO gazette (JP2010000001A, an application
// publication whose claims use 上記 and 「請求項１〜４のいずれか１項に記載の」) and a US grant
// (US6530116B2). Chosen so that their real claims give no antecedent finding — not every real
// document does: of the first 12 granted US patents in us.jsonl.gz with ≥ 5 claims, 2 give none
// (US11147203B2 and this one; bench/drafting-checks.ts lists what the others give), and of the
// first 8 JP gazettes all 8 give none. Each planted error must be found at its place.
import { checkDocument, type DraftingFinding } from '../../src/patent-documents/checks.ts';
import { checkJapaneseAntecedents } from '../../src/patent-documents/checks/antecedent-ja.ts';
import { emptySections, type PatentDocument } from '../../src/patent-documents/model.ts';
import type { PatentRecord } from '../../src/patents/record.ts';
import { documentFromJpGazette, documentFromUsRecord, firstCorpusRecord, hasCorpusFile, readCorpusFile } from '../helpers/patent-document.ts';

const jpRecords = readCorpusFile('jp-fulltext.jsonl.gz');
const usAvailable = hasCorpusFile('us.jsonl.gz');
const testWithCorpus = jpRecords && usAvailable ? test : test.skip;
if (!jpRecords || !usAvailable) console.warn('The shared corpus is missing: the drafting-check tests are skipped');
/** us.jsonl.gz read only as far as US6530116B2, its 3,462nd of 15,816 records (the whole file is 497 million characters). */
let usRecord: PatentRecord | undefined;
beforeAll(async () => {
  if (usAvailable) usRecord = await firstCorpusRecord('us.jsonl.gz', (record) => record.id === 'US6530116B2');
}, 120_000);

const jpDocument = (): PatentDocument => documentFromJpGazette(jpRecords!.find((record) => record.id === 'JP2010000001A')!);
const usDocument = (): PatentDocument => documentFromUsRecord(usRecord!);
/** A document of one embodiment and its list of signs, nothing else. */
const signedDocument = (lang: PatentDocument['lang'], embodiment: string, symbols: Array<[sign: string, name: string]>): PatentDocument => ({
  lang,
  sections: { ...emptySections(), embodiment, symbol_descriptions: symbols.map(([sign, name]) => ({ sign, name })) },
  drawings: [],
});
const of = (findings: DraftingFinding[], check: DraftingFinding['check']) => findings.filter((finding) => finding.check === check);
const where = (finding: DraftingFinding) => ({ check: finding.check, section: finding.section, item: finding.item, text: finding.text, key: finding.key });

/** A finding present after the change and absent before it. */
async function newFindings(before: PatentDocument, after: PatentDocument): Promise<DraftingFinding[]> {
  const old = new Set((await checkDocument(before)).map((finding) => JSON.stringify(finding)));
  return (await checkDocument(after)).filter((finding) => !old.has(JSON.stringify(finding)));
}

describe('real documents', () => {
  testWithCorpus('a real JPO gazette: no antecedent, dependency or figure finding; its long sections exceed 1,500', async () => {
    const document = jpDocument();
    expect(document.sections.claims).toHaveLength(7);
    const findings = await checkDocument(document);
    expect(of(findings, 'antecedent')).toEqual([]);
    expect(of(findings, 'dependency')).toEqual([]);
    expect(of(findings, 'figures')).toEqual([]);
    expect(of(findings, 'support')).toEqual([]);
    const length = of(findings, 'length').find((finding) => finding.section === 'embodiment')!;
    expect(length).toMatchObject({ severity: 'error', key: 'checks.length', values: { length: [...document.sections.embodiment].length, limit: 1500 } });
    expect(document.sections.embodiment.startsWith(length.text)).toBe(true);
  });

  testWithCorpus('a real US grant: no antecedent, dependency or figure finding', async () => {
    const document = usDocument();
    expect(document.sections.claims.length).toBe(20);
    const findings = await checkDocument(document);
    expect(of(findings, 'antecedent')).toEqual([]);
    expect(of(findings, 'dependency')).toEqual([]);
    expect(of(findings, 'figures')).toEqual([]);
    // No reference-sign list in a US grant: signs are not checked.
    expect(of(findings, 'signs')).toEqual([]);
  });
});

describe('antecedent basis', () => {
  // Reported where the term first dangles: claim 7 depends on claim 6, which already names it.
  testWithCorpus('ja: claim 1 no longer introduces 一対のガイド板, so 「上記一対のガイド板」 of claim 6 dangles', async () => {
    const document = jpDocument();
    const planted = structuredClone(document);
    expect(planted.sections.claims[0]).toContain('着脱自在な一対のガイド板とを備えた');
    planted.sections.claims[0] = planted.sections.claims[0]!.replace('着脱自在な一対のガイド板とを備えた', '着脱自在な部材とを備えた');
    const found = of(await newFindings(document, planted), 'antecedent');
    expect(found.map(where)).toEqual([
      { check: 'antecedent', section: 'claims', item: 5, text: '上記一対のガイド板', key: 'checks.antecedent' },
    ]);
    expect(found[0]!.values).toEqual({ claim: 6, term: '一対のガイド板' });
  });

  testWithCorpus('ja: 「前記X」 in a claim that depends on nothing any more', async () => {
    const document = jpDocument();
    const planted = structuredClone(document);
    // Claim 2 made independent: its 「上記第１および第２の境界線」 lost claim 1, where 境界線 was introduced.
    planted.sections.claims[1] = planted.sections.claims[1]!.replace('請求項１記載のバリカン式刈刃装置において、', '');
    const found = of(await newFindings(document, planted), 'antecedent');
    expect(found.map((finding) => finding.text)).toContain('上記第１および第２の境界線');
    expect(found.every((finding) => finding.item === 1)).toBe(true);
  });

  testWithCorpus('ja: real claims whose terms were introduced: an amount, a place or an address after the term, an ordinal with a suffix, 及び after a verb\'s stem', async () => {
    // JP2013197100A 「前記無機化合物１００質量部を基準に」, JP2014142390A 「第１基材と、前記第１基材の上に」, JP2014037831A 「前記出口近傍の」,
    // JP2017167716A 「前記通信アドレス宛に」: each term is in the claim or a claim it depends on.
    const claimsOf = (id: string) => documentFromJpGazette(jpRecords!.find((record) => record.id === id)!).sections.claims;
    const terms = async (id: string) => (await checkJapaneseAntecedents(claimsOf(id))).map((finding) => finding.values.term);
    expect(claimsOf('JP2013197100A').some((claim) => claim.includes('前記無機化合物１００質量部'))).toBe(true);
    expect(await terms('JP2013197100A')).not.toContain('無機化合物１００質量部');
    expect(await terms('JP2014142390A')).not.toContain('第１基材の上');
    expect(await terms('JP2014037831A')).not.toContain('出口近傍');
    expect(await terms('JP2017167716A')).not.toContain('通信アドレス宛');
    // Terms that were not introduced are still told: 「前記メッキ皮膜」 after 「ニッケルメッキ被膜」 (JP2010003711A, a real slip).
    expect(await terms('JP2010003711A')).toContain('メッキ皮膜');
  });

  test('ja: 「上記読取手段及び上記選択手段」 after both were introduced; an amount after a term never introduced is still told', async () => {
    const claims = ['読取手段と、選択手段と、上記読取手段及び上記選択手段を制御する制御部とを備える装置。', '請求項１に記載の装置において、前記樹脂１００質量部に対して前記無機粒子を含む装置。'];
    expect((await checkJapaneseAntecedents(claims)).map((finding) => [finding.item, finding.values.term])).toEqual([
      [1, '樹脂１００質量部'],
      [1, '無機粒子'],
    ]);
  });

  testWithCorpus('en: "the cover" without "a cover" before it', async () => {
    const document = usDocument();
    const planted = structuredClone(document);
    expect(planted.sections.claims[2]).toContain('the housing comprises a cover and a base, the cover secured to the base');
    planted.sections.claims[2] = planted.sections.claims[2]!.replace('comprises a cover and a base', 'comprises a base');
    const found = of(await newFindings(document, planted), 'antecedent');
    expect(found.map(where)).toEqual([{ check: 'antecedent', section: 'claims', item: 2, text: 'the cover', key: 'checks.antecedent' }]);
    expect(found[0]!.values).toEqual({ claim: 3, term: 'cover' });
  });
});

describe('dependencies', () => {
  testWithCorpus('ja: a later claim, the claim itself and a missing claim, ranges expanded', async () => {
    const document = jpDocument();
    const planted = structuredClone(document);
    planted.sections.claims[1] = planted.sections.claims[1]!.replace('請求項１記載の', '請求項３記載の');
    planted.sections.claims[4] = planted.sections.claims[4]!.replace('請求項１〜４のいずれか１項', '請求項１〜８のいずれか１項');
    const found = of(await checkDocument(planted), 'dependency');
    expect(found.map((finding) => [finding.item, finding.text, finding.key, finding.values.referenced])).toEqual([
      [1, '請求項３', 'checks.dependency.later', 3],
      [4, '請求項１〜８', 'checks.dependency.self', 5],
      [4, '請求項１〜８', 'checks.dependency.later', 6],
      [4, '請求項１〜８', 'checks.dependency.later', 7],
      [4, '請求項１〜８', 'checks.dependency.missing', 8],
    ]);
  });

  testWithCorpus('en: the claim itself and a missing claim', async () => {
    const document = usDocument();
    const planted = structuredClone(document);
    planted.sections.claims[1] = planted.sections.claims[1]!.replace('according to claim 1', 'according to claim 2');
    planted.sections.claims[2] = planted.sections.claims[2]!.replace('according to claim 1', 'according to claim 21');
    const found = of(await checkDocument(planted), 'dependency');
    expect(found.map((finding) => [finding.section, finding.item, finding.text, finding.key])).toEqual([
      ['claims', 1, 'claim 2', 'checks.dependency.self'],
      ['claims', 2, 'claim 21', 'checks.dependency.missing'],
    ]);
  });
});

describe('support', () => {
  testWithCorpus('ja and en: a claim term the description never uses', async () => {
    const jp = jpDocument();
    const jpPlanted = structuredClone(jp);
    jpPlanted.sections.claims[0] = jpPlanted.sections.claims[0]!.replace('一対のガイド板とを備えた', '一対のガイド板と電磁石とを備えた');
    expect(jp.sections.embodiment).not.toContain('電磁石');
    expect((await newFindings(jp, jpPlanted)).map(where)).toContainEqual({ check: 'support', section: 'claims', item: 0, text: '電磁石', key: 'checks.support' });

    const us = usDocument();
    const usPlanted = structuredClone(us);
    usPlanted.sections.claims[0] = usPlanted.sections.claims[0]!.replace('a blower adapted', 'a turbocharger adapted');
    const found = (await newFindings(us, usPlanted)).filter((finding) => finding.check === 'support');
    expect(found.map(where)).toEqual([{ check: 'support', section: 'claims', item: 0, text: 'turbocharger', key: 'checks.support' }]);
    expect(found[0]!.severity).toBe('warning');
  });
});

describe('reference signs', () => {
  testWithCorpus('ja: a sign used but no longer listed, and a listed sign no longer used', async () => {
    const document = jpDocument();
    const planted = structuredClone(document);
    const at = planted.sections.symbol_descriptions.findIndex((entry) => entry.sign === '13');
    expect(planted.sections.symbol_descriptions[at]!.name).toBe('第１刈刃体');
    planted.sections.symbol_descriptions.splice(at, 1);
    const unlisted = (await newFindings(document, planted)).filter((finding) => finding.check === 'signs');
    expect(unlisted).toHaveLength(1);
    expect(unlisted[0]).toMatchObject({ severity: 'warning', key: 'checks.signs.unlisted', values: { sign: '13' } });
    expect(unlisted[0]!.text).toMatch(/刈刃体１３$/);
    expect(planted.sections[unlisted[0]!.section as 'embodiment']).toContain(unlisted[0]!.text);

    // 「駆動機構６」 written without its sign everywhere: 6 is listed but never used.
    const unused = structuredClone(document);
    for (const section of ['embodiment', 'method', 'domain', 'background'] as const) unused.sections[section] = unused.sections[section].replace(/駆動機構６(?![０-９ａ-ｚ])/g, '駆動機構');
    const six = unused.sections.symbol_descriptions.findIndex((entry) => entry.sign === '6');
    // (The gazette lists its first embodiment's signs, not the 200s of its second: the one finding that says so counts 6 no more.)
    const told = of(await newFindings(document, unused), 'signs').filter((finding) => finding.key !== 'checks.signs.partialList');
    expect(told.map(where)).toEqual([{ check: 'signs', section: 'symbol_descriptions', item: six, text: '6 駆動機構', key: 'checks.signs.unused' }]);
  });

  test('en: with a list, "blower 99" not in it is reported', async () => {
    const document = signedDocument('en', 'The vacuum cleaner 10 has a hose 12 and a blower 99. The hose 12 is attached to the vacuum cleaner 10.', [
      ['10', 'vacuum cleaner'],
      ['12', 'hose'],
    ]);
    const found = of(await checkDocument(document), 'signs');
    expect(found.map(where)).toEqual([{ check: 'signs', section: 'embodiment', item: undefined, text: 'blower 99', key: 'checks.signs.unlisted' }]);
  });

  testWithCorpus('en: a list naming one of the many signs a US grant uses is told once, not sign by sign', async () => {
    const document = usDocument();
    const planted = structuredClone(document);
    planted.sections.symbol_descriptions = [{ sign: '10', name: 'vacuum cleaner' }];
    planted.sections.embodiment = `${planted.sections.embodiment}\nThe vacuum cleaner 10 has a blower 99.`;
    const found = of(await checkDocument(planted), 'signs');
    expect(found.map((finding) => finding.key)).toEqual(['checks.signs.partialList']);
    expect(Number(found[0]!.values.count)).toBeGreaterThan(10);
    expect(Number(found[0]!.values.used)).toBe(Number(found[0]!.values.count) + 1);
    expect(String(found[0]!.values.signs).split(', ')).not.toContain('10');
  });
});

describe('numbers that are not signs, and signs written otherwise (sentences of real gazettes)', () => {
  // Each was an unlisted or unused finding on a gazette of bench/drafting-checks.ts half A (2026-11-29).
  test('ja: quantities, ranges, values, documents, counters and headings are not signs', async () => {
    const sentences = [
      '圧電材料を構成する結晶粒の平均円相当径が１μｍ以上１０μｍ以下であることが好ましい。', // JP2014111522A
      '成膜温度３００℃、ＲＦ出力３００Ｗ、電源周波数１３．５６ＭＨｚとすれば良い。', // JP2011171723A
      'ドーズ量１×１０１６ｉｏｎｓ／ｃｍ２以上６×１０１６ｉｏｎｓ／ｃｍ２以下とすること。', // JP2011171723A
      '正極活物質としての平均粒径１５〜２０μｍのＬｉ・Ｃｏ系複合酸化物を用いた。', // JP2016126896A
      'ジメチルカーボネートを体積比３：７で混合した溶媒に対し、', // JP2016126896A
      '例えば特開2010-037354号公報（特許文献１）等に記載されている。', // JP2021130751A
      '熱可塑性エラストマーとしては、例えば、特開平５−３３１２５６号公報に記載の熱可塑性ポリエステル系エラストマーを用いる。', // JP2019001358A
      '第２の基板１５０上に形成される素子部と、該２つの素子部で挟まれる液晶層１６０とを有する。', // JP2014089444A
      '試験法１：エッチング速度を測定した。', // JP2014070017A
      '小役の条件装置として、ベル０１〜ベル２１が設定されている。不実施を意味する値０と、', // JP2016019681A
      '［積層体の形成１］ 次に、絶縁層１０３上に、酸化物層を形成する。', // JP2014143408A
    ];
    const document = signedDocument('ja', sentences.join('\n'), [
      ['103', '絶縁層'],
      ['150', '第２の基板'],
      ['160', '液晶層'],
    ]);
    expect(of(await checkDocument(document), 'signs')).toEqual([]);
  });

  test('ja: signs after a word the list gives them, after 符号, in brackets, and a group by its number', async () => {
    const document = signedDocument(
      'ja',
      [
        '作業者が機体上に立てるようにした作業ステップ４１を残葉処理部５の側方に設ける。', // JP2010017197A (a step is mostly ステップＳ１)
        '複数の圧縮機段４４のうち相対的に軸線方向の中央に配置された中間段４６を含む。', // JP2014037831A (段 mostly counts)
        '遊技制御用マイクロコンピュータ１００は、ＣＰＵ１０３を含む。', // JP2015123134A (letters before a number)
        '符号１０１は後輪を示し、符号１０２は前輪を示す。', // JP2014118145A
        '使い捨てエプロン（１）において、シート部（２）に首紐部（３）を設ける。', // JP3214781U
        'ガス置換装置１は、チェンバー２Ａ及びチェンバー２Ｂからなっており、', // JP2011213351A (「２ チェンバー」 listed, the text using 2A and 2B only)
      ].join('\n'),
      [
        ['1', 'ガス置換装置'],
        ['2', 'チェンバー'],
        ['2A', '上流側のチェンバー'],
        ['2B', '下流側のチェンバー'],
        ['5', '残葉処理部'],
        ['41', '作業ステップ'],
        ['44', '圧縮機段'],
        ['46', '中間段'],
        ['100', '遊技制御用マイクロコンピュータ'],
        ['103', 'ＣＰＵ'],
        ['101', '後輪'],
        ['102', '前輪'],
        ['1', '使い捨てエプロン'],
        ['2', 'シート部'],
        ['3', '首紐部'],
      ],
    );
    expect(of(await checkDocument(document), 'signs').map(where)).toEqual([]);
    // Unlisted, a bracketed sign is still told where the document writes its signs so.
    const unlisted = structuredClone(document);
    unlisted.sections.symbol_descriptions = unlisted.sections.symbol_descriptions.filter((entry) => entry.name !== '首紐部');
    expect(of(await checkDocument(unlisted), 'signs').map((finding) => [finding.key, finding.text])).toEqual([['checks.signs.unlisted', '首紐部（３）']]);
  });

  testWithCorpus('ja: a list of the main parts only (JP2018027464A: 50 signs listed, over a thousand used) is told once', async () => {
    const document = documentFromJpGazette(jpRecords!.find((record) => record.id === 'JP2018027464A')!);
    const found = of(await checkDocument(document), 'signs');
    const partial = found.filter((finding) => finding.key === 'checks.signs.partialList');
    expect(partial).toHaveLength(1);
    expect(Number(partial[0]!.values.count)).toBeGreaterThan(1000);
    // What is still told sign by sign: a sign amid listed ones, or one the claims or the summary use.
    expect(found.filter((finding) => finding.key === 'checks.signs.unlisted').length).toBeLessThan(40);
  });
});

describe('signs listed with a comma', () => {
  testWithCorpus('ja: 「従動ローラー２１，２２」 uses 22 too (JP2020199710A: no 「22 従動ローラー」 unused)', async () => {
    const document = documentFromJpGazette(jpRecords!.find((record) => record.id === 'JP2020199710A')!);
    expect(document.sections.embodiment).toContain('従動ローラー２１，２２');
    const unused = of(await checkDocument(document), 'signs').filter((finding) => finding.key === 'checks.signs.unused');
    expect(unused.map((finding) => finding.values.sign)).not.toContain('22');
  });

  test('ja: chemical locants 「１，４−ジオキサン」「４，４’−アゾビス」 are no signs; 「ローラ１０，１１」 and 「アーム４０ｈ，４０ｈ」 are', async () => {
    const document = signedDocument('ja', '溶媒は無水１，４−ジオキサンであり、開始剤は４，４’−アゾビスイソブチロニトリルである。ローラ１０，１１が取付アーム４０ｈ，４０ｈに支持される。', [
      ['10', 'ローラ'],
      ['11', 'ローラ'],
    ]);
    expect(of(await checkDocument(document), 'signs').map((finding) => [finding.key, finding.values.sign])).toEqual([['checks.signs.unlisted', '40h']]);
  });
});

describe('names and numbers that are no signs (bench/drafting-checks.ts half A, 2026-11-29)', () => {
  const unlisted = async (document: PatentDocument) =>
    of(await checkDocument(document), 'signs')
      .filter((finding) => finding.key === 'checks.signs.unlisted')
      .map((finding) => [finding.values.sign, finding.text]);

  test('ja: items numbered from 1 under one name; a name with a sign of its own still has signs', async () => {
    const document = signedDocument(
      'ja',
      [
        '図１２（Ａ）に示す期間Ａでは、図１２（Ｂ１）に示すようにターゲット１がカソードとして機能し、ターゲット２がアノードとして機能する。', // JP2014143408A
        '【０４１６】図１６に示すポイント１（膜表面側）、ポイント２（膜中央）、ポイント３（膜下地側）における電子線回折パターンが図１７（Ａ）〜（Ｃ）にそれぞれ対応しており、電子ビーム径を約１ｎｍφとした電子線回折パターンである。', // JP2014143408A
        '２次転写裏面ローラ３３に印加する電圧をリレー１およびリレー２を使って切り替える構成である。', // JP2012042835A
        '【０１８０】図８〜図２５に示すように、内部抽選対象役には、リプレイ１Ａ、リプレイ１Ｂ、リプレイ１Ｃ、リプレイ１Ｄ、リプレイ１Ｅ、リプレイ１Ｆ、リプレイ２、チェリー１、チェリー２、チェリー３、チャンスリプレイ１、チャンスリプレイ２、スイカ、共通１枚役、共通３枚役、共通多枚役が含まれる。', // JP2020028455A (shortened after 共通多枚役)
        '【０４４５】図３１において、縦軸はＸ線回折強度（任意単位）であり、横軸は回折角２θ（ｄｅｇ．）である。', // JP2014143408A
        // JP2020028455A: 31a–31c are the sensors' signs, 3c the gazette's slip for 31c.
        '【０３８５】そして、Ｓｆ１１のステップにおいて割込み１回待ち処理を行った後は、各種スイッチ類の入力状態データ（本実施例では、入力データ、確定データ、エッジデータ）が格納される入力バッファ０〜２のうち入力バッファ０に格納されている各種センサ類の入力データをＡレジスタに読み込み（Ｓｆ１２）、投入メダルセンサ３１ａ〜３ｃの入力データを抽出する（Ｓｆ１３）。',
      ].join('\n'),
      [
        ['31a', '投入メダルセンサ'],
        ['33', '２次転写裏面ローラ'],
      ],
    );
    expect(await unlisted(document)).toEqual([['3c', '投入メダルセンサ３１ａ〜３ｃ']]);
    // Where the list gives the name its number, the number is a sign (JP3236395U: the first and the second embodiment's garment).
    const garments = signedDocument('ja', '本考案の第２実施形態の下肢用衣料２は、上記した第１実施形態の下肢用衣料１に温熱素材２００を設けた構成を示している。', [
      ['1', '下肢用衣料'],
      ['2', '下肢用衣料'],
    ]);
    expect(await unlisted(garments)).toEqual([['200', '温熱素材２００']]);
    expect(of(await checkDocument(garments), 'signs').filter((finding) => finding.key === 'checks.signs.unused')).toEqual([]);
  });

  test('ja: products and their grades, named with their maker or quoted; a part after a maker still has its sign', async () => {
    const document = signedDocument(
      'ja',
      [
        '【０１６９】〔粘着力（剥離強度）（対ＰＩ）〕 被着体として厚み５０μｍのポリイミドフィルム「カプトン２００Ｈ」（東レ・デュポン社製）を準備した。', // JP2022053533A
        ' (比較例５) 移動促進剤をポリエチレングリコール400(第一工業製薬社)としたこと以外は、実施例１と同様にして粘着製品を得た。', // JP2021130751A
        ' (比較例６) イオン液体をAS-110にし、移動促進剤をポリエチレングリコール400としたこと以外は、実施例１と同様にして粘着製品を得た。', // JP2021130751A
        ' 平均粒径は、粒子径分布測定機（マスターサイザー２０００、ＭａｌｖｅｒｎＩｎｓｔｒｕｍｅｎｔｓＬｔｄ．製）に各粒子を投入し、粒子径分布を測定する。', // JP2019001358A
        '上記で作製した接合構造体を構成する、銅基板１０と半導体シリコンチップ２０との間に形成された接合部（接合層Ｃ２）に対して、ダイシェア強度測定装置（デイジ・ジャパン株式会社製、製品名：万能型ボンドテスター、シリーズ４０００）を用い、米国ＭＩＬ−ＳＴＤ−８８３に準拠し、２５℃の条件下で接合強度（ダイシェア強度）を測定した。', // JP2020070461A
        '楠本化成株式会社製のディスパロン１７５１Ｎ、ハイブラッドＥＤ−１５２など、株式会社ネオス製のＦＴＸ−２０７Ｓ、フタージェント２１２Ｐなど、花王株式会社製のカオーセラ２０００、ＫＤＨ−１５４などが例示できる。', // JP2011238596A (a part of the sentence)
        // Parts: named 「…」という (JP2022085473A), and made by a maker the sentence names (JP2012042835A).
        '第３昇降筒部材９３は、昇降動作に応じて合計２つの特定凹部(第１・第２特定凹部ｖ１,ｖ２)を開閉する２つのシャッタ(以下「特定シャッタ９３ａ」という)が設けられている。',
        'なお、電位センサ３８としては、ＴＤＫ（株）社製のＥＦＳ−２２Ｄを用いている。',
        'また、高速度カメラ２４３としては、フォトロン社製のＦＡＳＴＣＡＭ−ＭＡＸ １２０ＫＣを用いた。',
      ].join('\n'),
      [
        ['38', '電位センサ'],
        ['10', '銅基板'],
        ['20', '半導体シリコンチップ'],
        ['93', '第３昇降筒部材'],
      ],
    );
    expect(await unlisted(document)).toEqual([
      ['93a', '特定シャッタ９３ａ'],
      ['243', '高速度カメラ２４３'],
    ]);
  });

  test('ja: amounts in a document that weighs in grams, words that name no part, and the corpus\'s space inside a sign', async () => {
    const document = signedDocument(
      'ja',
      [
        // JP2022092439A (「メタンスルホン酸４．２ｇ」: grams)
        '温度計、還流冷却器および攪拌器を備えた１Ｌの三口フラスコに、１，１，１－トリフルオロ－２－（トリフルオロメチル）ペンタン－１，３－ジオール（下記式（３－１）で表される化合物）１００ｇ（０．４４ｍｏｌ）、メタクリル酸無水物７４．６ｇ（０．４８ｍｏｌ）、メタンスルホン酸４．２ｇ（０．０４４ｍｏｌ）、トルエン４００ｇおよびフェノチアジン０．５ｇを入れた。',
        // JP2018027464A: rounds after 当初 and 同様
        '【１７８９】同図（ａ）〜（ｃ）に示すのは、いずれも当初２Ｒにわたって３０秒間の長時間開放を実行し、その後、８秒間にわたって大当りを継続するか否かの抽選を行った後、復活するか否かの演出を行い、大当りを継続するか、又は大当りを終了するかの演出を実行するパターンである。',
        '大当り復活演出を、３Ｒの１〜５として各０．６秒間ずつ大入賞口を開放する演出を実行した後、復活抽選に当選し、大当りの長時間開放の演出が復活して、（ａ）と同様３Ｒ〜７Ｒとして、大入賞口を長時間開放して実行する。',
        // JP2019010220A: 「ベース部材６８ ｂ１」 is 68b1, not 68.
        'その閉塞板２０６２ｂ４の正面にベース部材６８ ｂ１が当接した状態で、ベース部材６８ｂ１に予め取付孔として穿設される貫通孔と、その貫通孔に位置を合致させて閉塞板２０６２ｂ４に穿設される貫通孔２０６２ｂ５とに長尺ビスＢ１１が挿通される。',
      ].join('\n'),
      [
        ['68b1', 'ベース部材'],
        ['2062b4', '閉塞板'],
        ['2062b5', '貫通孔'],
      ],
    );
    expect(await unlisted(document)).toEqual([]);
    // Without grams, a sign's letter g is one (JP2010017197A).
    const shaft = signedDocument('ja', '搬送部７の搬送終端部側のフレームから前後にのびる内側取付軸４０ｇの前後両端部及び前後中間部に前後の内側支持部４０ａ，４０ａと中間支持部４０ｃを取付ける。', [
      ['7', '搬送部'],
      ['40a', '内側支持部'],
      ['40c', '中間支持部'],
    ]);
    expect(await unlisted(shaft)).toEqual([['40g', '内側取付軸４０ｇ']]);
  });
});

describe('a sign written after another listed name', () => {
  testWithCorpus('ja: the gazette\'s own slip 「第１駆動体１６」 (16 is 第２駆動体, 15 第１駆動体), and one planted', async () => {
    const document = jpDocument();
    const slips = (await checkDocument(document)).filter((finding) => finding.key === 'checks.signs.otherName');
    // JP2010000001A 【００２９】: 「…第２刈刃体１４および第１駆動体１６の軸線Ｌ２に対し…」; everywhere else 16 is written after 第２駆動体.
    expect(slips).toHaveLength(1);
    expect(slips[0]).toMatchObject({ severity: 'warning', text: '第１駆動体１６', values: { sign: '16', name: '第１駆動体', listed: '第２駆動体', signs: '15' } });
    expect(document.sections[slips[0]!.section as 'embodiment']).toContain('第１駆動体１６の軸線');

    const planted = structuredClone(document);
    planted.sections.embodiment = planted.sections.embodiment.replace('第２刈刃体１４', '第１刈刃体１４');
    const found = (await newFindings(document, planted)).filter((finding) => finding.key === 'checks.signs.otherName');
    expect(found.map((finding) => [finding.text, finding.values.name, finding.values.listed])).toEqual([['第１刈刃体１４', '第１刈刃体', '第２刈刃体']]);
  });

  test('ja: a sign before 上／内／側／及び is read as one (「電極１０上に」, 「基板２Ａ及び２Ｂ」)', async () => {
    const document = signedDocument('ja', '基板２Ａ及び２Ｂの上に電極１０が設けられる。電極１０上に保護層３０を形成し、保護層３０内に空隙を設ける。', [
      ['2A', '第１基板'],
      ['2B', '第２基板'],
      ['10', '電極'],
      ['30', '保護層'],
    ]);
    expect(of(await checkDocument(document), 'signs')).toEqual([]);
    // The slip: the protective layer's sign after the electrode's name, where 上 follows it.
    const slip = structuredClone(document);
    slip.sections.embodiment = slip.sections.embodiment.replace('電極１０上に', '電極３０上に');
    expect(of(await checkDocument(slip), 'signs').map((finding) => [finding.key, finding.text, finding.values.listed])).toEqual([['checks.signs.otherName', '電極３０', '保護層']]);
  });

  test('ja: a name written without the list\'s final ー is the listed name (「ロータ２０２」, 「２０２ ローター」, JP2012156493A)', async () => {
    const document = signedDocument('ja', '超音波モータは、振動子２０１、振動子２０１の摺動面に不図示の加圧バネによる加圧力で接触しているロータ２０２、ロータ２０２と一体的に設けられた出力軸２０３を有する。', [
      ['201', '振動子'],
      ['202', 'ローター'],
      ['203', '出力軸'],
    ]);
    expect(of(await checkDocument(document), 'signs')).toEqual([]);
    const slip = structuredClone(document);
    slip.sections.embodiment = slip.sections.embodiment.replace('ロータ２０２と一体的', 'ロータ２０３と一体的');
    const found = of(await checkDocument(slip), 'signs').map((finding) => [finding.key, finding.text, finding.values.name, finding.values.listed]);
    expect(found).toEqual([['checks.signs.otherName', 'ロータ２０３', 'ロータ', '出力軸']]);
  });

  test('en: "lever 10" when 10 is the housing; a word two listed names end with is either', async () => {
    const document = signedDocument('en', 'The housing 10 holds a lever 20. A first spring 30 and a second spring 32 bias the lever 10 toward the housing 10; the spring 30 is shorter than the spring 32.', [
      ['10', 'housing'],
      ['20', 'lever'],
      ['30', 'first spring'],
      ['32', 'second spring'],
    ]);
    const found = of(await checkDocument(document), 'signs');
    expect(found.map((finding) => [finding.key, finding.text, finding.values.listed])).toEqual([['checks.signs.otherName', 'lever 10', 'housing']]);
  });
});

describe('one name, several signs', () => {
  testWithCorpus('ja: the gazette\'s own slip 「回動軸４７」 (回動軸 is 46 thirteen times; 47 is another part\'s), and one planted', async () => {
    // JP2010017197A 【００６６】: 「…係合部３９ｊが回動軸４７に固着した係合部材４６ａ，４６ａに係合した…」; 47 is written after other names elsewhere.
    const document = documentFromJpGazette(jpRecords!.find((record) => record.id === 'JP2010017197A')!);
    const found = (await checkDocument(document)).filter((finding) => finding.key === 'checks.signs.severalSigns');
    expect(found.map((finding) => [finding.text, finding.values])).toEqual([['回動軸４７', { sign: '47', name: '回動軸', signs: '46', count: 13 }]]);
    expect(document.sections[found[0]!.section as 'embodiment']).toContain('回動軸４７に固着した');

    // Without the list, told the same.
    const unlisted = structuredClone(document);
    unlisted.sections.symbol_descriptions = [];
    expect((await checkDocument(unlisted)).filter((finding) => finding.key === 'checks.signs.severalSigns').map((finding) => finding.text)).toEqual(['回動軸４７']);
  });

  test('ja: numbered items and parts of one kind are no slips', async () => {
    const document = signedDocument(
      'ja',
      [
        // JP2020028455A: ports numbered 0 to 9.
        'メイン制御部４１は、出力ポート０及び出力ポート１よりリールモータ３２Ｌの制御信号を出力可能であり、出力ポート２より停止有効ＬＥＤ２２Ｌの制御信号を出力可能である。',
        // JP2011171723A: two arithmetic circuits, each with its own sign.
        '信号処理回路１５０は、演算回路１５１、演算回路１５２を有する。演算回路１５１は演算回路１５２と接続され、演算回路１５１は記憶装置１５３に、演算回路１５２は記憶装置１５４にデータを書き込む。',
      ].join('\n'),
      [],
    );
    expect(of(await checkDocument(document), 'signs')).toEqual([]);
  });
});

describe('figures', () => {
  testWithCorpus('ja: 図２２ without its drawing; a drawing no text mentions', async () => {
    const document = jpDocument();
    const missing = structuredClone(document);
    missing.drawings.pop();
    const found = await newFindings(document, missing);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ check: 'figures', severity: 'warning', key: 'checks.figures.missing', values: { figure: 22, drawings: 21 } });
    expect(found[0]!.text).toMatch(/^図２２/);
    expect(missing.sections[found[0]!.section as 'embodiment']).toContain(found[0]!.text);

    const extra = structuredClone(document);
    extra.drawings.push({ ...extra.drawings[0]!, id: 'drawing-23', description: '追加の図' });
    expect((await newFindings(document, extra)).map(where)).toEqual([{ check: 'figures', section: 'drawings', item: 22, text: '追加の図', key: 'checks.figures.unmentioned' }]);
  });

  testWithCorpus('en: FIG. 8 without its drawing', async () => {
    const document = usDocument();
    const missing = structuredClone(document);
    missing.drawings.pop();
    const found = await newFindings(document, missing);
    expect(found.map((finding) => [finding.check, finding.key, finding.values.figure])).toEqual([['figures', 'checks.figures.missing', 8]]);
    expect(found[0]!.text).toMatch(/^FIGS?\. (?:\d+,? (?:and )?)*8$/);
  });
});

describe('length', () => {
  testWithCorpus('a claim and a citation over 1,500 characters are errors at their item', async () => {
    const document = usDocument();
    const planted = structuredClone(document);
    planted.sections.claims[4] = `${planted.sections.claims[4]} ${planted.sections.embodiment.slice(0, 1500)}`;
    planted.sections.preDocPatents = ['JP 2015-039043 A', 'x'.repeat(1501)];
    const found = (await newFindings(document, planted)).filter((finding) => finding.check === 'length');
    expect(found.map((finding) => [finding.section, finding.item, finding.severity])).toEqual([
      ['claims', 4, 'error'],
      ['preDocPatents', 1, 'error'],
    ]);
    expect(found[1]!.values).toEqual({ length: 1501, limit: 1500 });
  });
});

describe('abstract', () => {
  testWithCorpus('a Japanese abstract over the JPO form\'s 400 characters (labels not counted) and a US one over 150 words are warnings', async () => {
    const jp = jpDocument();
    // The gazette's own abstract: 【課題】…【解決手段】…【選択図】図６, within 400 characters.
    expect(of(await checkDocument(jp), 'length').filter((finding) => finding.section === 'abstract')).toEqual([]);
    const solution = /【解決手段】([^【]+)/.exec(jp.sections.abstract)![1]!;
    const longer = structuredClone(jp);
    longer.sections.abstract = `${jp.sections.abstract}${solution.repeat(3)}`;
    const [jpo] = await newFindings(jp, longer);
    const counted = [...longer.sections.abstract.replace(/【[^】]*】/g, '').replace(/\s/g, '')].length;
    expect(jpo).toMatchObject({ check: 'length', severity: 'warning', section: 'abstract', key: 'checks.abstract.jpo', values: { length: counted, limit: 400 } });

    const us = usDocument();
    const words = us.sections.abstract.split(/\s+/).filter(Boolean);
    expect(words.length).toBeLessThanOrEqual(150);
    const wordy = structuredClone(us);
    wordy.sections.abstract = [...words, ...words, ...words, ...words, ...words, ...words].slice(0, 151).join(' ');
    expect(await newFindings(us, wordy)).toEqual([expect.objectContaining({ severity: 'warning', section: 'abstract', key: 'checks.abstract.us', values: { length: 151, limit: 150 } })]);
  });
});
