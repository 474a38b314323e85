// Small text helpers of the drafter: full-width digits for Japanese reference signs, sentence
// cuts, and the section length limit (§9: each section ≤ 1,500 characters).

export const MAX_SECTION_LENGTH = 1500;

/** ASCII digits as the full-width ones JPO filings print (10 → １０). */
/** Text matched literally inside a RegExp (a component's name, a claimed subject). */
export const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export const fullWidthDigits = (text: string): string => text.replace(/[0-9]/g, (d) => String.fromCharCode(d.charCodeAt(0) + 0xfee0));

/** Whitespace collapsed (Japanese text keeps no spaces between CJK characters). */
export function collapseSpaces(text: string): string {
  return text
    .replace(/[\s\u3000]+/g, ' ')
    .replace(/(?<=[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}ー、。（）「」])\s+|\s+(?=[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}ー、。（）「」])/gu, '')
    .trim();
}

/** Sentences with their end (。 or ". "), so one can be dropped without breaking the others; joined they are the paragraph (1.5 mm is not cut). */
export function sentences(paragraph: string): string[] {
  return paragraph.split(/(?<=[。!?])|(?<=\.)(?=\s|$)/).filter((sentence) => sentence.length > 0);
}

/** The first sentence of a text (up to 。 or a period followed by a space/end). */
export function firstSentence(text: string): string {
  const match = /^.*?(?:。|\.(?=\s|$))/su.exec(text.trim());
  return (match ? match[0] : text).trim();
}

/**
 * Paragraphs (joined by line breaks) cut to the limit at a sentence end: whole paragraphs while
 * they fit, then the sentences of the next one that still fit.
 */
export function limitSection(text: string, max = MAX_SECTION_LENGTH): string {
  if (text.length <= max) return text;
  // A period inside a number or a name ("between 0.5:1 and 7:1", US6982296B2; 「ΔT1, ΔT2,..., ΔTn」, JP2014116944A)
  // ends no sentence; read as an end, the text before it was dropped ("7:1." alone).
  const sentences = text.match(/(?:[^。.\n]|\.(?![\s\n]|$))*(?:。|\.(?=\s|\n|$)|\n|$)/g) ?? [];
  let out = '';
  for (const sentence of sentences) {
    if (!sentence) continue;
    if ((out + sentence).length > max) break;
    out += sentence;
  }
  // One sentence longer than the limit: cut at the last comma that fits.
  if (!out.trim()) {
    const cut = text.slice(0, max - 1);
    const comma = Math.max(cut.lastIndexOf('、'), cut.lastIndexOf(','));
    out = `${cut.slice(0, comma > max / 2 ? comma : cut.length)}${/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u.test(cut) ? '。' : '.'}`;
  }
  return out.replace(/\s+$/, '');
}

/**
 * Reference signs of a cited document's abstract (駆動体１５，１６ → 駆動体), kept after 第 (第１),
 * and step labels with their brackets (「…分散させる（ステップＳ３０）。」 → 「…分散させる。」: the
 * sign alone dropped left 「（ステップＳ）」 for the sentence to end on).
 */
export function dropReferenceSigns(text: string): string {
  return text
    .replace(/[（(]\s*(?:(?:ステップ|工程)\s*[ＳSｓs]?|[ＳSｓs])[０-９0-9]+[a-zａ-ｚ]?\s*[）)]/gu, '')
    .replace(/(?<=[\p{Script=Han}\p{Script=Katakana}ーＡ-Ｚａ-ｚ])(?<!第)[０-９0-9]+[a-zａ-ｚ]?(?:[，,、・～~][０-９0-9]+[a-zａ-ｚ]?)*(?![０-９0-9]*[.．]?[０-９0-9]*\s*(?:ｍ|m|％|%|℃|個|枚|本|つ|nm|μ|mm|cm|重量|質量|度|倍|mol|g|秒|分|次|価|元|軸|相|段|重))/gu, '')
    .replace(/\s*\((?:\d+[a-z]?(?:,\s*)?)+\)/g, '');
}

/**
 * "A battery …" → "a battery …", "Each layer" → "each layer"; a variable "A" stays ("A is hydrogen and n=1 or 2",
 * US7473658B2; "A and B are …"): it is followed by a verb, a conjunction, a sign or punctuation, not by a noun.
 */
const VARIABLE_A = /^A(?:\s+(?:is|are|was|has|have|represents|denotes|equals|means|and|or|to|in|of)\b|\s*[=<>≦≧≤≥,;:.)'’]|$)/;
// Only a word written as a common word is lowered: not "BxHy comprises B10H14" (US7473606B2), "Li2S", "McKenzie".
export const lowerFirst = (text: string): string => (/^(?:[A-Z][a-z]*(?=[\s,;:.)-]|$)|A\b)/.test(text) && !VARIABLE_A.test(text) ? text[0]!.toLowerCase() + text.slice(1) : text);
export const upperFirst = (text: string): string => (text ? text[0]!.toUpperCase() + text.slice(1) : text);

/** 「A、B及びC」 / "A, B, and C". */
export function listJapanese(items: string[], joiner = '及び'): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join('、')}${joiner}${items[items.length - 1]}`;
}

export function listEnglish(items: string[], joiner = 'and'): string {
  if (items.length <= 1) return items[0] ?? '';
  if (items.length === 2) return `${items[0]} ${joiner} ${items[1]}`;
  return `${items.slice(0, -1).join(', ')}, ${joiner} ${items[items.length - 1]}`;
}

/** What a section's lines are to the cut (limitLines): line ranges said whole or not at all, and lines that give way to them. */
export interface SectionLines {
  /** First and last line (inclusive) of a unit: a method's steps (「まず、…。次に、…。」), cut after 「その後、」 read as a method ending there. */
  whole: Array<[number, number]>;
  /** Lines of least weight (the dependent claims' preferred forms), dropped last first to make room for a unit after them. */
  optional: number[];
}

/**
 * Lines (joined by line breaks) cut to the limit as limitSection cuts them, except that a unit the cut falls in is kept whole,
 * optional lines before it dropped to make room (an independent claim's method said whole outweighs a dependent claim's form), or,
 * when even that does not make room, the section ends before the unit. A unit opening the section is cut as limitSection cuts it.
 */
export function limitLines(lines: string[], { whole, optional }: SectionLines, max = MAX_SECTION_LENGTH): string {
  const dropped = new Set<number>();
  for (;;) {
    const kept = lines.map((line, index) => ({ line, index })).filter(({ index }) => !dropped.has(index));
    const text = kept.map(({ line }) => line).join('\n');
    const cut = limitSection(text, max);
    if (cut === text) return text;
    const cutLines = cut.split('\n');
    const lastWhole = cutLines[cutLines.length - 1] === kept[cutLines.length - 1]!.line;
    const missing = kept[lastWhole ? cutLines.length : cutLines.length - 1]?.index ?? lines.length;
    const unit = whole.find(([start, end]) => start <= missing && missing <= end && (start < missing || !lastWhole));
    if (!unit) return cut;
    const [start, end] = unit;
    const before = kept.filter(({ index }) => index < start);
    if (before.length <= 1) return cut;
    const needed = [...before.filter(({ index }) => !optional.includes(index)), ...kept.filter(({ index }) => index >= start && index <= end)];
    const room = needed.map(({ line }) => line).join('\n').length <= max ? before.filter(({ index }) => optional.includes(index)).pop() : undefined;
    if (!room) return limitSection(before.map(({ line }) => line).join('\n'), max);
    dropped.add(room.index);
  }
}
