// Conditional expressions of a Japanese (optical) claim: 「…移動し、無限遠合焦時の前記光学系の焦点距離をｆ、前記第３
// レンズ群の焦点距離をｆ３とするとき、－０．３２＜ｆ３／ｆ＜－０．０５なる条件式を満足する」 (JP2023060272A). An attorney
// compares each condition (式) on its own, with the definitions of the symbols it uses: the definitions are no
// elements, and they are no part of the limitation before them (「…第２レンズ群が移動し」).

import { topLevel } from '../patents/claim-text.ts';

const SYMBOL_CHAR = '[Ａ-Ｚａ-ｚ０-９A-Za-z0-9α-ωΑ-Ω]';
const SYMBOL = `${SYMBOL_CHAR}[Ａ-Ｚａ-ｚ０-９A-Za-z0-9α-ωΑ-Ω’']{0,9}`;
const RELATION = '[＜＞≦≧<>≤≥]';
/** 「…とするとき、」「…としたときに、」: the definitions end. */
const WHEN = String.raw`と(?:する|した)(?:とき|時|場合)に?`;

/** Marks a space between two conditions written on one line (「０．１０＜｜ｆ３ｐ／ｆｔ｜＜０．２３ −２．４０＜ｆ２ｐ／ｆ３ｐ＜−０．３４」) before spaces are read as line breaks. */
export const CONDITION_BREAK = '\uE000';
// Not a space beside a relation: 「０．０５ ≦ Δｔ／Ｄ ≦ ０．８」 (JP2014148750A) is one condition.
const BETWEEN_CONDITIONS = new RegExp(String.raw`(?<=${RELATION}[^\s、。]*[^\s、。＜＞≦≧<>≤≥])\s+(?=[^\s、。＜＞≦≧<>≤≥][^\s、。]*${RELATION})`, 'gu');
export const markConditionBreaks = (text: string): string => text.replace(BETWEEN_CONDITIONS, CONDITION_BREAK);

/**
 * Where definitions open a limitation of their own after a continuative verb (「…が移動し、」): cut there, the
 * condition was glued to the limitation before it.
 */
export const DEFINITIONS_OPENING = new RegExp(
  String.raw`(?<=[^、]{2}[しえけせりみきぎびちいれめべ](?<!より|うち|とき|つき|おき)、)(?=[^、。]{1,80}?を${SYMBOL}(?:、[^。]{0,300}?)?${WHEN}、)`,
  'u',
);

interface Definition {
  symbol: string;
  text: string;
}

/** Conditions written after the claim's 「。」 (「…を満たす撮像光学レンズ。５９．００≦ｖ１≦８２．００ （１） …」), with the 「但し、ｆａ：…」 definitions. */
export interface AppendedConditions {
  conditions: string[];
  definitions: Definition[];
}

/** Whether `condition` uses `symbol` (ｆ in 「ｆ３／ｆ」, not in 「ｆ３」 alone). */
const uses = (condition: string, symbol: string): boolean =>
  new RegExp(`(?<!${SYMBOL_CHAR})${symbol.replace(/[()（）]/gu, '\\$&')}(?![Ａ-Ｚａ-ｚA-Za-z０-９0-9])`, 'u').test(condition);

/** The claim and the conditions after its 「。」, if what follows it holds a relation (＜, ≦ …). */
export function appendedConditions(claim: string, tidy: (text: string) => string): { claim: string; appended: AppendedConditions | null } {
  const end = claim.indexOf('。');
  // The text after 「。」 opens on a condition (not 「ただし、Ｔ＝Ｆｅ…」, JP2011001603A, nor 「一般式（１）中、…」).
  if (end < 0 || !new RegExp(`^[^、，。]*${RELATION}`, 'u').test(claim.slice(end + 1))) return { claim, appended: null };
  let tail = claim.slice(end + 1).replace(/。\s*$/u, '').trim();
  const definitions: Definition[] = [];
  const provided = /\s*(?:但し|ただし)[、，]?\s*([^（）()]*)$/u.exec(tail);
  if (provided) {
    tail = tail.slice(0, provided.index);
    for (const text of provided[1]!.split(new RegExp(`[、，]\\s*(?=${SYMBOL}\\s*[：:])`, 'u'))) {
      const symbol = new RegExp(`^(${SYMBOL})\\s*[：:]`, 'u').exec(text.trim());
      if (symbol) definitions.push({ symbol: symbol[1]!, text: tidy(text.trim()) });
    }
  }
  // Chunks between spaces: an expression, its number 「（１）」 (before or after it), or more of the one before.
  const chunks = tail.split(/\s+/u).filter(Boolean);
  const number = /^[（(][０-９0-9]+[）)]$/u;
  const leading = chunks.length > 0 && number.test(chunks[0]!);
  const conditions: string[] = [];
  const relation = new RegExp(RELATION, 'u');
  const beside = (chunk: string, previous = ''): boolean => new RegExp(`^${RELATION}`, 'u').test(chunk) || new RegExp(`${RELATION}$`, 'u').test(previous);
  for (const [index, chunk] of chunks.entries()) {
    const opens = leading
      ? number.test(chunk) || (relation.test(chunk) && /^[（(][０-９0-9]+[）)]/u.test(chunk))
      : relation.test(chunk) && !beside(chunk, chunks[index - 1]);
    if (opens || conditions.length === 0) conditions.push(chunk);
    else conditions[conditions.length - 1] += (number.test(chunk) || leading ? '' : ' ') + chunk;
  }
  return conditions.length ? { claim: claim.slice(0, end), appended: { conditions: conditions.map(tidy), definitions } } : { claim, appended: null };
}

/** 「Ａをｆ、Ｂをｆ３」: each definition with its symbol; null when a piece defines none. */
function definitionsOf(text: string): Definition[] | null {
  const out: Definition[] = [];
  let pending = '';
  for (const piece of text.split('、')) {
    const item = pending ? `${pending}、${piece}` : piece;
    const symbol = new RegExp(`を(${SYMBOL})$`, 'u').exec(item);
    if (symbol) {
      out.push({ symbol: symbol[1]!, text: item });
      pending = '';
    } else pending = item;
  }
  return pending || out.length === 0 ? null : out;
}

/** A definition naming a bare quantity (「アッベ数をνｄ２ｐ」) says it of the owner named before it (「前記…樹脂レンズの、ｄ線に対する屈折率をＮｄ２ｐ」). */
const BARE_QUANTITY = /^[\p{Script=Han}\p{Script=Katakana}ー]+を/u;

/** The definitions of the symbols a condition uses, with those whose owner they share (JP2014222336A claim 5). */
function defined(condition: string, definitions: Definition[]): Definition[] {
  const wanted = new Set<number>();
  definitions.forEach((definition, index) => {
    if (!uses(condition, definition.symbol)) return;
    wanted.add(index);
    for (let before = index; before > 0 && BARE_QUANTITY.test(definitions[before]!.text); before--) wanted.add(before - 1);
  });
  return definitions.filter((_, index) => wanted.has(index));
}

const REFERENCE = /(?:以下|下記|次|上記)の?(?:条件式|式|関係)?[^、]*を(?:満足|満た)/u;
const joined = (definitions: Definition[]): string => definitions.map((definition) => definition.text).join('、');

/** The conditions written after the claim, each opened by the definitions it uses (or by what the clause says before them). */
export function appendedElements(appended: AppendedConditions, clause = ''): string[] {
  const when = new RegExp(`^(.*?)(${WHEN})、`, 'u').exec(clause);
  const definitions = when ? definitionsOf(when[1]!) : null;
  const reference = REFERENCE.exec(clause);
  const prefix = definitions || !reference ? '' : clause.slice(0, reference.index);
  return appended.conditions.map((condition) => {
    const own = definitions ? defined(condition, definitions) : [];
    const provided = defined(condition, appended.definitions);
    return `${own.length ? `${joined(own)}${when![2]}、` : prefix}${condition}${provided.length ? ` 但し、${joined(provided)}` : ''}`;
  });
}

/**
 * A limitation stating conditions, one element per condition: 「Ａをｆ２ｐ、Ｂをｆ３ｐ、Ｃをｆｔとしたとき、
 * ０．１０＜｜ｆ３ｐ／ｆｔ｜＜０．２３ −２．４０＜ｆ２ｐ／ｆ３ｐ＜−０．３４なる条件式を満足する」 (JP2014222336A) gives
 * 「Ｂをｆ３ｐ、Ｃをｆｔとしたとき、０．１０＜…＜０．２３なる条件式を満足する」 and 「Ａをｆ２ｐ、Ｂをｆ３ｐとしたとき、
 * −２．４０＜…なる条件式を満足する」; a limitation referring to conditions written after the claim (「以下の条件式
 * （１）～（２）を満たす」, 「次の条件式（１）を満足する」) gives those, each with its definitions. Otherwise the limitation.
 */
export function conditionElements(clause: string, appended: AppendedConditions | null): string[] {
  if (appended && REFERENCE.test(clause)) return appendedElements(appended, clause);
  const whole = clause.replaceAll(CONDITION_BREAK, ' ');
  const when = new RegExp(`^(.*?)(${WHEN})、(.*)$`, 'u').exec(clause);
  if (!when || !clause.includes(CONDITION_BREAK)) return [whole];
  const definitions = definitionsOf(when[1]!);
  const tail = /(?:なる|の)?(?:条件式|関係式|式|関係)[^、]*を(?:満足|満た)[^、]*$/u.exec(when[3]!);
  const conditions = (tail ? when[3]!.slice(0, tail.index) : when[3]!).split(CONDITION_BREAK);
  return conditions.map((condition) => {
    const own = definitions ? defined(condition, definitions) : [];
    const opening = own.length ? `${joined(own)}${when[2]}、` : definitions ? '' : `${when[1]}${when[2]}、`;
    return `${opening}${condition}${tail?.[0] ?? ''}`;
  });
}

/** An item label opening a condition or a step written after the claim: 「（ａ）」, 「（Ｂ）」, 「（２）」, 「（ＩＩ）」. */
const ITEM_LABEL = '[（(](?:[ａ-ｚＡ-Ｚa-zA-Z]|[０-９0-9]{1,2}|[ＩＶＸIVX]{1,4})[）)]';
/** The claim choosing one of the items (「下記（ａ）又は（ｂ）に記載のＤＮＡ」, 「（ｘ）〜（ｚ）の群から選ばれる」): they are alternatives, one limitation. */
const ALTERNATIVES = new RegExp(`${ITEM_LABEL}\\s*(?:又は|または|若しくは|もしくは|或いは|あるいは)\\s*${ITEM_LABEL}|選択|選ば`, 'u');

/**
 * What follows a claim's closing 「。」 or 「：」 (appendedOpening: 「…である硬化体： ［化学式１］ …化学式１で、Ｒは、…であり、Ａは、…
 * である。」, 「…を有する銅微粉の製造方法。 （ａ）…のモル比：１〜２０ （ｂ）…」), read as limitations of the claim. Conditions or steps
 * labelled （ａ）, （１）… are one each when the claim has them all (「下記（ａ）のモル比で…、下記（ｂ）のモル比で…」, 「以下の（Ａ）及び
 * （Ｂ）の要件を満たす」), steps named one per sentence (「配置工程：…工程。 型接触工程：…工程。」) one each; the definitions of a
 * formula's symbols (「一般式（Ｉ）中、Ｒ１は…を表す。Ｒ２は…」) and alternatives (「下記（ａ）又は（ｂ）に記載のＤＮＡ」) are one limitation,
 * the formula as defined. `claim` is the claim's sentence, `appended` what follows it.
 */
export function appendedLimitations(claim: string, appended: string): string[] {
  const text = appended.trim();
  const items = new RegExp(`^${ITEM_LABEL}`, 'u').test(text) && !ALTERNATIVES.test(claim);
  // Cut outside brackets only: 「（上記においてＴｍは、…で表される。 また、…）」 is one note.
  const top = topLevel(text);
  const cuts = [...text.matchAll(items ? new RegExp(`(?:\\s+|(?<=[。；;])\\s*)(?=${ITEM_LABEL})`, 'gu') : /(?<=。)\s*/gu)].filter((cut) => cut.index > 0 && top[cut.index - 1]);
  const pieces: string[] = [];
  let from = 0;
  for (const cut of cuts) {
    pieces.push(text.slice(from, cut.index));
    from = cut.index + cut[0].length;
  }
  pieces.push(text.slice(from));
  const limitations = pieces.map((piece) => piece.trim().replace(/[。；;]$/u, '')).filter(Boolean);
  if (items || limitations.every((step) => /(?:工程|ステップ|段階)$/u.test(step))) return limitations;
  return [text.replace(/。$/u, '')];
}
