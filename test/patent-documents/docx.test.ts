// The Word export read back with mammoth, as Word or LibreOffice would open it: the headings as
// Word headings (the navigation pane), paragraph numbers, claims in order, the drawings in place.
import JSZip from 'jszip';
import mammoth from 'mammoth';
import { fittedSize, renderDocx } from '../../src/patent-documents/docx.ts';
import { emptySections, type PatentDocument } from '../../src/patent-documents/model.ts';
import type { PatentRecord } from '../../src/patents/record.ts';
import { documentFromJpGazette, documentFromUsRecord, expectInOrder, firstCorpusRecord, fullWidthNumber, hasCorpusFile, makeGif, makeJpeg, makePng, readCorpusFile } from '../helpers/patent-document.ts';

const jpRecords = readCorpusFile('jp-fulltext.jsonl.gz');
// Only as far as the first US record the test wants (the whole of us.jsonl.gz is 497 million characters).
const usAvailable = hasCorpusFile('us.jsonl.gz');
const testWithJp = jpRecords ? test : test.skip;
const testWithUs = usAvailable ? test : test.skip;
if (!jpRecords || !usAvailable) console.warn('The shared corpus (../shared/corpus or HATSUMEI_CORPUS_DIR) is missing: the corpus-based Word tests are skipped');



testWithJp('a real gazette as a JPO Word file: headings as Word headings, 【０００１】 numbers, claims, the drawing embedded', async () => {
  const document = jpRecords!.map(documentFromJpGazette).find(({ sections, drawings }) => sections.claims.length >= 4 && sections.preDocPatents.length >= 1 && drawings.length >= 1 && sections.domain && sections.embodiment)!;
  expect(document).toBeDefined();
  const png = makePng(64, 48);
  const first = document.drawings[0]!;
  const withImage: PatentDocument = { ...document, drawings: [{ ...first, width: 64, height: 48 }, ...document.drawings.slice(1)] };
  const buffer = await renderDocx(withImage, 'jpo', new Map([[first.id, png]]));

  const { value: html } = await mammoth.convertToHtml({ buffer });
  expect(html).toContain('<h1>【書類名】明細書</h1>');
  expect(html).toContain(`<h2>【発明の名称】${document.sections.title}</h2>`);
  for (const heading of ['【技術分野】', '【背景技術】', '【先行技術文献】', '【発明の概要】', '【図面の簡単な説明】', '【発明を実施するための形態】']) expect(html).toContain(`<h2>${heading}</h2>`);
  for (const heading of ['【特許文献】', '【発明が解決しようとする課題】', '【課題を解決するための手段】', '【発明の効果】']) expect(html).toContain(`<h3>${heading}</h3>`);
  for (const name of ['【書類名】特許請求の範囲', '【書類名】要約書', '【書類名】図面']) expect(html).toContain(`<h1>${name}</h1>`);
  // The drawing is in the file: mammoth returns it as a data URL of the same bytes.
  const image = /<img [^>]*src="data:image\/png;base64,([^"]+)"/.exec(html);
  expect(image).not.toBeNull();
  expect(Buffer.from(image![1]!, 'base64').equals(png)).toBe(true);

  const { value: text } = await mammoth.extractRawText({ buffer });
  const { sections } = document;
  expectInOrder(text, [
    '【書類名】明細書',
    '【技術分野】',
    '【０００１】',
    sections.domain.split('\n')[0]!,
    '【背景技術】',
    '【特許文献１】' + sections.preDocPatents[0],
    '【図１】' + first.description,
    '【発明を実施するための形態】',
    '【書類名】特許請求の範囲',
    ...sections.claims.flatMap((claim, i) => [`【請求項${fullWidthNumber(i + 1)}】`, claim.trim().split('\n')[0]!]),
    '【書類名】要約書',
    '【要約】',
    sections.abstract.includes('【選択図】') ? sections.abstract.slice(sections.abstract.indexOf('【選択図】')) : '【選択図】図１',
    '【書類名】図面',
    '【図１】',
  ]);
  // Numbers continuous through the 明細書: 【０００１】 … in order, none skipped.
  const numbers = [...text.slice(0, text.indexOf('【書類名】特許請求の範囲')).matchAll(/【([０-９]{4})】/g)].map((m) => m[1]);
  expect(numbers.length).toBeGreaterThan(5);
  expect(numbers).toEqual(numbers.map((_, i) => fullWidthNumber(i + 1, 4)));

  // A4, Mincho for Japanese, the abstract and claims from a new page.
  const xml = await (await JSZip.loadAsync(buffer)).file('word/document.xml')!.async('string');
  expect(xml).toMatch(/<w:pgSz w:w="11906" w:h="16838"/);
  expect(xml.match(/<w:pageBreakBefore\/>/g)).toHaveLength(3);
  expect(xml.match(/【選択図】/g)).toHaveLength(1);
  const styles = await (await JSZip.loadAsync(buffer)).file('word/styles.xml')!.async('string');
  expect(styles).toMatch(/w:eastAsia="MS Mincho"/);
  expect(styles).toMatch(/w:eastAsia="ja-JP"/);
});

testWithUs('a real US specification as a Letter Word file: [0001] numbers, "What is claimed is:", 1. … claims, Times New Roman', async () => {
  const wanted = (record: PatentRecord) => {
    if (!((record.claims?.length ?? 0) >= 3 && /BACKGROUND/.test(record.description ?? '') && /SUMMARY/.test(record.description ?? ''))) return false;
    const { sections } = documentFromUsRecord(record);
    return Boolean(sections.domain && sections.background && sections.embodiment);
  };
  const record = await firstCorpusRecord('us.jsonl.gz', wanted);
  expect(record).toBeDefined();
  const document = documentFromUsRecord(record!);
  const buffer = await renderDocx(document, 'us', new Map());
  const { value: html } = await mammoth.convertToHtml({ buffer });
  expect(html).toContain(`<h1>${document.sections.title.replace(/&/g, '&amp;')}</h1>`);
  for (const heading of ['TECHNICAL FIELD', 'BACKGROUND', 'SUMMARY', 'DETAILED DESCRIPTION']) expect(html).toContain(`<h2>${heading}</h2>`);
  expect(html).toContain('<h1>CLAIMS</h1>');
  expect(html).toContain('<h1>ABSTRACT</h1>');
  const { value: text } = await mammoth.extractRawText({ buffer });
  expectInOrder(text, ['TECHNICAL FIELD', `[0001]  ${document.sections.domain.split('\n')[0]!.trim()}`, 'BACKGROUND', '[0002]', 'CLAIMS', 'What is claimed is:', ...document.sections.claims.map((claim, i) => `${i + 1}. ${claim.trim().split('\n')[0]}`), 'ABSTRACT']);
  const numbers = [...text.matchAll(/^\[(\d{4})\]/gm)].map((m) => Number(m[1]));
  expect(numbers).toEqual(numbers.map((_, i) => i + 1));
  const zip = await JSZip.loadAsync(buffer);
  expect(await zip.file('word/document.xml')!.async('string')).toMatch(/<w:pgSz w:w="12240" w:h="15840"/);
  expect(await zip.file('word/styles.xml')!.async('string')).toMatch(/w:ascii="Times New Roman"/);
});

test('drawings shrink to the text width with their aspect kept, and small ones are not enlarged', () => {
  // A4 less 2 × 20 mm = 170 mm = 642.5 px at 96 dpi.
  expect(fittedSize({ width: 2000, height: 1000 }, 'jpo')).toEqual({ width: 643, height: 321 });
  expect(fittedSize({ width: 64, height: 48 }, 'jpo')).toEqual({ width: 64, height: 48 });
  // A tall US sheet is limited by the page height instead (279.4 − 40 − 15 mm for the label).
  const tall = fittedSize({ width: 1000, height: 3000 }, 'us');
  expect(tall.height).toBe(Math.round((279.4 - 40 - 15) * (96 / 25.4)));
  expect(Math.abs(tall.width / tall.height - 1000 / 3000)).toBeLessThan(0.01);
});

test('a GIF and a JPEG drawing are placed too, and a drawing without bytes leaves only its label', async () => {
  const sections = { ...emptySections(), title: '電池', claims: ['正極を備える電池。'], abstract: '電池。' };
  const drawings: PatentDocument['drawings'] = [
    { id: 'a', fileName: 'a.gif', mimeType: 'image/gif', width: 2, height: 1, description: '断面図である。' },
    { id: 'b', fileName: 'b.jpg', mimeType: 'image/jpeg', width: 16, height: 8, description: '平面図である。' },
    { id: 'c', fileName: 'c.png', mimeType: 'image/png', width: 10, height: 10, description: '側面図である。' },
  ];
  const buffer = await renderDocx({ lang: 'ja', sections, drawings }, 'jpo', new Map([['a', makeGif()], ['b', makeJpeg()]]));
  const { value: html } = await mammoth.convertToHtml({ buffer });
  expect([...html.matchAll(/<img [^>]*src="data:(image\/[a-z]+);base64,([^"]+)"/g)].map((m) => [m[1], m[2]])).toEqual([
    ['image/gif', makeGif().toString('base64')],
    ['image/jpeg', makeJpeg().toString('base64')],
  ]);
  const { value: text } = await mammoth.extractRawText({ buffer });
  expectInOrder(text, ['【図面の簡単な説明】', '【０００１】', '【図１】断面図である。', '【図２】平面図である。', '【図３】側面図である。', '【書類名】図面', '【図１】', '【図２】', '【図３】']);
});
