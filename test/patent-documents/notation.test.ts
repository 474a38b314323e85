// Notation (表記ゆれ) check: real JPO gazettes (one written consistently, JP2010000001A; one that
// writes プーリ and プーリー, JP2010065709A; one where a claim is made to write チェンバ for the
// チェンバー it and the description use, JP2011213351A; 送り仮名: one that writes 取り付け and
// 取付け, JP2014214500A, one that writes the verb 取り付ける and the noun 取付部 by convention,
// JP7550342B2) and small hand-written documents.
import { checkDocument, type DraftingFinding } from '../../src/patent-documents/checks.ts';
import { checkNotation, checkOkurigana } from '../../src/patent-documents/checks/notation.ts';
import { emptySections, type PatentDocument, type PatentSections } from '../../src/patent-documents/model.ts';
import { createI18n } from '../../src/platform/i18n.ts';
import { documentFromJpGazette, readCorpusFile } from '../helpers/patent-document.ts';

const jpRecords = readCorpusFile('jp-fulltext.jsonl.gz');
const testWithCorpus = jpRecords ? test : test.skip;
if (!jpRecords) console.warn('The shared corpus is missing: the notation tests on real gazettes are skipped');
const gazette = (id: string): PatentDocument => documentFromJpGazette(jpRecords!.find((record) => record.id === id)!);

const written = (lang: PatentDocument['lang'], sections: Partial<PatentSections>): PatentDocument => ({ lang, sections: { ...emptySections(), ...sections }, drawings: [] });
const spellings = (finding: DraftingFinding) => ({ term: finding.values.term, termCount: finding.values.termCount, variant: finding.values.variant, variantCount: finding.values.variantCount });

describe('real gazettes', () => {
  testWithCorpus('a gazette that writes each word one way has no notation finding but its one 送り仮名 slip (嵌め込み once, 嵌込み once)', async () => {
    const findings = await checkDocument(gazette('JP2010000001A'));
    expect(findings.filter((finding) => finding.check === 'notation').map((finding) => [finding.key, finding.values.term, finding.values.variant])).toEqual([['checks.notation.okurigana.two', '嵌込み', '嵌め込み']]);
  });

  testWithCorpus('プーリ and プーリー in one gazette: one finding, at the first プーリー, naming both with their counts', () => {
    const findings = checkNotation(gazette('JP2010065709A'));
    const pulley = findings.filter((finding) => [finding.values.term, finding.values.variant].includes('プーリ'));
    expect(pulley).toHaveLength(1);
    expect(pulley[0]).toMatchObject({ check: 'notation', severity: 'warning', section: 'background', text: 'プーリー', key: 'checks.notation.two' });
    expect(spellings(pulley[0]!)).toEqual({ term: 'プーリ', termCount: 66, variant: 'プーリー', variantCount: 4 });
  });

  testWithCorpus('チェンバ planted in claim 1 of a gazette that writes チェンバー: found at claim 1', () => {
    const document = gazette('JP2011213351A');
    expect(checkNotation(document)).toEqual([]);
    const claim = document.sections.claims[0]!;
    expect(claim).toContain('チェンバー');
    const uses = [...claim.matchAll(/チェンバー/g)].length + document.sections.claims.slice(1).join('').split('チェンバー').length - 1;
    document.sections.claims[0] = claim.replace('チェンバー', 'チェンバ');
    const findings = checkNotation(document);
    expect(findings).toHaveLength(1);
    expect(findings[0]).toMatchObject({ section: 'claims', item: 0, text: 'チェンバ', values: { term: 'チェンバー', variant: 'チェンバ', variantCount: 1 } });
    expect(Number(findings[0]!.values.termCount)).toBeGreaterThanOrEqual(uses - 1);
  });
});

describe('hand-written documents', () => {
  test('ウエハ in a claim, ウェハ in the description: the claim is where the less-used spelling stands', () => {
    const document = written('ja', { claims: ['基板と、前記基板に載置されるウエハとを備える装置。'], embodiment: 'ウェハ１をステージに載せる。ウェハ１は搬送ローラで運ばれる。' });
    const findings = checkNotation(document);
    expect(findings).toHaveLength(1);
    expect(findings[0]).toMatchObject({ section: 'claims', item: 0, text: 'ウエハ', key: 'checks.notation.claims' });
    expect(spellings(findings[0]!)).toEqual({ term: 'ウェハ', termCount: 2, variant: 'ウエハ', variantCount: 1 });
  });

  test('the final ー (モータ/モーター), inside a compound (駆動モーター), and full- and half-width letters (ＣＰＵ/CPU)', () => {
    const document = written('ja', { embodiment: 'モータ１０はＣＰＵ２０が制御する。モータ１０の回転数をＣＰＵ２０が読む。駆動モーター３０はCPU２０が止める。' });
    const findings = checkNotation(document);
    expect(findings.map(spellings)).toEqual([
      { term: 'モータ', termCount: 2, variant: 'モーター', variantCount: 1 },
      { term: 'ＣＰＵ', termCount: 2, variant: 'CPU', variantCount: 1 },
    ]);
  });

  test('three spellings of one word are one finding naming all three', () => {
    const document = written('ja', { embodiment: 'ウェハを洗う。ウェハを乾かす。ウェハを検査する。ウエハを運ぶ。ウエハを置く。ウエーハを取り出す。' });
    const findings = checkNotation(document);
    expect(findings).toHaveLength(1);
    expect(findings[0]).toMatchObject({ key: 'checks.notation.several', text: 'ウエーハ', values: { term: 'ウェハ', termCount: 3, variant: 'ウエーハ', variantCount: 1, others: '「ウエハ」が2箇所' } });
    // In English the list says place or places (a word broken by a hyphen is one more spelling).
    const english = checkNotation(written('en', { embodiment: 'The colour is red. The colour fades. The colour is kept. The color is measured. The col-our is read.' }));
    expect(english).toHaveLength(1);
    expect(english[0]).toMatchObject({ key: 'checks.notation.several', values: { term: 'colour', termCount: 3, variant: 'col-our', variantCount: 1, others: '“color” in 1 place' } });
  });

  test('a consistent document, and spellings that are different words, give nothing', () => {
    expect(checkNotation(written('ja', { claims: ['ローラと、モータとを備える搬送装置。'], embodiment: 'ローラ１はモータ２で回る。ローラーコンパクタは用いない。' }))).toEqual([
      // ローラーコンパクタ is one word of its own: ローラ inside it is no use of ローラ.
    ]);
    // silicon/silicone, allyl/aryl, a substituent -ato and a compound -ate; a hyphen of a chemical name (メチルー２－).
    const chemistry = written('ja', { embodiment: 'シリコン基板にシリコーン樹脂を塗る。アリル基とアリール基。イソシアナト基とイソシアナート。４－メチルー２－ペンタノールとメチル基。' });
    expect(checkNotation(chemistry)).toEqual([]);
    // Filed/filled, for/four and represents/re-presents are words; Color at a sentence's start is color.
    const english = written('en', { embodiment: 'The application was filed. The tank is filled. Four rods for the frame. Color is set. The color is red. It represents the frame and re-presents it.' });
    expect(checkNotation(english)).toEqual([]);
  });

  test('English: colour/color, and a closed word hyphenated (non-woven/nonwoven)', () => {
    const document = written('en', { claims: ['A diaper comprising a non-woven layer of a first colour.'], embodiment: 'The nonwoven layer has a color. The nonwoven web is white; its color may vary.' });
    const findings = checkNotation(document);
    expect(findings.map((finding) => ({ ...spellings(finding), item: finding.item }))).toEqual([
      { term: 'nonwoven', termCount: 2, variant: 'non-woven', variantCount: 1, item: 0 },
      { term: 'color', termCount: 2, variant: 'colour', variantCount: 1, item: 0 },
    ]);
  });

  test('the message names both spellings and their counts, in Japanese and in English', async () => {
    const i18n = await createI18n();
    const message = (lang: 'ja' | 'en', finding: DraftingFinding, place: string) => i18n.getFixedT(lang)(finding.key, { ns: 'edit-checks', ...finding.values, place });
    const [inDescription] = checkNotation(written('ja', { claims: ['ローラを備える装置。'], embodiment: 'ローラ１が回る。ローラー１は金属製である。' }));
    expect(message('ja', inDescription!, '【発明を実施するための形態】')).toBe(
      '【発明を実施するための形態】の「ローラー」は、ほかの2箇所では「ローラ」と書かれています（「ローラー」は1箇所）。同じ語であれば、表記を統一してください。',
    );
    expect(message('en', inDescription!, 'Detailed description')).toBe(
      'Detailed description writes “ローラー”, the rest of the document “ローラ” (2 places against 1); if they are one word, use one spelling.',
    );
    const [inClaims] = checkNotation(written('ja', { claims: ['ローラーを備える装置。'], embodiment: 'ローラ１が回る。ローラ１は金属製である。' }));
    expect(message('ja', inClaims!, '請求項１')).toBe(
      '請求項１の「ローラー」は、請求項だけの表記です（1箇所）。明細書などでは「ローラ」と書かれています（2箇所）。請求項の用語は明細書と同じ表記にしてください（明確性・サポート要件）。',
    );
    expect(message('en', inClaims!, 'Claim 1')).toBe(
      'Claim 1 writes “ローラー”, as only the claims do (1 in all); the rest of the document writes “ローラ” (2 in all). Write the claims’ terms as the description does (clarity and support).',
    );
    // One place each (JP2010000001A's 嵌め込み/嵌込み read in English): a singular, not "1 places".
    const [once] = checkNotation(written('ja', { embodiment: 'ローラ１が回る。ローラー２は金属製である。' }));
    expect(message('en', once!, 'Background art')).toMatch(/“ローラ.?” \(1 place against 1\)/);
    expect(message('ja', once!, '【背景技術】')).toMatch(/ほかの1箇所では/);
  });
});

describe('送り仮名 (okurigana)', () => {
  testWithCorpus('a gazette that writes 取り付け and 取付け, 取り付ける and 取付ける: one finding for the word, the compound 取付軸 left as convention writes it', async () => {
    const findings = await checkOkurigana(gazette('JP2014214500A'));
    const attach = findings.filter((finding) => /^取り?付/.test(String(finding.values.term)));
    expect(attach).toHaveLength(1);
    // The noun's pair named (取り付け/取付け, the most used), the rest of the word's uses counted with its spelling, 取付ける listed.
    expect(attach[0]).toMatchObject({ check: 'notation', key: 'checks.notation.okurigana.several', text: '取付け', values: { term: '取り付け', variant: '取付け', others: '「取付ける」が1箇所' } });
    expect(Number(attach[0]!.values.termCount)).toBeGreaterThan(Number(attach[0]!.values.variantCount) + 1);
    // 取付軸 (a compound noun without okurigana) is no spelling of 取り付け.
    expect(findings.flatMap((finding) => [finding.values.term, finding.values.variant, finding.values.others ?? '']).join(' ')).not.toMatch(/取付軸/);
    // Counted with the other notation findings of the document.
    expect((await checkDocument(gazette('JP2014214500A'))).filter((finding) => finding.key.startsWith('checks.notation.okurigana.'))).toEqual(findings);
  });

  testWithCorpus('a gazette that writes the verb 取り付ける and the nouns 取付部, 車両取付部材: no finding', async () => {
    const document = gazette('JP7550342B2');
    const text = [document.sections.embodiment, ...document.sections.claims].join('');
    expect(text).toContain('車両に取り付けられる取付部');
    expect(await checkOkurigana(document)).toEqual([]);
  });

  test('組み合わせ and 組合せ as nouns: one finding, the verb 組み合わせる apart', async () => {
    const document = written('ja', { embodiment: '部品Ａと部品Ｂとを組み合わせる。この組み合わせにより強度が上がる。部品の組み合わせは任意である。組合せの数は二である。' });
    const findings = await checkOkurigana(document);
    expect(findings.map(spellings)).toEqual([{ term: '組み合わせ', termCount: 2, variant: '組合せ', variantCount: 1 }]);
    expect(findings[0]).toMatchObject({ check: 'notation', severity: 'warning', section: 'embodiment', key: 'checks.notation.okurigana.two' });
  });

  test('a claim that writes 読出し where the description writes 読み出し: found at the claim', async () => {
    const document = written('ja', { claims: ['メモリからデータを読出し、表示する装置。'], embodiment: 'ＣＰＵはメモリからデータを読み出し、表示部に表示する。読み出したデータは消去される。' });
    const findings = await checkOkurigana(document);
    expect(findings).toHaveLength(1);
    expect(findings[0]).toMatchObject({ section: 'claims', item: 0, text: '読出し', key: 'checks.notation.okurigana.claims', values: { term: '読み出し', variant: '読出し' } });
  });

  test('conventions and different words are no variants', async () => {
    // The noun of a compound without okurigana beside the verb (取付部材, 取り付ける); conjugations of one verb.
    const convention = written('ja', { embodiment: '取付部材１０を筐体に取り付ける。取付部材１０は、ねじで取り付けられる。取り付けた後、取付部材１０を検査する。' });
    expect(await checkOkurigana(convention)).toEqual([]);
    // Words sharing kanji: a Sino-Japanese word and a kun compound (置換/置き換え), 基づく/基づき, 上げ/上がり.
    const words = written('ja', { embodiment: '原子を置換する。原子の置き換えは行わない。結果に基づき判定し、判定に基づく処理を行う。持ち上げ機構による持ち上がりを防ぐ。' });
    expect(await checkOkurigana(words)).toEqual([]);
    // Spellings that differ in their inflected kana only: 切り替る (切り替わる, intransitive) and 切り替える.
    const verbs = written('ja', { embodiment: '切替部材が誘導状態へと切り替る。切替部材が閉鎖状態へと切り替る。切替部材を誘導状態に切り替える駆動処理を行う。切替部材を誘導状態に切り替えることで通路が開く。' });
    expect(await checkOkurigana(verbs)).toEqual([]);
    // English documents have no okurigana.
    expect(await checkOkurigana(written('en', { embodiment: 'The frame is attached. The frame is attached again.' }))).toEqual([]);
  });

  test('a verb before 易い is used as a verb: 引き上げ易い beside the noun 引上げ is no variant', async () => {
    const document = written('ja', { embodiment: 'レバー１は引き上げ易い形状である。レバー１の引上げの後、ばね２がレバー１を戻す。引上げの量は小さい。' });
    expect(await checkOkurigana(document)).toEqual([]);
    // Beside a verb written otherwise it is one (取出し難く, 取り出した).
    const slip = written('ja', { embodiment: '基板を取り出した後、蓋を閉じる。蓋を閉じると基板を取出し難くなる。基板を取り出した。' });
    expect((await checkOkurigana(slip)).map(spellings)).toEqual([{ term: '取り出し', termCount: 2, variant: '取出し', variantCount: 1 }]);
  });

  test('a word written two ways as a noun and as a verb is one finding; another word of its kanji is apart', async () => {
    const document = written('ja', {
      embodiment: 'モードを切り替える。モードの切り替えは自動である。モードの切り替えを終える。切り替えるとき、音が鳴る。モードを切替える。モードの切替えは手動でもできる。',
    });
    const findings = await checkOkurigana(document);
    expect(findings).toHaveLength(1);
    // The uses of 切り替え and 切り替える summed under the most-used pair; the other spelling listed.
    expect(findings[0]).toMatchObject({ key: 'checks.notation.okurigana.several', values: { term: '切り替える', termCount: 4, variant: '切替える', variantCount: 1, others: '「切替え」が1箇所' } });
    // 立ち上げ (raising) and 立ち上がり (rise) are two words, each written two ways.
    const two = written('ja', { embodiment: '装置を立ち上げる。装置の立ち上げは速い。装置の立上げを終える。温度の立ち上がりを測る。温度の立ち上がりが速い。温度の立上がりは遅い。' });
    expect((await checkOkurigana(two)).map((finding) => [finding.values.term, finding.values.variant])).toEqual([
      ['立ち上げ', '立上げ'],
      ['立ち上がり', '立上がり'],
    ]);
  });

  test('spellings the segmenter cuts otherwise are found: the second verb of a compound verb (隣り|合う), a past き after a noun (切欠|き)', async () => {
    const pairs = async (embodiment: string) => (await checkOkurigana(written('ja', { embodiment }))).map(spellings);
    expect(await pairs('突起部１は隣り合う突起部２と接する。隣り合う突起部２の間に溝がある。隣合う突起部３は離れている。')).toEqual([{ term: '隣り合う', termCount: 2, variant: '隣合う', variantCount: 1 }]);
    expect(await pairs('ロール１は巻き出し機構２に支持される。巻き出し機構２はモータを有する。巻出し機構３は予備である。')).toEqual([{ term: '巻き出し', termCount: 2, variant: '巻出し', variantCount: 1 }]);
    expect(await pairs('板に切り欠き３１を設ける。切り欠き３１は矩形である。切欠き３２は円形である。')).toEqual([{ term: '切り欠き', termCount: 2, variant: '切欠き', variantCount: 1 }]);
    // 延出し (延出する, a Sino-Japanese verb the segmenter does not know) is no spelling of 延び出し.
    expect(await pairs('導線は後方へ延出し、端子に至る。導線が延び出した部分を覆う。')).toEqual([]);
  });

  test('the message says the okurigana differ, in Japanese and in English', async () => {
    const i18n = await createI18n();
    const [finding] = await checkOkurigana(written('ja', { embodiment: '蓋１を本体２に取り付ける。蓋１の取り付けは容易である。蓋１の取り付けを終える。蓋１の取付けは工具を要しない。' }));
    const message = (lang: 'ja' | 'en', place: string) => i18n.getFixedT(lang)(finding!.key, { ns: 'edit-checks', ...finding!.values, place });
    expect(message('ja', '【発明を実施するための形態】')).toBe(
      '【発明を実施するための形態】の「取付け」は、ほかの2箇所では「取り付け」と書かれています（「取付け」は1箇所）。送り仮名が統一されていません。同じ語であれば、送り仮名をそろえてください。',
    );
    expect(message('en', 'Detailed description')).toBe(
      'Detailed description writes “取付け”, the rest of the document “取り付け” (2 places against 1): the okurigana (kana endings) differ. If they are one word, write it with the same okurigana throughout.',
    );
  });
});
