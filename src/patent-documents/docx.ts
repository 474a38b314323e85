// The document as a Word file (.docx, the `docx` package): the blocks of layout.ts in order,
// headings as Word's Heading 1–3 styles (so the navigation pane lists 【書類名】 and 【…】 or the
// US sections), each document of the filing from a new page, drawings scaled to the text width.
// JPO: A4, margins 20 mm (the filing guide's standard), Mincho; US: Letter, 1 in left margin
// (37 CFR 1.52), Times New Roman.
import { AlignmentType, Document, HeadingLevel, ImageRun, Packer, Paragraph, TextRun, convertMillimetersToTwip, type IStylesOptions } from 'docx';
import { entryText, layoutDocument, type DocumentBlock } from './layout.ts';
import type { DocumentFormat, DrawingMimeType, PatentDocument, PatentDrawing } from './model.ts';

/** Page and margins in mm; `twips` is the paper size as Word writes it (A4 11906 × 16838, Letter 12240 × 15840). */
const PAGE = {
  jpo: { width: 210, height: 297, top: 20, right: 20, bottom: 20, left: 20, twips: { width: 11906, height: 16838 } },
  us: { width: 215.9, height: 279.4, top: 20, right: 20, bottom: 20, left: 25.4, twips: { width: 12240, height: 15840 } },
} as const;

const PIXELS_PER_MM = 96 / 25.4;
/** Room a figure's label takes on its page, in mm. */
const FIGURE_CAPTION_MM = 15;

const IMAGE_TYPE: Record<DrawingMimeType, 'png' | 'jpg' | 'gif'> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/gif': 'gif' };

/** The drawing's size in Word's pixels (96 to the inch), shrunk to fit the page, never enlarged, aspect kept. */
export function fittedSize(drawing: Pick<PatentDrawing, 'width' | 'height'>, format: DocumentFormat): { width: number; height: number } {
  const page = PAGE[format];
  const maxWidth = (page.width - page.left - page.right) * PIXELS_PER_MM;
  const maxHeight = (page.height - page.top - page.bottom - FIGURE_CAPTION_MM) * PIXELS_PER_MM;
  const width = Math.max(1, drawing.width);
  const height = Math.max(1, drawing.height);
  const scale = Math.min(1, maxWidth / width, maxHeight / height);
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

function styles(document: PatentDocument): IStylesOptions {
  const font = document.lang === 'ja' ? { ascii: 'MS Mincho', hAnsi: 'MS Mincho', eastAsia: 'MS Mincho', cs: 'MS Mincho' } : { ascii: 'Times New Roman', hAnsi: 'Times New Roman', eastAsia: 'MS Mincho', cs: 'Times New Roman' };
  const language = document.lang === 'ja' ? { value: 'en-US', eastAsia: 'ja-JP' } : { value: 'en-US' };
  // Headings print like the text (12 pt, black) as in filings; only US headings are bold.
  const heading = (bold: boolean) => ({ run: { font, size: 24, bold, italics: false, color: '000000', language }, paragraph: { spacing: { before: 120, after: 0 }, keepNext: true } });
  return {
    default: {
      document: { run: { font, size: 24, language }, paragraph: { spacing: { line: 360 } } },
      heading1: heading(true),
      heading2: heading(document.lang !== 'ja'),
      heading3: heading(document.lang !== 'ja'),
    },
  };
}

const HEADING = { 2: HeadingLevel.HEADING_2, 3: HeadingLevel.HEADING_3 } as const;

/** Lines of a text as paragraphs (a claim written element by element keeps its lines). */
const lines = (text: string): string[] => text.split(/\r?\n/).filter((line) => line.trim() !== '');

function blockParagraphs(block: DocumentBlock, format: DocumentFormat, drawings: Map<string, PatentDrawing>, images: Map<string, Uint8Array>): Paragraph[] {
  const jpo = format === 'jpo';
  const indented = (text: string) => new Paragraph({ children: [new TextRun(text)], indent: jpo ? { firstLine: 240 } : undefined });
  switch (block.kind) {
    case 'documentName':
      return [
        new Paragraph({
          heading: HeadingLevel.HEADING_1,
          pageBreakBefore: block.newPage,
          alignment: jpo ? AlignmentType.LEFT : AlignmentType.CENTER,
          children: [new TextRun(block.text)],
        }),
      ];
    case 'heading':
      return [new Paragraph({ heading: HEADING[block.level], children: [new TextRun(block.text)] })];
    case 'paragraph':
      if (block.number === null) return [indented(block.text)];
      // JPO: 【０００１】 on its own line and the text indented under it; US: "[0001] text".
      if (jpo) return [new Paragraph({ children: [new TextRun(block.number)] }), ...(block.text ? [indented(block.text)] : [])];
      return [new Paragraph({ children: [new TextRun(block.text ? `${block.number}  ${block.text}` : block.number)] })];
    case 'entry':
      return [new Paragraph({ children: [new TextRun(entryText(block, format))] })];
    case 'claim': {
      const [first = '', ...rest] = lines(block.text);
      const more = rest.map((line) => new Paragraph({ children: [new TextRun(line)], indent: { left: jpo ? 240 : 720 } }));
      if (jpo) return [new Paragraph({ spacing: { before: 120 }, keepNext: true, children: [new TextRun(block.label)] }), indented(first), ...more];
      return [new Paragraph({ spacing: { before: 120 }, children: [new TextRun(`${block.label} ${first}`)] }), ...more];
    }
    case 'figure': {
      const drawing = drawings.get(block.drawingId);
      const bytes = images.get(block.drawingId);
      const label = new Paragraph({ alignment: jpo ? AlignmentType.LEFT : AlignmentType.CENTER, keepNext: jpo, children: [new TextRun(block.label)] });
      if (!drawing || !bytes) return [label];
      const image = new Paragraph({
        alignment: AlignmentType.CENTER,
        keepNext: !jpo,
        // Every figure after the first from a new sheet, as drawings are filed.
        pageBreakBefore: block.number > 1 && !jpo,
        children: [new ImageRun({ type: IMAGE_TYPE[drawing.mimeType], data: bytes, transformation: fittedSize(drawing, format), altText: { name: block.label, description: drawing.description, title: block.label } })],
      });
      return jpo ? [label, image] : [image, label];
    }
  }
}

/** The Word file; `images` holds the drawings' bytes by drawing id (a drawing without bytes prints its label only). */
export async function renderDocx(document: PatentDocument, format: DocumentFormat, images: Map<string, Uint8Array>): Promise<Buffer> {
  const drawings = new Map(document.drawings.map((drawing) => [drawing.id, drawing]));
  const page = PAGE[format];
  const children = layoutDocument(document, format).flatMap((block) => blockParagraphs(block, format, drawings, images));
  const word = new Document({
    title: document.sections.title.trim(),
    creator: 'Hatsumei',
    styles: styles(document),
    sections: [
      {
        properties: {
          page: {
            size: page.twips,
            margin: {
              top: convertMillimetersToTwip(page.top),
              right: convertMillimetersToTwip(page.right),
              bottom: convertMillimetersToTwip(page.bottom),
              left: convertMillimetersToTwip(page.left),
            },
          },
        },
        children,
      },
    ],
  });
  return Packer.toBuffer(word);
}
