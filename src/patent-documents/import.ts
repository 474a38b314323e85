// An uploaded Word (.docx) or HTML patent document as a PatentDocument (§1 patent document
// editing, §5 file rules). The type is decided by the bytes, never the name: a docx is a zip with
// word/document.xml, HTML is UTF-8 text with HTML tags; anything else is E102. Word files go
// through mammoth's HTML (headings, bold runs and embedded images as data: URLs), so one parser
// (sections-parser.ts) reads both. A file without recognisable sections still opens: all of its
// text in the embodiment, with a notice, because the attorney can sort it in the editor.
import { randomUUID } from 'node:crypto';
import mammoth from 'mammoth';
import { AppError } from '../platform/errors.ts';
import { sniffContentType } from '../platform/uploads.ts';
import { sniffDrawing } from './drawings.ts';
import { htmlLines } from './html-lines.ts';
import type { DrawingMimeType, PatentDocument, PatentDrawing } from './model.ts';
import { parseSections } from './sections-parser.ts';

export interface ImportNotice {
  key: string;
  values?: Record<string, string | number>;
}

export interface ImportedImage {
  /** The drawing's id. */
  id: string;
  bytes: Uint8Array;
  mimeType: DrawingMimeType;
  width: number;
  height: number;
  fileName: string;
}

export interface ImportResult {
  document: PatentDocument;
  notices: ImportNotice[];
  /** The bytes of the drawings that had an image in the file, by drawing id. */
  images: ImportedImage[];
}

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const EXTENSION: Record<DrawingMimeType, string> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/gif': 'gif' };

const wrongFormat = () => new AppError(400, 'E102', 'wrongDocumentType', {}, { field: 'file' });

/** What the bytes are: a Word document, an HTML page, or neither. */
async function documentKind(bytes: Uint8Array): Promise<'docx' | 'html' | null> {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const mime = await sniffContentType(buffer);
  // file-type names a docx by its parts; a zip it cannot name may still be one (mammoth decides).
  if (mime === DOCX || mime === 'application/zip') return 'docx';
  if (mime !== undefined) return null;
  const text = htmlText(buffer);
  return text !== null && /<(html|body|p|h[1-6]|div)[\s>]/i.test(text) ? 'html' : null;
}

/**
 * The page's text: UTF-8, or the Japanese charset its <meta> names (Word's "Web page" files of
 * Japanese offices are often Shift_JIS); null for bytes that are no text.
 */
function htmlText(buffer: Buffer): string | null {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(buffer);
  } catch {
    const charset = /charset\s*=\s*["']?\s*(shift[_-]jis|windows-31j|cp932|sjis|euc-jp|iso-2022-jp)/i.exec(buffer.subarray(0, 4096).toString('latin1'))?.[1];
    if (!charset) return null;
    try {
      text = new TextDecoder(/euc/i.test(charset) ? 'euc-jp' : /2022/.test(charset) ? 'iso-2022-jp' : 'shift_jis', { fatal: true }).decode(buffer);
    } catch {
      return null;
    }
  }
  return /[\u0000-\u0008\u000E-\u001F]/.test(text) ? null : text;
}

async function docxHtml(bytes: Uint8Array): Promise<string> {
  try {
    const { value } = await mammoth.convertToHtml({ buffer: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) });
    return value;
  } catch {
    // A zip without word/document.xml (an .xlsx, a plain archive) or a damaged one.
    throw wrongFormat();
  }
}

/** The bytes of an embedded image (data: URL); linked images cannot be read from an upload. */
function dataUrlBytes(src: string): Uint8Array | null {
  const match = /^data:[^;,]*(;base64)?,(.*)$/s.exec(src.trim());
  if (!match) return null;
  return match[1] ? Buffer.from(match[2]!, 'base64') : Buffer.from(decodeURIComponent(match[2]!), 'latin1');
}

export async function importDocument(file: { fileName: string; bytes: Uint8Array }): Promise<ImportResult> {
  const kind = await documentKind(file.bytes);
  if (!kind) throw wrongFormat();
  const html = kind === 'docx' ? await docxHtml(file.bytes) : htmlText(Buffer.from(file.bytes.buffer, file.bytes.byteOffset, file.bytes.byteLength))!;
  const parsed = parseSections(htmlLines(html));
  const notices: ImportNotice[] = [];
  if (!parsed.structured) notices.push({ key: 'notice.importUnstructured' });

  // Images in figure order: a label's number where the drawing sheets gave one, else document order.
  const images: ImportedImage[] = [];
  const drawings: Array<PatentDrawing & { figure: number }> = [];
  let skipped = 0;
  let position = 0;
  for (const image of parsed.images) {
    const bytes = dataUrlBytes(image.src);
    const sniffed = bytes ? sniffDrawing(bytes) : null;
    if (!bytes || !sniffed) {
      skipped++;
      continue;
    }
    position++;
    const figure = image.figure ?? position;
    const id = randomUUID();
    const fileName = `figure-${figure}.${EXTENSION[sniffed.mimeType]}`;
    images.push({ id, bytes, fileName, ...sniffed });
    drawings.push({ id, fileName, ...sniffed, description: parsed.figureDescriptions.get(figure) ?? '', figure });
  }
  drawings.sort((a, b) => a.figure - b.figure);
  if (skipped > 0) notices.push({ key: 'notice.importImagesSkipped', values: { count: skipped } });

  // Figures described in 図面の簡単な説明 without an image in the file: kept (their text is the
  // attorney's), without bytes, so the drafting check asks for the drawing.
  const withImage = new Set(drawings.map(({ figure }) => figure));
  const missing = [...parsed.figureDescriptions.keys()].filter((figure) => !withImage.has(figure)).sort((a, b) => a - b);
  for (const figure of missing) {
    drawings.push({ id: randomUUID(), fileName: `figure-${figure}.png`, mimeType: 'image/png', width: 0, height: 0, description: parsed.figureDescriptions.get(figure)!, figure, withoutPicture: true });
  }
  drawings.sort((a, b) => a.figure - b.figure);
  if (missing.length > 0) notices.push({ key: 'notice.importDrawingsMissing', values: { figures: missing.join(', '), count: missing.length } });

  return {
    document: { lang: parsed.lang, sections: parsed.sections, drawings: drawings.map(({ figure: _figure, ...drawing }) => drawing) },
    notices,
    images,
  };
}
