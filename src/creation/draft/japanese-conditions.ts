// Conditional expressions (条件式) of an optical claim in the problem and the effect. The claim states each condition with
// the definitions of its symbols (「…の焦点距離をｆ２ｐ、…をｆ３ｐとしたとき、−２．４０＜ｆ２ｐ／ｆ３ｐ＜−０．３４なる条件式を満足する」,
// JP2014222336A); the problem named the last one alone, with symbols the sentence does not need. An attorney names the
// claimed thing by the conditions it satisfies, what they bound and no formula: 「焦点距離に関する所定の条件式を満足するズームレンズ」.
// A relation of symbols the claim names elsewhere (「…の割合であるサイプ面積比Ａｃｅ、…サイプ面積比Ａｓｈは、…であり、Ａｃｅ＞Ａｓｈの
// 関係を満たす」, JP2021154805A) is said the same way: 「サイプ面積比に関する所定の関係を満たす」, the symbols meaning nothing outside the claim.
import type { ClaimPart } from './claims.ts';
import { escapeRegExp, listJapanese } from './text.ts';

const RELATION = /[＜＞≦≧<>≤≥]/u;
/** 「…をｆ３とするとき、」「…をＲ１２としたときに、」: symbols defined before a condition. */
const DEFINED = /を[Ａ-Ｚａ-ｚ０-９A-Za-z0-9α-ωΑ-Ω’'（）()]{1,10}と(?:する|した)(?:とき|時|場合)/u;
/** What a symbol stands for: 「…の焦点距離をｆ２ｐ」, 「…の中心曲率半径をＲ１１」 (the noun before 「を」 and the symbol). */
const QUANTITY = /([\p{Script=Han}\p{Script=Katakana}ー]{2,})を[Ａ-Ｚａ-ｚ０-９A-Za-z0-9α-ωΑ-Ω’'（）()]{1,10}(?=、|と(?:する|した))/gu;
/** A symbol in a relation: a letter, then letters or digits (「Ａｃｅ」, 「ｆ２ｐ」). */
const SYMBOL = /(?<![Ａ-Ｚａ-ｚ０-９A-Za-z0-9])[Ａ-Ｚａ-ｚA-Zα-ωΑ-Ω][Ａ-Ｚａ-ｚ０-９A-Za-z0-9]{0,5}(?![Ａ-Ｚａ-ｚ０-９A-Za-z0-9])/gu;

/**
 * What the symbols of a relation stand for, where the claim writes each right after a name (「サイプ面積比Ａｃｅ」, 「高さＡの凸状のナール」,
 * 「膜厚Ｃで」): the names, or null when a symbol has none (a formula's own letters, or a relation of numbers alone).
 */
function namedSymbols(text: string, claim: string): string[] | null {
  const called = text.search(/の?関係|なる|を満/u);
  const relation = called >= 0 ? text.slice(0, called) : text;
  const symbols = [...new Set(relation.match(SYMBOL) ?? [])];
  if (symbols.length === 0) return null;
  const names: string[] = [];
  for (const symbol of symbols) {
    const named = new RegExp(`([\\p{Script=Han}\\p{Script=Katakana}ー]{2,}|\\p{Script=Han}[さみ])${escapeRegExp(symbol)}(?![Ａ-Ｚａ-ｚ０-９A-Za-z0-9])`, 'u').exec(claim);
    if (!named) return null;
    names.push(named[1]!);
  }
  return [...new Set(names)];
}

/**
 * Whether a claim's part states conditional expressions (「…なる条件式を満足する」, 「以下の条件式（１）～（２）を満たす」), or a relation of
 * symbols the claim (`claim`, its whole text) names (「Ａｃｅ＞Ａｓｈの関係を満たす」).
 */
export const statesConditions = (text: string, claim = ''): boolean =>
  /条件式/u.test(text) || (RELATION.test(text) && (DEFINED.test(text) || (claim !== '' && namedSymbols(text, claim) !== null)));

/** The conditions among `parts` said once, where the first stands: 「焦点距離に関する所定の条件式を満足する」, 「サイプ面積比に関する所定の関係を満たす」. */
export function conditionsTogether(parts: ClaimPart[], claim = ''): ClaimPart[] {
  const conditions = parts.filter((part) => !part.name && statesConditions(part.text, claim));
  if (conditions.length === 0) return parts;
  const quantities = [
    ...new Set(conditions.flatMap((part) => [...[...part.text.matchAll(QUANTITY)].map((match) => match[1]!), ...(DEFINED.test(part.text) ? [] : (namedSymbols(part.text, claim) ?? []))])),
  ].slice(0, 3);
  // A relation the claim calls so (「…の関係を満たす」, 「…の関係にある」) is one; conditions otherwise (条件式).
  const relations = conditions.every((part) => !/条件式/u.test(part.text) && /関係/u.test(part.text));
  const what = relations ? '関係' : '条件式';
  const verb = relations && conditions.every((part) => /関係にあ/u.test(part.text)) ? 'にある' : conditions.every((part) => /満た/u.test(part.text)) ? 'を満たす' : 'を満足する';
  const said: ClaimPart = { text: `${quantities.length ? `${listJapanese(quantities)}に関する` : ''}所定の${what}${verb}`, name: null };
  return parts.flatMap((part) => (part === conditions[0] ? [said] : conditions.includes(part) ? [] : [part]));
}
