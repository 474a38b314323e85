// An uploaded HTML page (or mammoth's HTML of a Word file) as the lines a reader sees: one line per
// block element, with whether it is a heading or wholly bold (attorneys' own Word files head their
// sections with bold paragraphs), and the images in document order. A small tokenizer rather than
// a DOM: the importer needs only block text and images, and it must not execute or fetch anything.

export type HtmlLine = { kind: 'text'; text: string; heading: boolean; bold: boolean } | { kind: 'image'; src: string };

/** Elements that end a line of text. */
const BLOCK = new Set(['p', 'div', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'li', 'tr', 'td', 'th', 'br', 'figure', 'figcaption', 'section', 'article', 'blockquote', 'pre', 'table', 'ul', 'ol', 'dt', 'dd', 'title', 'body', 'header', 'footer']);
const HEADING = /^h[1-6]$/;
const BOLD = new Set(['b', 'strong']);
/** Elements whose content is never text of the document. */
const HIDDEN = new Set(['head', 'style', 'script', 'noscript', 'template', 'svg']);

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', ensp: ' ', emsp: ' ', thinsp: ' ' };

export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return NAMED[name.toLowerCase()] ?? whole;
  });
}

const attribute = (tag: string, name: string): string | null => {
  const match = new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i').exec(tag);
  return match ? decodeEntities(match[1] ?? match[2] ?? match[3] ?? '') : null;
};

export function htmlLines(html: string): HtmlLine[] {
  const lines: HtmlLine[] = [];
  let text = '';
  let boldText = '';
  let heading = 0;
  let bold = 0;
  let hidden: string | null = null;
  const flush = () => {
    const line = text.replace(/[ \t\r\n\f]+/g, ' ').trim();
    // Wholly bold: every visible character of the line sat inside <b>/<strong>.
    const wholeBold = line !== '' && boldText.replace(/\s+/g, '') === line.replace(/\s+/g, '');
    if (line) lines.push({ kind: 'text', text: line, heading: heading > 0, bold: wholeBold });
    text = '';
    boldText = '';
  };
  const tokens = /<!--[\s\S]*?-->|<!\[CDATA\[[\s\S]*?\]\]>|<![^>]*>|<\?[^>]*>|<\/?([a-zA-Z][a-zA-Z0-9-]*)((?:"[^"]*"|'[^']*'|[^'">])*)>|[^<]+|</;
  for (const match of html.matchAll(new RegExp(tokens.source, 'g'))) {
    const token = match[0];
    const name = match[1]?.toLowerCase();
    if (hidden) {
      if (name === hidden && token.startsWith('</')) hidden = null;
      continue;
    }
    if (!name) {
      if (token.startsWith('<!') || token.startsWith('<?')) continue;
      const piece = decodeEntities(token);
      text += piece;
      if (bold > 0) boldText += piece;
      continue;
    }
    const closing = token.startsWith('</');
    const selfClosing = token.endsWith('/>');
    if (HIDDEN.has(name)) {
      if (!closing && !selfClosing) hidden = name;
      continue;
    }
    if (name === 'img') {
      flush();
      const src = attribute(token, 'src');
      if (src) lines.push({ kind: 'image', src });
      continue;
    }
    if (BLOCK.has(name)) flush();
    if (HEADING.test(name) && !selfClosing) heading = Math.max(0, heading + (closing ? -1 : 1));
    if (BOLD.has(name) && !selfClosing) bold = Math.max(0, bold + (closing ? -1 : 1));
    // A claim's label and text in separate inline elements ("<span>1.</span> A battery") stay one line.
  }
  flush();
  return lines;
}
