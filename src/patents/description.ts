// A publication's description as numbered paragraphs and headings, as the gazette numbers
// them (【０００１】, [0001]) or, where it does not, line by line (0001, 0002, …). The document
// details show these numbers and the claim chart's evidence cites them, so both read them here.
const toAscii = (text: string): string => text.replace(/[０-９]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0));

export type DescriptionBlock = { kind: 'heading'; text: string } | { kind: 'paragraph'; number: string; text: string };

const PARAGRAPH_NUMBER = /^\s*[【[]\s*([0-9０-９]{4,5})\s*[】\]]\s*/;

function isHeading(line: string): boolean {
  if (/^【[^】]+】$/.test(line) && !PARAGRAPH_NUMBER.test(line)) return true; // 【技術分野】
  if (line.length > 90 || /[.。:;,]$/.test(line)) return false;
  const letters = line.replace(/[^A-Za-z]/g, '');
  return letters.length >= 3 && letters === letters.toUpperCase(); // BACKGROUND OF THE INVENTION
}

/** One block per line; paragraph numbers from the text ([0001], 【０００１】) when it has them, else 0001, 0002, … */
export function analyseDescription(description: string | null | undefined): DescriptionBlock[] {
  if (!description) return [];
  const lines = description
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
  const numbered = lines.some((line) => PARAGRAPH_NUMBER.test(line));
  let counter = 0;
  const blocks: DescriptionBlock[] = [];
  for (const line of lines) {
    const match = PARAGRAPH_NUMBER.exec(line);
    if (match) {
      const text = line.slice(match[0].length).trim();
      blocks.push({ kind: 'paragraph', number: toAscii(match[1]!), text });
      continue;
    }
    if (isHeading(line)) {
      blocks.push({ kind: 'heading', text: line.replace(/^【(.+)】$/, '$1') });
      continue;
    }
    if (numbered) {
      // Lines between numbered paragraphs continue the previous one.
      const last = blocks.at(-1);
      if (last?.kind === 'paragraph') last.text = last.text ? `${last.text}\n${line}` : line;
      else blocks.push({ kind: 'paragraph', number: '', text: line });
      continue;
    }
    counter++;
    blocks.push({ kind: 'paragraph', number: String(counter).padStart(4, '0'), text: line });
  }
  return blocks;
}
