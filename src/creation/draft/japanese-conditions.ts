// Conditional expressions (条件式) of an optical claim in the problem and the effect. The claim states each condition with
// the definitions of its symbols (「…の焦点距離をｆ２ｐ、…をｆ３ｐとしたとき、−２．４０＜ｆ２ｐ／ｆ３ｐ＜−０．３４なる条件式を満足する」,
// JP2014222336A); the problem named the last one alone, with symbols the sentence does not need. An attorney names the
// claimed thing by the conditions it satisfies, what they bound and no formula: 「焦点距離に関する所定の条件式を満足するズームレンズ」.
import type { ClaimPart } from './claims.ts';
import { listJapanese } from './text.ts';

const RELATION = /[＜＞≦≧<>≤≥]/u;
/** 「…をｆ３とするとき、」「…をＲ１２としたときに、」: symbols defined before a condition. */
const DEFINED = /を[Ａ-Ｚａ-ｚ０-９A-Za-z0-9α-ωΑ-Ω’'（）()]{1,10}と(?:する|した)(?:とき|時|場合)/u;
/** What a symbol stands for: 「…の焦点距離をｆ２ｐ」, 「…の中心曲率半径をＲ１１」 (the noun before 「を」 and the symbol). */
const QUANTITY = /([\p{Script=Han}\p{Script=Katakana}ー]{2,})を[Ａ-Ｚａ-ｚ０-９A-Za-z0-9α-ωΑ-Ω’'（）()]{1,10}(?=、|と(?:する|した))/gu;

/** Whether a claim's part states conditional expressions (「…なる条件式を満足する」, 「以下の条件式（１）～（２）を満たす」). */
export const statesConditions = (text: string): boolean => /条件式/u.test(text) || (RELATION.test(text) && DEFINED.test(text));

/** The conditions among `parts` said once, where the first stands: 「焦点距離に関する所定の条件式を満足する」. */
export function conditionsTogether(parts: ClaimPart[]): ClaimPart[] {
  const conditions = parts.filter((part) => !part.name && statesConditions(part.text));
  if (conditions.length === 0) return parts;
  const quantities = [...new Set(conditions.flatMap((part) => [...part.text.matchAll(QUANTITY)].map((match) => match[1]!)))].slice(0, 3);
  const verb = conditions.every((part) => /満た/u.test(part.text)) ? '満たす' : '満足する';
  const said: ClaimPart = { text: `${quantities.length ? `${listJapanese(quantities)}に関する` : ''}所定の条件式を${verb}`, name: null };
  return parts.flatMap((part) => (part === conditions[0] ? [said] : conditions.includes(part) ? [] : [part]));
}
