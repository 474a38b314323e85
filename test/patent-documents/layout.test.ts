// The JPO and US layouts of a patent document built from real corpus publications: the order of
// the 【…】 / US headings, continuous paragraph numbering, claims, cited documents, figure lines
// and reference signs as an attorney would file them.
import { documentFromJpGazette, documentFromUsRecord, firstCorpusRecord, fullWidthNumber, hasCorpusFile, readCorpusFile } from '../helpers/patent-document.ts';
import { figureSentence, layoutDocument, type DocumentBlock } from '../../src/patent-documents/layout.ts';
import { emptySections, type PatentDocument } from '../../src/patent-documents/model.ts';
import { paragraphLabel, toFullWidthDigits } from '../../src/patent-documents/paragraphs.ts';

const jpRecords = readCorpusFile('jp-fulltext.jsonl.gz');
// us.jsonl.gz is read only as far as the record a test wants (the whole is 497 million characters).
const usAvailable = hasCorpusFile('us.jsonl.gz');
const testWithJp = jpRecords ? test : test.skip;
const testWithUs = usAvailable ? test : test.skip;
if (!jpRecords || !usAvailable) console.warn('The shared corpus (../shared/corpus or HATSUMEI_CORPUS_DIR) is missing: the corpus-based layout tests are skipped');


const headings = (blocks: DocumentBlock[]) => blocks.filter((b) => b.kind === 'documentName' || b.kind === 'heading').map((b) => (b as { text: string }).text);
const numbers = (blocks: DocumentBlock[]) => blocks.flatMap((b) => (b.kind === 'paragraph' && b.number !== null ? [b.number] : []));
const nonEmptyLines = (text: string) => text.split('\n').filter((line) => line.trim()).length;

/** A gazette with several claims, cited patents, drawings and reference signs. */
function jpDocument(): PatentDocument {
  const document = jpRecords!
    .map(documentFromJpGazette)
    .find(({ sections, drawings }) => sections.claims.length >= 4 && sections.preDocPatents.length >= 2 && drawings.length >= 2 && sections.symbol_descriptions.length >= 3 && sections.domain && sections.background && sections.issue && sections.embodiment);
  expect(document).toBeDefined();
  return document!;
}

test('full-width digits and paragraph labels', () => {
  expect(toFullWidthDigits('12')).toBe('１２');
  expect(toFullWidthDigits('特開2015-039043号')).toBe('特開２０１５-０３９０４３号');
  expect(paragraphLabel(1, 'jpo')).toBe('【０００１】');
  expect(paragraphLabel(123, 'jpo')).toBe('【０１２３】');
  expect(paragraphLabel(7, 'us')).toBe('[0007]');
});

testWithJp('JPO layout of a real gazette: headings in filing order, 【０００１】 continuous, claims, citations, figures, signs', () => {
  const document = jpDocument();
  const { sections, drawings } = document;
  const blocks = layoutDocument(document, 'jpo');

  const expected = [
    '【書類名】明細書',
    `【発明の名称】${sections.title}`,
    '【技術分野】',
    '【背景技術】',
    '【先行技術文献】',
    '【特許文献】',
    ...(sections.preDocNonPatents.length ? ['【非特許文献】'] : []),
    '【発明の概要】',
    '【発明が解決しようとする課題】',
    '【課題を解決するための手段】',
    '【発明の効果】',
    '【図面の簡単な説明】',
    '【発明を実施するための形態】',
    ...(sections.industrial_aplicability ? ['【産業上の利用可能性】'] : []),
    '【符号の説明】',
    '【書類名】特許請求の範囲',
    '【書類名】要約書',
    '【要約】',
    '【書類名】図面',
  ];
  expect(headings(blocks)).toEqual(expected);

  // One number per text paragraph and one per list, continuous and full-width through the 明細書 only.
  const lists = 1 + (sections.preDocNonPatents.length ? 1 : 0) + 1 + 1;
  const textParagraphs = ['domain', 'background', 'issue', 'method', 'effect', 'embodiment', 'industrial_aplicability'].reduce((sum, key) => sum + nonEmptyLines(sections[key as 'domain']), 0);
  const printed = numbers(blocks);
  expect(printed).toEqual(Array.from({ length: textParagraphs + lists }, (_, i) => `【${fullWidthNumber(i + 1, 4)}】`));
  const claimsAt = blocks.findIndex((b) => b.kind === 'documentName' && b.text === '【書類名】特許請求の範囲');
  expect(blocks.slice(claimsAt).some((b) => b.kind === 'paragraph' && b.number !== null)).toBe(false);
  // A heading comes before its first number: 【技術分野】 then 【０００１】 with the field's first line.
  const field = blocks.findIndex((b) => b.kind === 'heading' && b.text === '【技術分野】');
  expect(blocks[field + 1]).toEqual({ kind: 'paragraph', number: '【０００１】', text: sections.domain.split('\n')[0]!.trim() });

  const claims = blocks.filter((b) => b.kind === 'claim');
  expect(claims.map((c) => c.label)).toEqual(sections.claims.map((_, i) => `【請求項${fullWidthNumber(i + 1)}】`));
  expect(claims.map((c) => c.text)).toEqual(sections.claims.map((claim) => claim.trim()));

  const citations = blocks.filter((b) => b.kind === 'entry' && b.role === 'patentCitation');
  expect(citations.map((c) => (c as { label: string }).label + (c as { text: string }).text)).toEqual(sections.preDocPatents.map((cited, i) => `【特許文献${fullWidthNumber(i + 1)}】${cited}`));
  // The list stands under its own number, right after 【特許文献】.
  const patentHeading = blocks.findIndex((b) => b.kind === 'heading' && b.text === '【特許文献】');
  expect(blocks[patentHeading + 1]).toMatchObject({ kind: 'paragraph', text: '' });
  expect(blocks[patentHeading + 2]).toBe(citations[0]);

  const figureLines = blocks.filter((b) => b.kind === 'entry' && b.role === 'figureDescription');
  expect(figureLines.map((f) => (f as { label: string }).label)).toEqual(drawings.map((_, i) => `【図${fullWidthNumber(i + 1)}】`));
  expect(figureLines.map((f) => (f as { text: string }).text)).toEqual(drawings.map((d) => d.description));
  const figures = blocks.filter((b) => b.kind === 'figure');
  expect(figures.map((f) => [f.label, f.drawingId])).toEqual(drawings.map((d, i) => [`【図${fullWidthNumber(i + 1)}】`, d.id]));
  // 【選択図】図１ unless the abstract names its own (a gazette abstract ends with 【選択図】図ｎ).
  const selected = blocks.filter((b) => b.kind === 'entry' && b.role === 'selectedFigure');
  expect(selected).toEqual(sections.abstract.includes('【選択図】') ? [] : [{ kind: 'entry', role: 'selectedFigure', label: '【選択図】', text: '図１' }]);
  expect(layoutDocument({ ...document, sections: { ...sections, abstract: '電池を提供する。' } }, 'jpo')).toContainEqual({ kind: 'entry', role: 'selectedFigure', label: '【選択図】', text: '図１' });

  const signs = blocks.filter((b) => b.kind === 'entry' && b.role === 'referenceSign');
  expect(signs.map((s) => (s as { text: string }).text)).toEqual(sections.symbol_descriptions.map((s) => s.name));
  expect(signs.every((s) => /^[０-９]+[ａ-ｚＡ-Ｚ’']*$/.test((s as { label: string }).label))).toBe(true);
});

testWithUs('US layout of a real specification: headings, [0001] numbering, FIG. lines, "What is claimed is:" and numbered claims', async () => {
  const record = await firstCorpusRecord('us.jsonl.gz', (record) => {
    if (!((record.claims?.length ?? 0) >= 5 && /BRIEF DESCRIPTION OF THE DRAWINGS/.test(record.description ?? '') && /BACKGROUND/.test(record.description ?? ''))) return false;
    const { sections, drawings } = documentFromUsRecord(record);
    return Boolean(drawings.length >= 2 && sections.domain && sections.background && sections.method && sections.embodiment);
  });
  const document = record && documentFromUsRecord(record);
  expect(document).toBeDefined();
  const { sections, drawings } = document!;
  const blocks = layoutDocument(document!, 'us');

  expect(headings(blocks)).toEqual([sections.title, 'TECHNICAL FIELD', 'BACKGROUND', 'SUMMARY', 'BRIEF DESCRIPTION OF THE DRAWINGS', 'DETAILED DESCRIPTION', 'CLAIMS', 'ABSTRACT', 'DRAWINGS']);
  const textParagraphs = ['domain', 'background', 'issue', 'method', 'effect', 'embodiment', 'industrial_aplicability'].reduce((sum, key) => sum + nonEmptyLines(sections[key as 'domain']), 0);
  expect(numbers(blocks)).toEqual(Array.from({ length: textParagraphs + drawings.length }, (_, i) => `[${String(i + 1).padStart(4, '0')}]`));

  const figureParagraphs = blocks.slice(blocks.findIndex((b) => b.kind === 'heading' && b.text === 'BRIEF DESCRIPTION OF THE DRAWINGS') + 1).slice(0, drawings.length);
  figureParagraphs.forEach((block, i) => expect(block).toMatchObject({ kind: 'paragraph', text: expect.stringMatching(new RegExp(`^FIG\\. ${i + 1} `)) }));

  const claimsAt = blocks.findIndex((b) => b.kind === 'documentName' && b.text === 'CLAIMS');
  expect(blocks[claimsAt]).toMatchObject({ newPage: true });
  expect(blocks[claimsAt + 1]).toEqual({ kind: 'paragraph', number: null, text: 'What is claimed is:' });
  const claims = blocks.filter((b) => b.kind === 'claim');
  expect(claims.map((c) => `${c.label} ${c.text}`)).toEqual(sections.claims.map((claim, i) => `${i + 1}. ${claim.trim()}`));
  expect(blocks.find((b) => b.kind === 'documentName' && b.text === 'ABSTRACT')).toMatchObject({ newPage: true });
  expect(blocks.filter((b) => b.kind === 'figure').map((f) => (f as { label: string }).label)).toEqual(drawings.map((_, i) => `FIG. ${i + 1}`));
});

test('empty optional sections are left out, the mandatory headings stay', () => {
  const sections = { ...emptySections(), title: '電池', claims: ['正極と負極とを備える電池。'], abstract: '電池を提供する。' };
  const jpo = headings(layoutDocument({ lang: 'ja', sections, drawings: [] }, 'jpo'));
  expect(jpo).toEqual(['【書類名】明細書', '【発明の名称】電池', '【技術分野】', '【背景技術】', '【発明の概要】', '【発明が解決しようとする課題】', '【課題を解決するための手段】', '【発明の効果】', '【発明を実施するための形態】', '【書類名】特許請求の範囲', '【書類名】要約書', '【要約】']);
  const us = headings(layoutDocument({ lang: 'en', sections: { ...sections, title: 'Battery' }, drawings: [] }, 'us'));
  expect(us).toEqual(['Battery', 'TECHNICAL FIELD', 'BACKGROUND', 'SUMMARY', 'DETAILED DESCRIPTION', 'CLAIMS', 'ABSTRACT']);
  expect(layoutDocument({ lang: 'ja', sections, drawings: [] }, 'jpo').some((b) => b.kind === 'entry' && b.role === 'selectedFigure')).toBe(false);
});

test('reference signs print 「１０　正極」 in a JPO filing and "10 positive electrode" in a US one; non-patent literature numbered on its own', () => {
  const sections = { ...emptySections(), title: '電池', preDocPatents: ['特開2015-039043号公報', '特開2016-000001号公報'], preDocNonPatents: ['電池便覧'], symbol_descriptions: [{ sign: '10', name: '正極' }, { sign: '20a', name: '負極' }] };
  const blocks = layoutDocument({ lang: 'ja', sections, drawings: [] }, 'jpo');
  const entries = blocks.filter((b) => b.kind === 'entry').map((b) => (b as { label: string; text: string }).label + '|' + (b as { text: string }).text);
  expect(entries).toEqual(['【特許文献１】|特開2015-039043号公報', '【特許文献２】|特開2016-000001号公報', '【非特許文献１】|電池便覧', '１０|正極', '２０ａ|負極']);
  expect(numbers(blocks)).toEqual(['【０００１】', '【０００２】', '【０００３】']);
  const us = layoutDocument({ lang: 'en', sections: { ...sections, symbol_descriptions: [{ sign: '10', name: 'positive electrode' }] }, drawings: [] }, 'us');
  expect(us.filter((b) => b.kind === 'entry').map((b) => (b as { label: string }).label)).toEqual(['PTL 1:', 'PTL 2:', 'NPL 1:', '10']);
});

test('a US figure line: "FIG. n is" before a noun phrase, nothing before a verb the description starts with', () => {
  expect(figureSentence('A sectional view of the battery.')).toBe('is a sectional view of the battery.');
  expect(figureSentence('is a plan view.')).toBe('is a plan view.');
  expect(figureSentence('FIG. 3 shows the housing.')).toBe('shows the housing.');
  expect(figureSentence('redepicts the device of FIG. 1 in use.')).toBe('redepicts the device of FIG. 1 in use.');
  expect(figureSentence('PCB layout of the controller.')).toBe('is PCB layout of the controller.');
  expect(figureSentence('本実施形態に係る電池の断面図である。')).toBe('本実施形態に係る電池の断面図である。');
});
