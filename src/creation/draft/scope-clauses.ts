// The part of claim 1 the problem and the effect name when no novelty is given: its last part, unless that part only restricts the
// claim's scope by a group selection (Markush: 「前記Ｌ−アミノ酸はＬ−リジン、Ｌ−スレオニン、及びＬ−トリプトファンからなる群より選択される」,
// "wherein the amino acid is selected from the group consisting of …"). Such a clause says which things are claimed, not what the
// invention does: JP2010017081A's problem read 「…Ｌ−アミノ酸が…からなる群より選択される構成については十分に検討されていない」, where
// its point is the bacterium 「…グルタミン酸デカルボキシラーゼ活性が増強するように改変され」, the clause before. Used by japanese.ts and english.ts.
import type { ClaimPart } from './claims.ts';

/** A clause whose predicate is the selection itself (not 「…からなる群から選ばれる１つ以上を含む」, a component the thing has). */
const GROUP_SELECTION = {
  ja: /(?:から|より)なる群(?:の中)?(?:から|より)(?:選択さ|選ば)れ(?:る|た)(?:(?:少なくとも)?[一１1](?:種|つ)(?:以上)?(?:である)?)?$/u,
  en: /\b(?:is|are)\s+(?:each\s+)?(?:independently\s+)?selected\s+(?:independently\s+)?from\s+(?:the\s+)?group\s+(?:consisting\s+)?of\b/i,
};

/**
 * The parts standing for claim 1's point: its last part, or, when that is a group selection, the clause before it (the nearest one not
 * itself a group selection). A claim of many group selections (a compound's substituents, US8088760B2) is all scope: its last part stays.
 */
export function pointParts(parts: ClaimPart[], lang: 'ja' | 'en'): ClaimPart[] {
  const last = parts.slice(-1);
  const selects = (part: ClaimPart): boolean => !part.name && GROUP_SELECTION[lang].test(part.text.trim().replace(/[。.,;、]+$/u, ''));
  if (!last.length || !selects(last[0]!) || parts.filter(selects).length > 1) return last;
  const clause = parts.slice(0, -1).reverse().find((part) => !part.name && !part.inPreamble && !part.form);
  return clause ? [clause] : last;
}
