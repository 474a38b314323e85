// 【要約】 as the JPO's form asks (特許法施行規則様式第31 備考) and gazettes print it: 【課題】 the problem
// the invention solves as an objective (「…を提供する。」), 【解決手段】 claim 1 restated, together
// within 400 characters. Of the corpus's 275 Japanese gazette abstracts 271 are within 400
// characters not counting the 【…】 labels; 252 open on 【課題】 and 【解決手段】 (most of the others are
// translations of international applications, which keep the original's prose).
import { JPO_ABSTRACT_MAX, japaneseAbstractLength } from '../../patent-documents/checks/abstract.ts';
import { clauseCut } from './japanese-clauses.ts';

/**
 * The gazettes' 【課題】 run to 50 characters at the median and 102 at the 90th percentile (252 of the
 * corpus's abstracts): an objective longer than 100 is said by the claimed subject alone, leaving the
 * room to the solution (JP2010065709A's 104-character objective cut its solution to one clause).
 */
const OBJECTIVE_MAX = 100;

/**
 * The objective (「…を提供する。」) and claim 1 restated; its components instead when the
 * restatement does not fit (「Xは、Aと、Bと、を備える。」), else the restatement cut at a clause.
 */
export function japaneseAbstract(objective: string, subject: string, restated: string, components: string): string {
  // The objective over claim 1 said whole: the 【課題】 is what a reader of the gazette looks for first.
  const problem = japaneseAbstractLength(objective) <= OBJECTIVE_MAX ? objective : `${subject}を提供する。`;
  const room = JPO_ABSTRACT_MAX - japaneseAbstractLength(problem);
  const solution = restated.length <= room ? restated : components && components.length <= room ? components : clauseCut(restated, room);
  return `【課題】${problem}\n【解決手段】${solution}`;
}
