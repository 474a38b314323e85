// A Japanese claim lists its parts with 及び／並びに as well as with 「と、」: 「プロジェクタ及びスクリーンを備える」 names
// two parts an attorney compares one by one, as in 「プロジェクタと、スクリーンとを備える」. 及び also joins what is one
// element: two ordinals of one name, names sharing a modifier or a head, the objects of another verb. Expected
// elements written by hand from reading the claims of the shared corpus.
import { cutElements } from '../../src/priorart/elements.ts';

const cut = (claim: string) => cutElements(claim, true).map((element) => `${element.preamble ? 'P:' : ''}${element.text}`);

test('JP2014191217A claim 1: the projector and the screen the preamble lists are two elements', () => {
  const claim =
    'プロジェクタ及びスクリーンを備える画像投射システムであって、 所定の規則に従って定められたノイズ画像を記憶する記憶部と、 提示情報画像と前記ノイズ画像を合成して隠蔽画像を生成する画像生成部と、 前記隠蔽画像を前記ノイズ画像が表面に形成されたスクリーンに投射する投射部と、を備え、 前記投射によって前記スクリーンに前記提示情報画像が復元されることを特徴とする画像投射システム。';
  expect(cut(claim)).toEqual([
    'P:画像投射システム',
    'プロジェクタ',
    'スクリーン',
    '所定の規則に従って定められたノイズ画像を記憶する記憶部',
    '提示情報画像と前記ノイズ画像を合成して隠蔽画像を生成する画像生成部',
    '前記隠蔽画像を前記ノイズ画像が表面に形成されたスクリーンに投射する投射部',
    '前記投射によって前記スクリーンに前記提示情報画像が復元される',
  ]);
});

test('JP2013197100A claim 13: 「正極、負極、および前記正極と負極との間に配置されたセパレータを含む」 is three parts, the separator with its place', () => {
  const claim =
    '正極、負極、および前記正極と負極との間に配置されたセパレータを含む２次電池であって、前記セパレータは、反応性官能基を含む有機−無機結合性シラン化合物および無機化合物を含むコーティング層を含み、前記反応性官能基は、アミノ基、イソシアネート基、エポキシ基、メルカプト基およびこれらの組み合わせから選択される、２次電池。';
  expect(cut(claim).slice(0, 4)).toEqual(['P:２次電池', '正極', '負極', '前記正極と負極との間に配置されたセパレータ']);
});

test('JP2011132392A and JP2014118567A claims 1: each layer, each component with its quantity', () => {
  const film =
    '基材層、中間層及び粘着層を有する表面保護フィルムであって、 基材層が、軟質ポリエステル樹脂を３０〜９０重量％含み、ポリエステル系エラストマーを１０〜７０重量％含む重合体組成物から形成され、 中間層が、 芳香族系ビニル単位及び共役ジエン単位からなる共重合体又はその水素添加物を３０〜５０重量％含み、ポリプロピレン系樹脂を５０〜７０重量％含む重合体組成物から形成される中間層（A）、又は 変性オレフィン系樹脂を含む重合体組成物から形成される中間層（B1）、並びに芳香族系ビニル単位及び共役ジエン単位からなる共重合体又はその水素添加物を０〜５０重量％含み、ポリプロピレン系樹脂を５０〜１００重量％含む重合体組成物から形成される中間層（B2）からなる二層構造であり、 粘着層が、オレフィン系エラストマーを２０〜９０重量％含み、スチレン系エラストマーを１０〜８０重量％含む重合体組成物から形成される 表面保護フィルム。';
  expect(cut(film).slice(0, 4)).toEqual(['P:表面保護フィルム', '基材層', '中間層', '粘着層']);
  const ink =
    'グリーン放射線硬化性の耐光性ゲルインクであって、少なくとも１つの硬化性モノマー、少なくとも１つの有機ゲル化剤、少なくとも１つの光開始剤および着色剤を含み、このインクは、約２ｍｇ／インチ２〜約７ｍｇ／インチ２の充填量にて基材上での反射率が、５００ｎｍの波長にて５０％〜約６０％の範囲、約６００ｎｍの波長では０％〜約１０％の範囲である、インク。';
  expect(cut(ink).slice(1, 5)).toEqual(['少なくとも１つの硬化性モノマー', '少なくとも１つの有機ゲル化剤', '少なくとも１つの光開始剤', '着色剤']);
});

test('one element stays whole: a modifier, a place or a head said of every name, the objects of another verb', () => {
  // JP2014143408A claim 1: the second oxide layer lies on both first electrodes; the gate insulator on three things.
  const device = cut(
    '島状の第１の酸化物層と、 前記第１の酸化物層上の、チャネルを形成する島状の酸化物半導体層と、 前記酸化物半導体層の上面と接する第１のソース電極及び第１のドレイン電極と、 前記第１のソース電極と電気的に接続される、前記第１のソース電極上の第２のソース電極と、 前記第１のドレイン電極と電気的に接続される、前記第１のドレイン電極上の第２のドレイン電極と、 前記第１のソース電極及び前記第１のドレイン電極上の第２の酸化物層と、 前記第２のソース電極、前記第２のドレイン電極、及び前記第２の酸化物層上のゲート絶縁層と、 前記ゲート絶縁層を介して前記酸化物半導体層と重畳するゲート電極と、を有する半導体装置。',
  );
  expect(device).toContain('前記酸化物半導体層の上面と接する第１のソース電極及び第１のドレイン電極');
  expect(device).toContain('前記第１のソース電極及び前記第１のドレイン電極上の第２の酸化物層');
  expect(device).toContain('前記第２のソース電極、前記第２のドレイン電極、及び前記第２の酸化物層上のゲート絶縁層');
  // JP6976480B2 claim 19: one converter shared by both kinds of pixel data.
  expect(
    cut('前記位相差画素データ及び前記非位相差画素データに対して共用されるＡ／Ｄ変換器を含み、 前記Ａ／Ｄ変換器は、前記位相差画素データ及び前記非位相差画素データについて、異なるタイミングでＡ／Ｄ変換を行う請求項１から請求項１８の何れか一項に記載の撮像素子。')[0],
  ).toBe('前記位相差画素データ及び前記非位相差画素データに対して共用されるＡ／Ｄ変換器');
  // JP2010051953A claim 3: the coater's two parts; 塗液吐出部 names the 塗液 itself, so 「塗液の」 is the first part's own.
  expect(
    cut('塗液の液溜め部及び塗液吐出部を有する塗工機であって、塗液の液溜め部の開口幅（ａ）が塗液吐出部（３）の開口幅（ｂ）より広く、塗液の液溜め部の開口部から塗液吐出部の開口部に向かってテーパ状に狭まる形状を有することを特徴とする塗工機。').slice(1, 3),
  ).toEqual(['塗液の液溜め部', '塗液吐出部']);
  // JP2014159137A claim 1: the two directions are what the base material has.
  expect(
    cut('長手方向および前記長手方向に直交する幅方向を有する基材と、 長手方向に延びるようにして前記基材上に設けられた塗膜と、を備えるフィルム材であって、 前記フィルム材は、一対の非製品領域と、当該一対の非製品領域の間に位置する製品領域と、を含み、 前記塗膜は、前記製品領域内に位置する部分よりも厚みが厚く且つ長手方向に延びる厚肉部を、各非製品領域内となる位置に含む、フィルム材。')[1],
  ).toBe('長手方向および前記長手方向に直交する幅方向を有する基材');
});
