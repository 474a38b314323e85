// The document as one printable HTML page (export and print preview): the blocks of layout.ts
// in order, every user text escaped, drawings linked or embedded as data: URLs.
import { entryText, layoutDocument, type DocumentBlock } from './layout.ts';
import type { DocumentFormat, PatentDocument, PatentDrawing } from './model.ts';

export interface HtmlOptions {
  /** Where the page finds a drawing (a URL of the app); used when the drawing is not embedded. */
  imageUrl?(drawing: PatentDrawing): string;
  /** Drawing bytes by drawing id, embedded as data: URLs (a file that opens offline). */
  embedImages?: Map<string, Uint8Array>;
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

// Mincho (serif) as filings are printed; paragraph numbers on their own line for the JPO, in the
// margin-less "[0001] text" form for the US; each document of the filing on a new printed page.
const STYLE = `
@page { size: A4; margin: 20mm; }
body { font-family: "Times New Roman", "Yu Mincho", "YuMincho", "Hiragino Mincho ProN", "MS Mincho", "Noto Serif CJK JP", serif; font-size: 12pt; line-height: 1.8; max-width: 170mm; margin: 2em auto; color: #000; background: #fff; }
html:lang(ja) body { font-family: "Yu Mincho", "YuMincho", "Hiragino Mincho ProN", "MS Mincho", "Noto Serif CJK JP", serif; }
section.document + section.document { break-before: page; page-break-before: always; margin-top: 3em; }
h1, h2, h3 { font-size: 12pt; font-weight: normal; margin: 0.6em 0 0; }
.us h1 { text-align: center; font-weight: bold; }
.us h2, .us h3 { font-weight: bold; }
p { margin: 0; white-space: pre-wrap; overflow-wrap: anywhere; }
.jpo p.text { text-indent: 1em; }
.us .paragraph-number { margin-right: 1em; }
.claim { margin-top: 0.6em; }
.us .claim { text-indent: 0; }
figure { margin: 1.5em 0; break-inside: avoid; page-break-inside: avoid; }
figure img { max-width: 100%; height: auto; display: block; }
.us figcaption { text-align: center; }
`;

function imageSource(drawing: PatentDrawing, options: HtmlOptions): string | null {
  const bytes = options.embedImages?.get(drawing.id);
  if (bytes) return `data:${drawing.mimeType};base64,${Buffer.from(bytes).toString('base64')}`;
  return options.imageUrl ? options.imageUrl(drawing) : null;
}

function blockHtml(block: DocumentBlock, format: DocumentFormat, drawings: Map<string, PatentDrawing>, options: HtmlOptions): string {
  switch (block.kind) {
    case 'documentName':
      return `<h1 class="document-name">${escapeHtml(block.text)}</h1>`;
    case 'heading':
      return `<h${block.level}>${escapeHtml(block.text)}</h${block.level}>`;
    case 'paragraph': {
      if (block.number === null) return `<p class="text">${escapeHtml(block.text)}</p>`;
      // JPO: 【０００１】 on its own line, the text indented under it; US: "[0001] text" on one line.
      if (format === 'jpo') return `<p class="paragraph-number">${escapeHtml(block.number)}</p>${block.text === '' ? '' : `<p class="text">${escapeHtml(block.text)}</p>`}`;
      return `<p class="numbered"><span class="paragraph-number">${escapeHtml(block.number)}</span>${escapeHtml(block.text)}</p>`;
    }
    case 'entry':
      return `<p class="entry ${block.role}">${escapeHtml(entryText(block, format))}</p>`;
    case 'claim':
      // JPO: 【請求項１】 on its own line, the claim indented under it; US: "1. A battery …".
      if (format === 'jpo') return `<div class="claim"><p class="claim-label">${escapeHtml(block.label)}</p><p class="text">${escapeHtml(block.text)}</p></div>`;
      return `<p class="claim"><span class="claim-label">${escapeHtml(block.label)}</span> ${escapeHtml(block.text)}</p>`;
    case 'figure': {
      const drawing = drawings.get(block.drawingId);
      const source = drawing ? imageSource(drawing, options) : null;
      const image = drawing && source ? `<img src="${escapeHtml(source)}" width="${drawing.width}" height="${drawing.height}" alt="${escapeHtml(block.label)}">` : '';
      // The JPO prints 【図１】 above the figure, US sheets "FIG. 1" below it.
      const caption = `<figcaption>${escapeHtml(block.label)}</figcaption>`;
      return `<figure>${format === 'jpo' ? caption + image : image + caption}</figure>`;
    }
  }
}

export function renderHtml(document: PatentDocument, format: DocumentFormat, options: HtmlOptions = {}): string {
  const drawings = new Map(document.drawings.map((drawing) => [drawing.id, drawing]));
  const parts: string[] = [];
  let open = false;
  for (const block of layoutDocument(document, format)) {
    if (block.kind === 'documentName') {
      if (open) parts.push('</section>');
      parts.push('<section class="document">');
      open = true;
    }
    parts.push(blockHtml(block, format, drawings, options));
  }
  if (open) parts.push('</section>');
  const title = document.sections.title.trim() || (document.lang === 'ja' ? '無題' : 'Untitled');
  const page = format === 'us' ? STYLE.replace('size: A4; margin: 20mm;', 'size: letter; margin: 20mm 20mm 20mm 25.4mm;') : STYLE;
  return [
    '<!DOCTYPE html>',
    `<html lang="${document.lang}">`,
    '<head>',
    '<meta charset="utf-8">',
    `<title>${escapeHtml(title)}</title>`,
    `<style>${page}</style>`,
    '</head>',
    `<body class="${format}">`,
    ...parts,
    '</body>',
    '</html>',
    '',
  ].join('\n');
}
