// Drafting checks, reference signs: what is read as a sign and what is not (quantities, ranges, numbered items, products,
// amounts), in sentences of real gazettes.
import { checkDocument } from '../../src/patent-documents/checks.ts';
import type { PatentDocument } from '../../src/patent-documents/model.ts';
import { jpRecords, of, signedDocument, testWithCorpus, where } from '../helpers/drafting-checks.ts';
import { documentFromJpGazette } from '../helpers/patent-document.ts';

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
