// Notation (表記ゆれ) check: real JPO gazettes (one written consistently, JP2010000001A; one that
// writes プーリ and プーリー, JP2010065709A; one where a claim is made to write チェンバ for the
// チェンバー it and the description use, JP2011213351A) and small hand-written documents.
import { checkDocument, type DraftingFinding } from '../../src/patent-documents/checks.ts';
import { checkNotation } from '../../src/patent-documents/checks/notation.ts';
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
  testWithCorpus('a gazette that writes each word one way has no notation finding', async () => {
    const findings = await checkDocument(gazette('JP2010000001A'));
    expect(findings.filter((finding) => finding.check === 'notation')).toEqual([]);
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
  });
});
