// Drafting checks, sign names: a sign written after the name the list gives another sign, and one name written with several
// signs (real gazettes and documents written for the test).
import { checkDocument } from '../../src/patent-documents/checks.ts';
import { jpDocument, jpRecords, newFindings, of, signedDocument, testWithCorpus, where } from '../helpers/drafting-checks.ts';
import { documentFromJpGazette } from '../helpers/patent-document.ts';

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
