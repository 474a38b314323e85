// Moving and removing claims and drawings renumbers them, and every reference follows (§1 sorting):
// 「請求項３に記載の」「請求項１又は２に記載の」「請求項１～３のいずれか１項に記載の」, "as claimed in
// claim 3", "any one of claims 1 to 3"; 【図３】, 図３（ａ）, "FIGS. 3 and 4". A reference is
// rewritten where it stands, keeping its wording and digit width, so moving a claim and moving it
// back gives the text exactly as it was. Only when a range's members stop being contiguous is it
// written again as a list (「請求項１、３又は４」 / "claims 1, 3 or 4"), and a list that becomes a run
// of three or more as a range, the form attorneys use.
import { TEXT_SECTIONS, type DocumentLanguage, type PatentDocument, type PatentSections } from './model.ts';
import { toAsciiAlnum, toFullWidthDigits } from './paragraphs.ts';

/** A claim's references: 請求項 / claim(s), then numbers joined by list or range words (請求項 or "claim" may repeat). */
const CLAIM_REFERENCES = [
  /請求項[0-9０-９]+(?:\s*(?:又は|または|若しくは|もしくは|或いは|あるいは|及び|および|並びに|、|，|,|～|〜|~|－|-|‐|−|から|乃至|ないし)\s*(?:請求項)?[0-9０-９]+)*/g,
  /\bclaims?\s+\d+(?:\s*(?:,\s*(?:or|and)?|or|and|and\/or|to|through|-|–|~)\s*(?:claims?\s+)?\d+)*/gi,
];

/** Figure references: 【図３】, 図３（ａ）, 図３及び図４, 図３～５; FIG. 3, FIGS. 3 and 4, Fig. 3A, Figure 3. */
const FIGURE_REFERENCES = [
  /図[0-9０-９]+(?:[（(][a-zａ-ｚA-ZＡ-Ｚ][)）])?(?:\s*(?:、|及び|および|又は|または|並びに|～|〜|~|－|‐|−|から|乃至|ないし)\s*図?[0-9０-９]+(?:[（(][a-zａ-ｚA-ZＡ-Ｚ][)）])?)*/g,
  /\b(?:FIGS?\.|Figs?\.|FIGURES?|Figures?)\s*\d+[A-Za-z]?(?:\s*(?:,\s*(?:and|or)?|and|or|to|through|-|–)\s*(?:(?:FIGS?\.|Figs?\.|Figures?)\s*)?\d+[A-Za-z]?)*/g,
];

/** The word that names a claim or figure again inside a reference, at the end of a separator. */
const KEYWORD_AT_END = /(?:請求項|図|claims?\s+|FIGS?\.\s*|Figs?\.\s*|Figures?\s*)$/i;
/** A range token as written between numbers: words spaced ("1 to 3"), symbols and Japanese tight (「１～３」). */
const rangeToken = (token: string): string => (/^[a-z]+$/i.test(token) ? ` ${token} ` : token);
const RANGE = /～|〜|~|－|‐|−|から|乃至|ないし|\bto\b|\bthrough\b|-|–/;
const JA_CONJUNCTION = /又は|または|若しくは|もしくは|或いは|あるいは|及び|および|並びに/;
const EN_CONJUNCTION = /\b(or|and)\b/;

type Kind = 'claim' | 'figure';

/** What one renumbering knows: how many claims or figures there were, and how the document writes ranges and lists. */
interface Context {
  map: (n: number) => number | undefined;
  count: number;
  kind: Kind;
  /** The document's own range word and conjunction (「乃至」, "through"), for references written again. */
  style: { ja: { range?: string; conjunction?: string }; en: { range?: string; conjunction?: string } };
  dangling: number[];
}

const isFullWidth = (digits: string): boolean => /[０-９]/.test(digits);
const toNumber = (digits: string): number => Number(toAsciiAlnum(digits));
const write = (n: number, fullWidth: boolean): string => (fullWidth ? toFullWidthDigits(String(n)) : String(n));

/** How many runs of three or more consecutive numbers the sorted values hold. */
function longRuns(values: number[]): number {
  let runs = 0;
  let length = 1;
  for (let i = 1; i <= values.length; i++) {
    if (i < values.length && values[i] === values[i - 1]! + 1) length++;
    else {
      if (length >= 3) runs++;
      length = 1;
    }
  }
  return runs;
}

const contiguous = (values: number[]): boolean => values.every((value, i) => i === 0 || value === values[i - 1]! + 1);

/** One reference expression rewritten by `map` (old number → new; undefined: the claim or figure is gone). */
function rewriteExpression(whole: string, context: Context): string {
  const { count } = context;
  // A number past the last claim or figure ends the reference: "claims 1 and 2 to 3 and 90-0% by weight".
  const all = [...whole.matchAll(/[0-9０-９]+/g)].map((match) => ({ start: match.index, end: match.index + match[0].length, digits: match[0], value: toNumber(match[0]) }));
  // So does a "range" that runs backwards (「請求項１２乃至請求項１ ４」, a line break inside a number).
  const valid = all.findIndex(({ value }, i) => value < 1 || value > count || (i > 0 && value < all[i - 1]!.value && RANGE.test(whole.slice(all[i - 1]!.end, all[i]!.start))));
  if (valid === 0) return whole;
  const cut = valid < 0 ? whole.length : all[valid - 1]!.end;
  return rewriteReference(whole.slice(0, cut), all.slice(0, valid < 0 ? all.length : valid), context) + whole.slice(cut);
}

function rewriteReference(expression: string, numbers: Array<{ start: number; end: number; digits: string; value: number }>, { map, kind, style, dangling }: Context): string {
  const separators = numbers.slice(1).map((number, i) => expression.slice(numbers[i]!.end, number.start));
  const mapped = (n: number) => {
    const to = map(n);
    if (to === undefined) dangling.push(n);
    return to ?? n;
  };
  // Items: single numbers and ranges (「１～３」, "1 to 3"), each with the numbers it stands for.
  const items: Array<{ range: boolean; positions: number[]; before: number[]; after: number[] }> = [];
  for (let i = 0; i < numbers.length; i++) {
    if (i + 1 < numbers.length && RANGE.test(separators[i]!) && numbers[i]!.value <= numbers[i + 1]!.value) {
      const before = Array.from({ length: numbers[i + 1]!.value - numbers[i]!.value + 1 }, (_, k) => numbers[i]!.value + k);
      items.push({ range: true, positions: [i, i + 1], before, after: before.map(mapped).sort((a, b) => a - b) });
      i++;
    } else items.push({ range: false, positions: [i], before: [numbers[i]!.value], after: [mapped(numbers[i]!.value)] });
  }
  if (items.every((item) => item.before.every((value, k) => value === item.after[k]))) return expression;

  const sorted = [...items].sort((a, b) => a.after[0]! - b.after[0]!);
  const allAfter = items.flatMap((item) => item.after).sort((a, b) => a - b);
  const allBefore = items.flatMap((item) => item.before).sort((a, b) => a - b);
  const sameShape = sorted.every((item, k) => item.range === items[k]!.range && (!item.range || contiguous(item.after)));
  const becomesRun = items.length >= 3 && items.every((item) => !item.range) && longRuns(allAfter) > longRuns(allBefore);
  const digits = numbers.map(({ digits: d, value }) => ({ fullWidth: isFullWidth(d), value }));
  if (sameShape && !becomesRun) {
    // In place: the items keep their order of kinds and their wording; the numbers ascend again.
    sorted.forEach((item, k) => {
      const target = items[k]!;
      if (target.range) {
        digits[target.positions[0]!]!.value = item.after[0]!;
        digits[target.positions[1]!]!.value = item.after.at(-1)!;
      } else digits[target.positions[0]!]!.value = item.after[0]!;
    });
    let out = expression.slice(0, numbers[0]!.start);
    numbers.forEach((number, i) => {
      // An unchanged number keeps its very digits (「図7８」 as a gazette wrote it).
      const value = digits[i]!.value === number.value ? number.digits : write(digits[i]!.value, digits[i]!.fullWidth);
      out += value + (i + 1 < numbers.length ? separators[i] : expression.slice(number.end));
    });
    return out;
  }
  // Written again: runs of three or more as a range, the rest as a list joined as the text joined it.
  const values = [...new Set(allAfter)];
  const japanese = /[^\x00-\x7f]/.test(expression.slice(0, numbers[0]!.start)) || numbers.some(({ digits: d }) => isFullWidth(d));
  const fullWidth = isFullWidth(numbers[0]!.digits);
  const own = japanese ? style.ja : style.en;
  const rangeWord = rangeToken(separators.map((separator) => RANGE.exec(separator)?.[0]).find(Boolean) ?? own.range ?? (japanese ? '～' : 'to'));
  const conjunction = separators.map((separator) => (japanese ? JA_CONJUNCTION : EN_CONJUNCTION).exec(separator)?.[0]).find(Boolean) ?? own.conjunction ?? (kind === 'claim' ? (japanese ? '又は' : 'or') : japanese ? '及び' : 'and');
  // 「請求項１から請求項３」, "FIG. 1 to FIG. 5": the word repeats before every number when the text repeated it.
  const repeated = separators.map((separator) => KEYWORD_AT_END.exec(separator)?.[0]).find(Boolean) ?? '';
  const parts: string[] = [];
  for (let i = 0; i < values.length; ) {
    let j = i;
    while (j + 1 < values.length && values[j + 1] === values[j]! + 1) j++;
    if (j - i >= 2) {
      parts.push(`${write(values[i]!, fullWidth)}${rangeWord}${repeated}${write(values[j]!, fullWidth)}`);
      i = j + 1;
    } else parts.push(write(values[i++]!, fullWidth));
  }
  const joined = parts.map((part, i) => (i === 0 ? part : repeated + part));
  const list = joined.length === 1 ? joined[0]! : japanese ? `${joined.slice(0, -1).join('、')}${conjunction}${joined.at(-1)}` : `${joined.slice(0, -1).join(', ')} ${conjunction} ${joined.at(-1)}`;
  return expression.slice(0, numbers[0]!.start) + list + expression.slice(numbers.at(-1)!.end);
}

function rewriteText(text: string, patterns: RegExp[], context: Context): string {
  return patterns.reduce((current, pattern) => current.replace(pattern, (expression) => rewriteExpression(expression, context)), text);
}

/** The first range word and conjunction the texts' references use, per language. */
function styleOf(texts: string[], patterns: RegExp[]): Context['style'] {
  const style: Context['style'] = { ja: {}, en: {} };
  for (const text of texts) {
    for (const pattern of patterns) {
      for (const [expression] of text.matchAll(pattern)) {
        const japanese = /[^\x00-\x7f]/.test(expression);
        const own = japanese ? style.ja : style.en;
        const between = expression.replace(/^[^0-9０-９]*[0-9０-９]+/, '');
        own.range ??= RANGE.exec(between)?.[0];
        own.conjunction ??= (japanese ? JA_CONJUNCTION : EN_CONJUNCTION).exec(between)?.[0];
      }
    }
  }
  return style;
}

function context(texts: string[], patterns: RegExp[], map: Context['map'], count: number, kind: Kind, prose: string[] = []): Context {
  const style = styleOf(texts, patterns);
  // No range left among the references (all broken up): the range word the rest of the document writes (「１乃至３」, 「１〜３」).
  style.ja.range ??= prose.map((text) => /[０-９](乃至|ないし|～|〜)[０-９]/.exec(text)?.[1]).find(Boolean) ?? '〜';
  return { map, count, kind, style, dangling: [] };
}

const proseOf = (sections: PatentSections): string[] => TEXT_SECTIONS.map((key) => sections[key]);

/** old number → new number for a move (order = old 0-based indices in their new order). */
function movement(order: number[], length: number): (n: number) => number | undefined {
  if (order.length !== length || new Set(order).size !== length || order.some((i) => !Number.isInteger(i) || i < 0 || i >= length)) {
    throw new RangeError(`order must list each of the ${length} indices once`);
  }
  const to = new Map(order.map((old, position) => [old + 1, position + 1]));
  return (n) => to.get(n) ?? n;
}

/** old number → new number after removing the `index`th (0-based); the removed one maps to nothing. */
const removal =
  (index: number) =>
  (n: number): number | undefined =>
    n === index + 1 ? undefined : n > index + 1 ? n - 1 : n;

/** The claims in a new order; every claim's references to claim numbers follow. */
export function reorderClaims(sections: PatentSections, order: number[], _lang: DocumentLanguage): PatentSections {
  const map = movement(order, sections.claims.length);
  const within = context(sections.claims, CLAIM_REFERENCES, map, sections.claims.length, 'claim', proseOf(sections));
  const claims = order.map((old) => rewriteText(sections.claims[old]!, CLAIM_REFERENCES, within));
  return { ...sections, claims };
}

export interface ClaimDangling {
  /** The (new) number of the claim that still refers to the removed one. */
  claim: number;
  /** The removed claim's number as the reference writes it. */
  reference: number;
}

/** One claim removed; the others renumbered, references to the removed claim left as written and reported. */
export function removeClaim(sections: PatentSections, index: number, _lang: DocumentLanguage): { sections: PatentSections; dangling: ClaimDangling[] } {
  if (!Number.isInteger(index) || index < 0 || index >= sections.claims.length) throw new RangeError(`no claim at index ${index}`);
  const dangling: ClaimDangling[] = [];
  const within = context(sections.claims, CLAIM_REFERENCES, removal(index), sections.claims.length, 'claim', proseOf(sections));
  const claims = sections.claims
    .filter((_, i) => i !== index)
    .map((claim, i) => {
      within.dangling = [];
      const text = rewriteText(claim, CLAIM_REFERENCES, within);
      for (const reference of new Set(within.dangling)) dangling.push({ claim: i + 1, reference });
      return text;
    });
  return { sections: { ...sections, claims }, dangling };
}

/** Every text of the document a figure number can stand in: the text sections, the claims, the drawings' descriptions. */
function rewriteFigures(document: PatentDocument, drawings: PatentDocument['drawings'], map: (n: number) => number | undefined): { document: PatentDocument; dangling: FigureDangling[] } {
  const dangling: FigureDangling[] = [];
  const texts = [...TEXT_SECTIONS.map((key) => document.sections[key]), ...document.sections.claims, ...document.drawings.map(({ description }) => description)];
  const within = context(texts, FIGURE_REFERENCES, map, document.drawings.length, 'figure', texts);
  const rewrite = (text: string, where: string) => {
    within.dangling = [];
    const out = rewriteText(text, FIGURE_REFERENCES, within);
    for (const reference of new Set(within.dangling)) dangling.push({ where, reference });
    return out;
  };
  const sections: PatentSections = { ...document.sections };
  for (const key of TEXT_SECTIONS) sections[key] = rewrite(document.sections[key], key);
  sections.claims = document.sections.claims.map((claim, i) => rewrite(claim, `claim:${i + 1}`));
  const moved = drawings.map((drawing, i) => ({ ...drawing, description: rewrite(drawing.description, `drawing:${i + 1}`) }));
  return { document: { ...document, sections, drawings: moved }, dangling };
}

export interface FigureDangling {
  /** A text section's name, `claim:n` or `drawing:n` (the figure whose description it is, new numbering). */
  where: string;
  reference: number;
}

/** The drawings in a new order; figure references in the whole document follow. */
export function reorderDrawings(document: PatentDocument, order: number[]): PatentDocument {
  const map = movement(order, document.drawings.length);
  return rewriteFigures(document, order.map((old) => document.drawings[old]!), map).document;
}

/** One drawing removed; the later figures renumbered, references to the removed one left and reported. */
export function removeDrawing(document: PatentDocument, index: number): { document: PatentDocument; dangling: FigureDangling[] } {
  if (!Number.isInteger(index) || index < 0 || index >= document.drawings.length) throw new RangeError(`no drawing at index ${index}`);
  return rewriteFigures(
    document,
    document.drawings.filter((_, i) => i !== index),
    removal(index),
  );
}
