// A method claim's steps as the embodiment describes them, one sentence a step, the way an attorney writes them: the
// method has its named steps (「…製造方法は、トランジスター形成工程と、容量形成工程と、…を有する。」), then each is said in
// turn (「トランジスター形成工程では、第１基材の上にトランジスターを形成する。」); steps without names are said in the
// claim's order (「まず、…を受信する。次に、…を送る。」). The claim restated as one sentence ran to 364 characters
// (JP2014142390A claim 4) and more. A step with a clause of its own (「…ステップであって、前記…は、…」) is said, then its clause.
// A claim whose body is anything but such a list (a further list after it, labelled steps （ｉ）) is left to the one sentence.
import type { ReadClaim } from './claims.ts';
import { depthAt } from '../../patents/claim-text.ts';
import { terminal } from './japanese-clauses.ts';
import { STEP_WORD } from './japanese-names.ts';
import { claimedTopic } from './japanese-subject.ts';
import { escapeRegExp } from './text.ts';

export interface MethodStep {
  /** 「トランジスター形成工程」, or null for a step the claim does not name (「…を受信するステップ」, 「…を決定すること」). */
  name: string | null;
  /** What is done in it, as the claim says it (「第１基材の上にトランジスターを形成する」). */
  clause: string;
  /** What the claim says of the step's things after 「…ステップであって、」 (「上記撮像データは、…に基づいている」), said after it. */
  note?: string;
}

export interface MethodSteps {
  /** What the method is, when the claim says more of it than its name (「…を行う方法」 of 「…を行う方法において、」). */
  preamble: string;
  /** The claim's verb for having the steps: 有する, 含む, 備える, 具備する. */
  verb: string;
  /** What the claim says after the list (「…工程とを含み、」 then a limitation), '' when nothing. */
  limitation: string;
  steps: MethodStep[];
}

/** A list item's end: a step word, or 「こと」 of a step said as a verb (「…を決定することと、」). */
const ITEM_END = new RegExp(`(?:${STEP_WORD}|こと)$`);
const NAMED_STEP = new RegExp(`^(.*?[うくすつぬぶむる])、?((?:第[０-９0-9]+の?)?[\\p{Script=Han}\\p{Script=Katakana}ーＡ-Ｚａ-ｚA-Za-z０-９0-9・]*${STEP_WORD})$`, 'u');
/**
 * The list's verb, and what the method does when the claim says it after the verb (「…ステップと、を含む、生体適合性マイクロスイマー（１０）を
 * 作製する方法」 JP2022508435A): the description's name of the method (「…の作製方法」) says it.
 */
const HAVING = new RegExp(`(?<=${STEP_WORD}|こと)と?、?を(含む|含んでなる|有する|有している|備える|備えている|具備する)(?:、?[^、。]+?[うくすつぬぶむる])?$`);
/** The list's verb with a limitation after it (「…硬化工程とを含み、該塗布層幅が該ニップロールの幅よりも広い」 JP2012218196A). */
const HAVING_THEN = new RegExp(`(?<=${STEP_WORD}|こと)と?、?を(含み|有し|備え|具備し)、(?:ここで、)?`);
/** A step named by its step word alone (「…を受信するステップ」): no name. */
const BARE_STEP = new RegExp(`^${STEP_WORD}$`);
/** A preamble with steps of its own, or one that names the requirements the body defines. */
const NO_PREAMBLE = new RegExp(`${STEP_WORD}|下記(?!式)`);
/** A limitation with steps of its own. */
const MORE_STEPS = new RegExp(`${STEP_WORD}と、|(?:さらに|更に)(?:含|有|備)`);
const VERB_OF = new Map([['含み', '含む'], ['有し', '有する'], ['備え', '備える'], ['具備し', '具備する']]);

/**
 * The list cut at its 「と、」 or 「、」 after a step (outside brackets). Not splitJapaneseList (elements.ts), which cuts at every 「と、」,
 * a step's own (「…ＡとＢと、を混合する工程」) too, and never at the 「、」 after 「…工程」.
 */
function listItems(list: string): string[] {
  const items: string[] = [];
  let start = 0;
  for (const { index: at } of list.matchAll(/、/g)) {
    if (depthAt(list, at) > 0) continue;
    // 「…工程と、」: the list's と; 「…すること、」: the step's own.
    const joined = list[at - 1] === 'と' && ITEM_END.test(list.slice(start, at - 1));
    if (joined || ITEM_END.test(list.slice(start, at))) {
      items.push(list.slice(start, joined ? at - 1 : at));
      start = at + 1;
    }
  }
  items.push(list.slice(start));
  // 「…ステップ、及び…ステップ、を含む」 (JP2021086834A): the last item's conjunction is the list's.
  return items.map((item) => item.trim().replace(/^(?:及び|並びに|および|ならびに)、?/, ''));
}

/**
 * A step with a clause of its own, as claims translated word for word write it: 「…撮像データを受信するステップであって、上記撮像データは、
 * …比較に基づいている、受信するステップ」 (JP2022519792A), 「…を受信するステップであって、上記…は、…で定義されるステップ」 (JP2013546219A).
 * The step, and the clause as a note when it has a topic of its own, without the step's verb said again (「、受信する」).
 */
function noted(item: string): MethodStep | null {
  const own = new RegExp(`^(.+?${STEP_WORD})であって、(.+)${STEP_WORD}$`).exec(item);
  const said = own && step(own[1]!);
  if (!said) return null;
  const last = own[2]!.lastIndexOf('、');
  const again = last >= 0 && said.clause.endsWith(own[2]!.slice(last + 1)) ? own[2]!.slice(0, last) : own[2]!;
  // A note that is no sentence of its own (「…であって、…を用いる」 says how the step is done) leaves the claim to the one sentence.
  if (!/^[^、。]*?(?<![でとにへ])は、/.test(again) || !/[うくすつぬぶむるい]$/.test(again) || /であって、/.test(again)) return null;
  return { ...said, note: again };
}

/** One item as a step: its name (when it has one) and the clause done in it, ending in a verb's plain form; null when it is not. */
function step(item: string): MethodStep | null {
  if (/であって、/.test(item)) return noted(item);
  // A labelled step, or one for a purpose (「…するための工程」), is no plain step.
  if (/^[（(]?[ａ-ｚa-zｉｖｘivx０-９0-9]{1,4}[）)．.]/u.test(item)) return null;
  const verbal = /^(.+[うくすつぬぶむる])こと$/u.exec(item);
  if (verbal) return { name: null, clause: verbal[1]! };
  const named = NAMED_STEP.exec(item);
  if (!named) return null;
  const name = named[2]!;
  const clause = named[1]!;
  // 「…が高い工程」 or 「…を用いた工程」 would say no act (「…では、…を用いた。」).
  if (!/[うくすつぬぶむる]$/.test(clause) || /ための$|ない$/.test(clause)) return null;
  return { name: BARE_STEP.test(name) ? null : name, clause };
}

/** The steps of an independent Japanese method claim whose body is their list (see the top of this file), or null. */
export function methodSteps(claim: ReadClaim): MethodSteps | null {
  if (!claim.method || claim.language !== 'ja') return null;
  let text = claim.text.replace(/。.*$/s, '');
  text = text.slice(claimedTopic(text, claim.subject).length);
  const names = [claim.named, claim.subject].sort((a, b) => b.length - a.length).map(escapeRegExp).join('|');
  // What follows 「を特徴とする」 names the method (「…ことを特徴とする周期的フィードバックレポートを伝送する方法」), as its name does; a 「、」 may
  // come between (「…を含むことを特徴とする、ＣＳＲビットマップ送信方法」 JP2013540401A, whose limitation kept 「…含むことを特徴とする。」).
  text = text.replace(new RegExp(`(?:前記|上記)?(?:${names})$`), '').replace(/(?:(?:こと|事)、?)?を特徴とする、?[^、。]*$/, '').replace(/、$/, '');
  let preamble = '';
  const opening = /^(.*?)(?:であって|において|に於いて)、/.exec(text);
  if (opening) {
    preamble = new RegExp(`^(?:${names})$`).test(opening[1]!) ? '' : opening[1]!;
    // The preamble is what the method is; one that has the steps itself (a Jepson-like 「…工程とを含む…方法であって、」) is not.
    // Nor one that names what the body defines 「下記要件（１）〜（４）の…」 (JP2019194339A): the body opens on the requirements, not a step. A formula 「下記式（１）」 is named anywhere.
    if (preamble && (!/方法$/.test(preamble) || NO_PREAMBLE.test(preamble))) return null;
    text = text.slice(opening[0].length);
  }
  // 「…方法であって、前記方法は、…提供することと、…」 (JP2017208128A): the list's own topic is the method, said by the opening.
  text = text.replace(new RegExp(`^(?:前記|上記|当該)?(?:${names}|方法)は、`), '');
  let having = HAVING.exec(text);
  let limitation = '';
  if (!having) {
    having = HAVING_THEN.exec(text);
    limitation = having ? text.slice(having.index + having[0].length) : '';
    // Only a clause that ends as one (a verb, an adjective, 「である」), not a further list or a definition of symbols.
    // Nor one with steps of its own (「…処理され、上記方法は、…ステップと、…ステップと、をさらに含む」 JP2021531712A): 「最後に、」 would not be last.
    if (!having || !/[うくすつぬぶむるい]$/.test(limitation) || MORE_STEPS.test(limitation)) return null;
  }
  const items = listItems(text.slice(0, having.index));
  if (items.length < 2) return null;
  const steps = items.map(step);
  if (steps.some((each) => !each)) return null;
  const named = steps.filter((each) => each!.name);
  // All named or none: 「まず、」 beside names would read as two ways of telling the steps, so some named (「…ビットマップ生成ステップと、
  // …を送信するステップと、」 JP2013540401A) are told by their clauses in order; a name twice is no list of distinct steps.
  if (named.length !== 0 && named.length !== steps.length) return { preamble, verb: VERB_OF.get(having[1]!) ?? having[1]!, limitation, steps: steps.map((each) => ({ ...each!, name: null })) };
  if (new Set(named.map((each) => each!.name)).size !== named.length) return null;
  return { preamble, verb: VERB_OF.get(having[1]!) ?? having[1]!, limitation, steps: steps as MethodStep[] };
}

const SEQUENCE = ['まず、', '次に、', '続いて、', 'その後、'];
const noteOf = (step: MethodStep): string[] => (step.note ? [`${terminal(step.note)}。`] : []);

/**
 * The sentences of the method's steps, `said` opening the first (「本実施形態に係る電気光学装置の製造方法」): 「…は、A工程と、B工程と、を
 * 有する。A工程では、…する。」, or 「…では、まず、…する。次に、…する。」. Each clause in the plain form (terminal).
 */
export function japaneseStepSentences(opening: string, method: string, { preamble, verb, limitation, steps }: MethodSteps): string[] {
  // A limitation with a topic of its own (「前記周期的フィードバックレポートは、…を含む」) is said of it, not in the method.
  const limited = limitation ? [`また、${/^[^、。]*?(?<![でとにへ])は、/.test(limitation) ? '' : `${method}では、`}${terminal(limitation)}。`] : [];
  if (steps.every((each) => each.name)) {
    const listed = `${opening}${method}は、${preamble ? `${preamble}であって、` : ''}${steps.map((each) => `${each.name}と、`).join('')}を${verb}。`;
    return [listed, ...steps.flatMap((each) => [`${each.name}では、${terminal(each.clause)}。`, ...noteOf(each)]), ...limited];
  }
  // What the method is said first, on its own (「…方法では、…方法において、まず、」 said the method twice in one breath).
  const said = preamble ? [`${opening}${method}は、${preamble}である。`] : [];
  const last = steps.length - 1;
  const sentences = steps.map((each, i) => `${i === 0 ? 'まず、' : i === last && last > 1 ? '最後に、' : SEQUENCE[1 + ((i - 1) % 3)]}${terminal(each.clause)}。`);
  sentences[0] = `${preamble ? method : `${opening}${method}`}では、${sentences[0]}`;
  return [...said, ...sentences.flatMap((sentence, i) => [sentence, ...noteOf(steps[i]!)]), ...limited];
}

/** Labels of a claim's steps ("(a) receiving …", "b) mixing …", "i. heating …"): the description says the order in words. */
const EN_LABEL = /^\(?(?:[a-z]|[ivx]{1,4}|\d{1,2})[.)]\s+/i;
/** A step: a gerund that is an act, not a state or a further list ("having …", "comprising …", "wherein …"). */
const EN_STEP = /^(?!(?:having|being|comprising|including|containing|consisting|wherein|whereby|thing|during|according|something|string|ring|bring)\b)(?:[a-z]+ly\s+)?[a-z]+ing\b/i;

/**
 * An English method claim's steps as the acts the body lists after its transition ("comprising: receiving …; displaying …; and
 * migrating …"), each a gerund phrase; null when the body is anything else (one step, a step that is no gerund, a list inside a
 * step that would be cut).
 */
export function englishMethodSteps(claim: ReadClaim, body: string): string[] | null {
  if (!claim.method || claim.language !== 'en') return null;
  const items: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < body.length; i++) {
    const char = body[i]!;
    if (char === '(' || char === '[') depth++;
    else if (char === ')' || char === ']') depth = Math.max(0, depth - 1);
    else if (char === ';' && depth === 0) {
      items.push(body.slice(start, i));
      start = i + 1;
    }
  }
  items.push(body.slice(start));
  const steps = items.map((item) => item.trim().replace(/^and\s+/i, '').replace(EN_LABEL, '').replace(/(?:,\s*|\s+)and$|[,.]$/i, '').trim());
  // A step whose own words hold a colon opens a list of its own ("determining: …"), cut at its 「;」.
  if (steps.length < 2 || steps.some((step) => !EN_STEP.test(step) || step.includes(':'))) return null;
  return steps;
}

const EN_SEQUENCE = ['Then', 'Next', 'After that'];

/** Where steps stand among the claim's: the first of them (the method begins with it), the last (finally). */
export interface StepOrder {
  opens: boolean;
  closes: boolean;
}

/** "The method according to the embodiment begins with forming …. Then, the method includes …. Finally, the method includes …." */
export function englishStepSentences(lead: string, method: string, steps: string[], { opens, closes }: StepOrder = { opens: true, closes: true }): string[] {
  const last = steps.length - 1;
  return steps.map((step, i) =>
    i === 0 ? `${lead} ${opens ? 'begins with' : 'includes'} ${step}.` : `${i === last && last > 1 && closes ? 'Finally' : EN_SEQUENCE[(i - 1) % 3]}, the ${method} includes ${step}.`,
  );
}
