// What a Japanese claim states after its closing 「。」 or 「：」: a formula and its symbols (「…下記（１）式で定義されるＣＶ値が５０％以下である
// 銅微粉。 ＣＶ値＝σD／ＤTEM×１００ ……（１） ここでσDは…標準偏差である。」), conditions labelled （ａ）〜（ｃ） (「…下記（ａ）のモル比で…
// 銅微粉の製造方法。 （ａ）…のモル比：１〜２０ （ｂ）…」, JP2010059453A), a formula's definitions (「一般式（Ｉ）中、Ｒ１は…」). The claim's
// sentence points at it (「下記」, 「以下の」, 「次の」): a description that restates the sentence states it after, as gazettes' 【課題を解決するための
// 手段】 do (the block as the claim writes it, one line per item or sentence); the problem and the effect, which state no formula, say
// 「所定の式で定義されるＣＶ値」, as conditionsTogether says 「所定の条件式」. The block is read as the simulation's cutter reads it
// (appendedOpening, appendedLimitations): one reader of such text.
import { appendedOpening, depthAt } from '../../patents/claim-text.ts';
import { appendedLimitations } from '../../priorart/elements-japanese-conditions.ts';
import { collapseSpaces } from './text.ts';

/** The claim's own sentence: its text up to the 「。」 or 「：」 that closes it before what it appends, else up to its first 「。」. */
export function statedSentence(text: string): string {
  const opening = appendedOpening(text);
  return opening >= 0 ? text.slice(0, opening).trimEnd() : text.replace(/。.*$/su, '');
}

/** A gazette line break inside a block that opens what defines a formula (「……（１） ここでσDは…」, 「（Ｒ２ＳｉＯ１／２Ａ１／２） 化学式１で、…」). */
const DEFINITIONS_BREAK = /\s+(?=ここで|ここに|但し|ただし|[（［〔]?式中|(?:一般式|化学式|式)\s*[（(［]?[０-９0-9ＩＶＸIVXａ-ｚＡ-Ｚ−\-]{1,8}[）)］]?\s*(?:中|で)、)/gu;

/**
 * The gazette's line breaks that part a block's lines: after a formula's number before the next formula (「５９．００≦ｖ１≦８２．００ （１）
 * ３．００≦…（２）」, JP2022024972A), before an item lettered in a block that is no list of them (「（ｘ）アルカリ可溶基 （ｙ）…」, JP2011215413A).
 */
const LINE_BREAK = /(?<=[（(][０-９0-9]{1,2}[）)])\s+(?=\S)|\s+(?=[（(](?:[ａ-ｚＡ-Ｚa-zA-Z]|[ＩＶＸIVX]{1,4})[）)])/gu;

/** The text cut where `breaks` match outside brackets (「（一般式（１）中、…。 一般式（２）中、…）」 is one note, JP2010058403A). */
function splitOutside(text: string, breaks: RegExp): string[] {
  const pieces: string[] = [];
  let from = 0;
  for (const cut of text.matchAll(breaks)) {
    if (depthAt(text, cut.index) > 0) continue;
    pieces.push(text.slice(from, cut.index));
    from = cut.index + cut[0].length;
  }
  return [...pieces, text.slice(from)];
}

/** One limitation as lines: its sentences (a 「。」 outside brackets ends one), a formula apart from what defines its symbols. */
function lines(limitation: string): string[] {
  const out: string[] = [];
  for (const piece of splitOutside(limitation, DEFINITIONS_BREAK).flatMap((part) => splitOutside(part, LINE_BREAK))) {
    const text = collapseSpaces(piece);
    let from = 0;
    for (let at = text.indexOf('。'); at >= 0; at = text.indexOf('。', at + 1)) {
      if (depthAt(text, at) > 0) continue;
      out.push(text.slice(from, at + 1));
      from = at + 1;
    }
    if (text.slice(from).trim()) out.push(text.slice(from).trim());
  }
  // An item or a definition that ends on a predicate is a sentence (「（１）長手方向の熱収縮率が０．５〜１０％である」); a noun's (「…のモル比：１〜２０」) is a list's.
  return out.filter(Boolean).map((line) => (/(?:である|[るた])$/u.test(line) ? `${line}。` : line));
}

/**
 * What the claim states after its sentence, as the description's lines; none when it appends nothing, or prose the sentence does not
 * point at and that defines nothing (「…風邪（インフルエンザ）は万病の元。 鼻呼吸の方も…」, JP2011011021A: an applicant's note, no claim).
 * `text` keeps the gazette's line breaks (spaces), which part the items.
 */
export function appendedLines(text: string): string[] {
  const opening = appendedOpening(text);
  if (opening < 0) return [];
  const sentence = text.slice(0, opening);
  const limitations = appendedLimitations(sentence, text.slice(opening + 1));
  if (!POINTS.test(sentence) && !DEFINES.test(limitations[0] ?? '')) return [];
  return limitations.flatMap(lines);
}

/** The words that point at what follows: 「下記」, 「以下の」 and 「次の」 at a clause's start (not 「５０％以下の」). */
const POINTER = '(?:下記の?|(?<=^|[、はがをにでとも\\s])(?:以下|次)の)';
const KIND = '(?:一般構造式|一般式|化学式|構造式|条件式|関係式|数式|式|要件|条件)';
const LABEL = '[（(［\\[][^）)］\\]、。\\s]{1,10}[）)］\\]]';
const LABELS = `${LABEL}(?:\\s*(?:〜|～|−|ー|、|及び|および|又は|または|並びに|乃至)\\s*${LABEL})*`;
/** A sentence pointing at what follows it: 「下記」, 「以下の」, 「次の」, a formula (「式（１）で表される」), 「以下化学式１の」 (JP2022514722A). */
const POINTS = /下記|以下|次の|式/u;
/** A block that defines: a label or a note in brackets, 「ただし」, 「ここで」, 「式中」, a named step or item (「配置工程：」), a formula (＝, ≦). */
const DEFINES = /^\s*(?:[（(［\[〔]|ただし|但し|ここで|式中|[^、。\s]{1,20}[：:])|^[^。]*[＝=＜＞≦≧<>]/u;
/** A pointer and what it names: 「下記（１）式」, 「下記（ａ）」, 「下記の（１）」, 「次の条件式（１）」, 「下記化学式１」, 「下記一般式（Ｉ）」. */
const POINTED = new RegExp(`${POINTER}(${KIND})?\\s*(?:${LABELS}|[０-９0-9]+(?![０-９0-9．.]))\\s*(${KIND})?(に記載(?=の))?`, 'gu');
/** A pointer at a formula written with no label (「下記の一般構造式：」, 「以下の式で示す」). */
const POINTED_FORMULA = new RegExp(`${POINTER}(${KIND})(?!\\s*(?:${LABEL}|[０-９0-9]))`, 'gu');
/** The formula written where it is pointed at: 「下記一般式（１）：（Ｂａ１−ｘＣａｘ）…」 (JP2014111522A), 「下記一般式、[式中、…]」 (JP2010013354A). */
const INLINE = /^\s*(?:[、，]\s*)?[：:［\[〔]/u;

/**
 * The text without a pointer at what it does not state (the problem, the effect, the abstract): 「下記（１）式で定義されるＣＶ値」 →
 * 「所定の式で定義されるＣＶ値」, 「下記（ａ）のモル比で」 → 「所定のモル比で」, 「下記の（１）を満足する」 → 「所定の条件を満足する」,
 * 「下記（ａ）又は（ｂ）に記載のＤＮＡ」 → 「所定のＤＮＡ」.
 */
export function unpointed(text: string): string {
  return text
    .replace(POINTED, (whole: string, before: string | undefined, after: string | undefined, described: string | undefined, at: number, all: string) => {
      if (INLINE.test(all.slice(at + whole.length))) return whole;
      const kind = before ?? after;
      if (kind && /式$/u.test(kind)) return `所定の${kind}${described ?? ''}`;
      // 「…の」 and 「…に記載の」 after it say which: the thing they modify is named after them (「所定のモル比」, 「所定のＤＮＡ」).
      if (described || all.startsWith('の', at + whole.length)) return '所定';
      return `所定の${kind ?? '条件'}`;
    })
    .replace(POINTED_FORMULA, (whole: string, kind: string, at: number, all: string) => (INLINE.test(all.slice(at + whole.length)) ? whole : `所定の${kind}`));
}

/** 「下記（ａ）」 as 「上記（ａ）」: a sentence whose block was stated before it points back at it. */
export const pointingBack = (sentence: string): string =>
  sentence.replace(new RegExp(`${POINTER}(?=${KIND}?\\s*(?:${LABELS}|[０-９0-9])|${KIND})`, 'gu'), (pointer) => (pointer.endsWith('の') && !pointer.startsWith('下記') ? '上記の' : '上記'));

/**
 * The sentences of a section with what their claims append (ReadClaim.appended): each claim's block after its sentences, once. A later
 * claim appending the same block (JP2010059453A's claims 5 and 6 both state （ａ）〜（ｃ）) points back at it (「上記（ａ）のモル比で」)
 * instead of stating it twice.
 */
export function withAppended(): (sentences: string[], appended: string[] | undefined, tidy?: (line: string) => string) => string[] {
  const stated = new Set<string>();
  return (sentences, appended = [], tidy = (line) => line) => {
    const block = appended.map(tidy);
    if (block.length === 0) return sentences;
    const key = block.join('\n');
    if (stated.has(key)) return sentences.map(pointingBack);
    stated.add(key);
    return [...sentences, ...block];
  };
}
