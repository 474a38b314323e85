// Importing Word and HTML patent documents: real corpus patents exported with the product's own
// renderings (JPO and US formats) and read back, attorneys' hand-made Word files with bold
// paragraphs for headings, and files that are not documents at all.
import { Document, Packer, Paragraph, TextRun } from 'docx';
import JSZip from 'jszip';
import { renderDocx } from '../../src/patent-documents/docx.ts';
import { renderHtml } from '../../src/patent-documents/html.ts';
import { layoutDocument } from '../../src/patent-documents/layout.ts';
import { importDocument } from '../../src/patent-documents/import.ts';
import { TEXT_SECTIONS, type DocumentFormat, type PatentDocument, type TextSection } from '../../src/patent-documents/model.ts';
import { AppError } from '../../src/platform/errors.ts';
import type { PatentRecord } from '../../src/patents/record.ts';
import { documentFromJpGazette, documentFromUsRecord, firstCorpusRecord, hasCorpusFile, makeGif, makeJpeg, makePng, readCorpusFile } from '../helpers/patent-document.ts';

const jpRecords = readCorpusFile('jp-fulltext.jsonl.gz');
const usAvailable = hasCorpusFile('us.jsonl.gz');
const testWithJp = jpRecords ? test : test.skip;
const testWithUs = usAvailable ? test : test.skip;
if (!jpRecords || !usAvailable) console.warn('The shared corpus (../shared/corpus or HATSUMEI_CORPUS_DIR) is missing: the corpus-based import tests are skipped');

/** Paragraphs of a text, whitespace-insensitive (Word and HTML reflow spaces, never words). */
const paragraphs = (text: string): string[] =>
  text
    .split('\n')
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter(Boolean);
const squeezed = (text: string): string => text.replace(/\s+/g, ' ').trim();

const jpDocument = (): PatentDocument =>
  jpRecords!.map(documentFromJpGazette).find(({ sections, drawings }) => sections.claims.length >= 4 && sections.preDocPatents.length >= 1 && drawings.length >= 2 && sections.symbol_descriptions.length >= 3 && sections.domain && sections.issue && sections.embodiment)!;

/** The first US record with a full specification, and the first with a title, abstract and a claim: us.jsonl.gz read only as far as they are (the whole is 497 million characters). */
let usSpecification: PatentRecord | undefined;
let usTitled: PatentRecord | undefined;
beforeAll(async () => {
  if (!usAvailable) return;
  usSpecification = await firstCorpusRecord('us.jsonl.gz', (record) => {
    if (!((record.claims?.length ?? 0) >= 3 && /BACKGROUND/.test(record.description ?? '') && /SUMMARY/.test(record.description ?? ''))) return false;
    const { sections, drawings } = documentFromUsRecord(record);
    return Boolean(sections.domain && sections.background && sections.method && sections.embodiment && drawings.length >= 2);
  });
  usTitled = await firstCorpusRecord('us.jsonl.gz', (candidate) => Boolean(candidate.title && candidate.abstract && (candidate.claims?.length ?? 0) >= 1));
}, 120_000);
const usDocument = (): PatentDocument => documentFromUsRecord(usSpecification!);

/** Distinct real images for the drawings (PNG, JPEG, GIF in turn), sized to match the model. */
function withImages(document: PatentDocument): { document: PatentDocument; images: Map<string, Uint8Array> } {
  const images = new Map<string, Uint8Array>();
  const drawings = document.drawings.map((drawing, i) => {
    const kind = i % 3;
    const bytes = kind === 0 ? makePng(20 + i, 10 + i) : kind === 1 ? makeJpeg() : makeGif();
    images.set(drawing.id, bytes);
    const [width, height] = kind === 0 ? [20 + i, 10 + i] : kind === 1 ? [16, 8] : [2, 1];
    return { ...drawing, mimeType: (['image/png', 'image/jpeg', 'image/gif'] as const)[kind]!, width: width!, height: height! };
  });
  return { document: { ...document, drawings }, images };
}

/** The sections a rendering of `format` keeps apart (the US one merges the summary and the detailed description). */
function expectedText(document: PatentDocument, format: DocumentFormat): Partial<Record<TextSection, string[]>> {
  const s = document.sections;
  if (format === 'jpo') return Object.fromEntries(TEXT_SECTIONS.filter((key) => key !== 'title' && key !== 'abstract').map((key) => [key, paragraphs(s[key])]));
  return {
    domain: paragraphs(s.domain),
    background: paragraphs(s.background),
    method: paragraphs([s.issue, s.method, s.effect].join('\n')),
    embodiment: paragraphs([s.embodiment, s.industrial_aplicability].join('\n')),
  };
}

async function expectRoundTrip(original: PatentDocument, images: Map<string, Uint8Array>, format: DocumentFormat, file: { fileName: string; bytes: Uint8Array }) {
  const { document, notices, images: imported } = await importDocument(file);
  expect(notices).toEqual([]);
  expect(document.lang).toBe(original.lang);
  const { sections } = document;
  expect(sections.title).toBe(original.sections.title.trim());
  expect(sections.claims.map(squeezed)).toEqual(original.sections.claims.map(squeezed));
  expect(sections.preDocPatents).toEqual(original.sections.preDocPatents);
  expect(sections.symbol_descriptions).toEqual(original.sections.symbol_descriptions);
  expect(paragraphs(sections.abstract)).toEqual(paragraphs(original.sections.abstract));
  for (const [key, expected] of Object.entries(expectedText(original, format))) expect({ key, text: paragraphs(sections[key as TextSection]) }).toEqual({ key, text: expected });

  // The drawings come back in figure order with their bytes, types, sizes and descriptions.
  expect(document.drawings).toHaveLength(original.drawings.length);
  const usFigureLines = layoutDocument(original, 'us').flatMap((block) => (block.kind === 'paragraph' && /^FIG\. \d+/.test(block.text) ? [block.text] : []));
  document.drawings.forEach((drawing, i) => {
    const before = original.drawings[i]!;
    const image = imported.find(({ id }) => id === drawing.id)!;
    expect(image).toBeDefined();
    expect(Buffer.from(image.bytes).equals(Buffer.from(images.get(before.id)!))).toBe(true);
    expect({ mimeType: drawing.mimeType, width: drawing.width, height: drawing.height }).toEqual({ mimeType: before.mimeType, width: before.width, height: before.height });
    // The US rendering prints "FIG. n is …" (its own wording of the description): that sentence comes back.
    if (format === 'jpo') expect(squeezed(drawing.description)).toBe(squeezed(before.description));
    else expect(`FIG. ${i + 1} ${squeezed(drawing.description)}`).toBe(squeezed(usFigureLines[i]!));
  });
  expect(new Set(document.drawings.map(({ id }) => id)).size).toBe(document.drawings.length);
}

for (const format of ['jpo', 'us'] as const) {
  testWithJp(`a real gazette exported as a ${format.toUpperCase()} Word file reads back into the same sections and drawings`, async () => {
    const { document, images } = withImages(jpDocument());
    const bytes = await renderDocx(document, format, images);
    await expectRoundTrip(document, images, format, { fileName: 'application.docx', bytes });
  });

  testWithUs(`a real US specification exported as a ${format.toUpperCase()} Word file reads back into the same sections and drawings`, async () => {
    const { document, images } = withImages(usDocument());
    const bytes = await renderDocx(document, format, images);
    await expectRoundTrip(document, images, format, { fileName: 'spec.docx', bytes });
  });

  testWithJp(`a real gazette exported as ${format.toUpperCase()} HTML reads back (named .txt: the content decides)`, async () => {
    const { document, images } = withImages(jpDocument());
    const html = renderHtml(document, format, { embedImages: images });
    await expectRoundTrip(document, images, format, { fileName: 'application.txt', bytes: Buffer.from(html) });
  });

  testWithUs(`a real US specification exported as ${format.toUpperCase()} HTML reads back`, async () => {
    const { document, images } = withImages(usDocument());
    const html = renderHtml(document, format, { embedImages: images });
    await expectRoundTrip(document, images, format, { fileName: 'spec.htm', bytes: Buffer.from(html) });
  });
}

async function expectE102(file: { fileName: string; bytes: Uint8Array }) {
  const error = await importDocument(file).then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(AppError);
  expect(error).toMatchObject({ status: 400, errcode: 'E102', where: { field: 'file' } });
}

test('files that are not Word or HTML documents are E102 whatever their name', async () => {
  await expectE102({ fileName: 'application.docx', bytes: Buffer.from('特許請求の範囲\n請求項１ 電池。\n', 'utf8') });
  await expectE102({ fileName: 'application.docx', bytes: makePng(8, 8) });
  await expectE102({ fileName: 'application.html', bytes: makeGif() });
  const zip = new JSZip();
  zip.file('notes.txt', 'not a Word document');
  await expectE102({ fileName: 'application.docx', bytes: await zip.generateAsync({ type: 'uint8array' }) });
  await expectE102({ fileName: 'application.docx', bytes: new Uint8Array() });
});

const wordFile = (lines: Array<string | { bold: string }>): Promise<Buffer> =>
  Packer.toBuffer(
    new Document({
      sections: [{ children: lines.map((line) => new Paragraph({ children: [typeof line === 'string' ? new TextRun(line) : new TextRun({ text: line.bold, bold: true })] })) }],
    }),
  );

testWithJp('a Word file of plain paragraphs opens as one section with a notice, not an error', async () => {
  const record = jpRecords!.find((candidate) => (candidate.claims?.length ?? 0) >= 2 && candidate.abstract)!;
  const lines = [record.abstract!, ...record.claims!.slice(0, 2)];
  const { document, notices } = await importDocument({ fileName: 'memo.docx', bytes: await wordFile(lines) });
  expect(notices).toEqual([{ key: 'notice.importUnstructured' }]);
  expect(document.lang).toBe('ja');
  expect(paragraphs(document.sections.embodiment)).toEqual(lines.map(squeezed));
  for (const key of TEXT_SECTIONS.filter((name) => name !== 'embodiment')) expect({ key, text: document.sections[key] }).toEqual({ key, text: '' });
  expect(document.sections.claims).toEqual([]);
});

testWithUs('an English Word file with a bold title over plain paragraphs keeps the title, the rest in one section with the notice', async () => {
  const record = usTitled!;
  const body = [record.abstract!, record.claims![0]!];
  const { document, notices } = await importDocument({ fileName: 'draft.docx', bytes: await wordFile([{ bold: record.title! }, ...body]) });
  expect(notices).toEqual([{ key: 'notice.importUnstructured' }]);
  expect(document.lang).toBe('en');
  expect(document.sections.title).toBe(record.title);
  expect(paragraphs(document.sections.embodiment)).toEqual(body.map(squeezed));
});

testWithJp("an attorney's own Japanese Word file: bold 【…】 paragraphs, numbers inline, 【請求項１】 with its text on the line", async () => {
  const source = jpDocument();
  const s = source.sections;
  const lines: Array<string | { bold: string }> = [
    { bold: '【書類名】明細書' },
    { bold: `【発明の名称】${s.title}` },
    { bold: '【技術分野】' },
    ...paragraphs(s.domain).map((line, i) => `【${String(i + 1).padStart(4, '0')}】${line}`),
    { bold: '【背景技術】' },
    ...paragraphs(s.background),
    { bold: '【先行技術文献】' },
    ...s.preDocPatents.map((cited, i) => `【特許文献${i + 1}】${cited}`),
    { bold: '【発明の概要】' },
    { bold: '【発明が解決しようとする課題】' },
    ...paragraphs(s.issue),
    { bold: '【課題を解決するための手段】' },
    ...paragraphs(s.method),
    { bold: '【発明を実施するための形態】' },
    ...paragraphs(s.embodiment),
    { bold: '【符号の説明】' },
    ...s.symbol_descriptions.map(({ sign, name }) => `${sign}　${name}`),
    { bold: '【書類名】特許請求の範囲' },
    ...s.claims.map((claim, i) => `【請求項${i + 1}】${claim}`),
    { bold: '【書類名】要約書' },
    '【要約】',
    s.abstract,
  ];
  const { document, notices } = await importDocument({ fileName: '出願書類.docx', bytes: await wordFile(lines) });
  expect(notices).toEqual([]);
  const got = document.sections;
  expect(got.title).toBe(s.title);
  expect(paragraphs(got.domain)).toEqual(paragraphs(s.domain));
  expect(paragraphs(got.background)).toEqual(paragraphs(s.background));
  expect(got.preDocPatents).toEqual(s.preDocPatents);
  expect(paragraphs(got.issue)).toEqual(paragraphs(s.issue));
  expect(paragraphs(got.method)).toEqual(paragraphs(s.method));
  expect(paragraphs(got.embodiment)).toEqual(paragraphs(s.embodiment));
  expect(got.symbol_descriptions).toEqual(s.symbol_descriptions);
  expect(got.claims.map(squeezed)).toEqual(s.claims.map(squeezed));
  expect(squeezed(got.abstract)).toBe(squeezed(s.abstract));
});

testWithUs("an attorney's own US Word file: bold mixed-case headings, Summary sub-headings, \"What is claimed is:\"", async () => {
  const source = usDocument();
  const s = source.sections;
  const summary = paragraphs(s.method);
  const lines: Array<string | { bold: string }> = [
    { bold: s.title },
    { bold: 'Field of the Invention' },
    ...paragraphs(s.domain),
    { bold: 'Background of the Invention' },
    ...paragraphs(s.background),
    { bold: 'Summary of the Invention' },
    { bold: 'Technical Problem' },
    summary[0]!,
    { bold: 'Solution to Problem' },
    ...summary.slice(1),
    { bold: 'Brief Description of the Drawings' },
    ...source.drawings.map(({ description }) => description),
    { bold: 'Detailed Description of the Preferred Embodiments' },
    ...paragraphs(s.embodiment).map((line, i) => `[${String(i + 1).padStart(4, '0')}] ${line}`),
    'What is claimed is:',
    ...s.claims.map((claim, i) => `${i + 1}. ${claim}`),
    { bold: 'Abstract of the Disclosure' },
    s.abstract,
  ];
  const { document, notices } = await importDocument({ fileName: 'spec.docx', bytes: await wordFile(lines) });
  expect(document.lang).toBe('en');
  // The drawings are described but the file has none of them: kept, without images, and said so.
  expect(notices).toEqual([{ key: 'notice.importDrawingsMissing', values: { figures: source.drawings.map((_, i) => i + 1).join(', '), count: source.drawings.length } }]);
  const got = document.sections;
  expect(got.title).toBe(s.title);
  expect(paragraphs(got.domain)).toEqual(paragraphs(s.domain));
  expect(paragraphs(got.background)).toEqual(paragraphs(s.background));
  expect(paragraphs(got.issue)).toEqual(summary.slice(0, 1));
  expect(paragraphs(got.method)).toEqual(summary.slice(1));
  expect(paragraphs(got.embodiment)).toEqual(paragraphs(s.embodiment));
  expect(got.claims.map(squeezed)).toEqual(s.claims.map(squeezed));
  expect(squeezed(got.abstract)).toBe(squeezed(s.abstract));
  expect(document.drawings.map(({ description }) => squeezed(description))).toEqual(source.drawings.map(({ description }) => squeezed(description.replace(/^FIG\.?\s*\d+\s*/i, ''))));
});
