// The shared element cutter's elements mended for drafting (src/priorart/elements.ts is the
// simulation's and stays as it is): one cut at its length limit is read to a clause's end or a
// formula's close, one cut before the clause it times or inside 「…を有してもよい」 is read whole again.
import { MAX_ELEMENT_LENGTH } from '../../priorart/elements.ts';
import { depthAt } from '../../patents/claim-text.ts';
import { STEP_END } from './japanese-names.ts';

/**
 * An element the cutter cut at its length limit ends mid-clause (「…閾値以上であると」, which became
 * 「…以上であるとである」): it is kept up to its last whole clause (「…を決定し、」).
 */
export function wholeClauses(text: string, claim: string): string {
  if (text.length !== MAX_ELEMENT_LENGTH) return text;
  const end = /^(.*(?:[しりえみけ]|ており|られ|され|て))、/su.exec(text);
  if (end) return end[1]!;
  // 「一般式（１）[式中、Ｒ１は…、Ｃは炭素数１〜６のアルコキ」 (JP2010013354A): a formula's symbols have no clause to end on, and the
  // cut word ended the issue and effect sentences (「…アルコキである水和物」). It is read on in the claim to where the formula
  // closes and a 「、」 or the claim ends.
  const from = claim.indexOf(text);
  if (from < 0) return text;
  let depth = depthAt(claim, from + text.length);
  let at = from + text.length;
  for (; at < claim.length && !(depth === 0 && '、。'.includes(claim[at]!)); at++) {
    if ('（(「【［['.includes(claim[at]!)) depth++;
    else if ('）)」】］]'.includes(claim[at]!)) depth = Math.max(0, depth - 1);
  }
  return claim.slice(from, at);
}

/**
 * Elements the cutter cut in the middle, read whole again. One that ends on when its act happens
 * (「…水溶性接着剤を塗布した後に、」 JP2010001570A, 「…３０分間さらした後に、」 JP2012040876A) is cut from the clause
 * it times: it has no predicate of its own (written 「…塗布した後にである。」), so it is read with the element after it
 * (「…塗布した後に、前記アラミド繊維を加撚する」).
 */
export function rejoinedElements<T extends { text: string; preamble?: boolean }>(elements: T[], claim: string): T[] {
  const out: T[] = [];
  for (const element of elements) {
    const previous = out[out.length - 1];
    const joinable = previous !== undefined && !previous.preamble && !element.preamble;
    let span: string | null = null;
    if (joinable && /(?:後|前|際|とき)に、?$/.test(previous.text)) previous.text = `${previous.text.replace(/、$/, '')}、${element.text}`;
    // 「…置換基」 + 「てもよい炭素数１〜６のアルコキシ基、…」 (JP2010013354A): the cutter took 「を有し」 of 「置換基を有してもよい」
    // for a list's verb; the claim's own words between them are put back.
    else if (joinable && /^[てで](?:もよい|も良い)/.test(element.text) && (span = claimSpan(claim, previous.text, element.text))) previous.text = span;
    // 「…に基づいて、第１領域の第１血流情報」 + 「前記第１領域と異なる第２領域の第２血流情報とを発生する血流情報発生部」 (JP2014100540A):
    // the cutter cut at the 「と、」 of a pair the element names as its object, whose other half opens the next element.
    else if (
      joinable &&
      PAIR_CLOSE.test(element.text) &&
      !LIST_CLOSE.test(element.text) &&
      (span = claimSpan(claim, previous.text, element.text, (between) => /^、?\s*$/.test(between.replace(/^と/, ''))))
    )
      previous.text = span;
    else out.push({ ...element });
  }
  return processRejoined(out, claim);
}

/** What a product-by-process claim's product is made by, after the steps it lists: 「…と、を含む方法により得られる、…」. */
const BY_PROCESS = /^(?:を(?:含む|有する|備える|経る))?(?:製造)?(?:方法|製法|プロセス)(?:により|によって|で|にて)/;

/**
 * The steps of a product-by-process claim (「…膜形成工程と、…固定化工程と、…洗浄工程と、を含む方法により得られる、…高分子膜」,
 * JP2010058403A) are the process's, no parts of the product: they are read back into the clause that says the product is made by it
 * (cut apart, the film was said to have three steps, 「高分子膜１は、膜形成工程１０と、…を備える」, and to be 「方法により得られる」).
 */
function processRejoined<T extends { text: string; preamble?: boolean }>(elements: T[], claim: string): T[] {
  const at = elements.findIndex((element, i) => i > 0 && BY_PROCESS.test(element.text) && isStep(elements[i - 1]!));
  if (at < 0) return elements;
  let first = at - 1;
  while (first > 0 && isStep(elements[first - 1]!)) first--;
  const span = claimSpan(claim, elements[first]!.text, elements[at]!.text);
  if (!span) return elements;
  return [...elements.slice(0, first), { ...elements[at]!, text: span }, ...elements.slice(at + 1)];
}

const isStep = (element: { text: string; preamble?: boolean }): boolean => !element.preamble && STEP_END.test(element.text.replace(/[と、\s]+$/, ''));

/** The claim's text from `first` to the end of `second` after it, when the words between them pass `gap`; null otherwise. */
function claimSpan(claim: string, first: string, second: string, gap: (between: string) => boolean = () => true): string | null {
  const from = claim.indexOf(first);
  if (from < 0) return null;
  const to = claim.indexOf(second, from + first.length);
  return to < 0 || !gap(claim.slice(from + first.length, to)) ? null : claim.slice(from, to + second.length);
}

/**
 * An element that opens on the second half of a pair (「…第２血流情報とを発生する」, 「遊技球が入球不能な閉状態とに切換可能な」,
 * 「複数の第１係合突起とを有する雄盤体」): no 「、」 and no other 「と」 before the pair's 「とを」, 「とが」, 「とに」 after a noun (a comparison's
 * 「と異なる」 may come before it; 「…通過したことに基づいて」 is no pair). Not 「との」: 「前記像担持体との間で…」 (JP2012042835A) is one thing and the element's own.
 */
const PAIR_CLOSE = /^(?:[^、と（(]|と(?=異な|同じ|同一|比べ|比較|は))+(?<=[\p{Script=Han}\p{Script=Katakana}ーＡ-Ｚａ-ｚ０-９A-Za-z0-9）)])と(?:を|が|に)/u;
/** The claim's own list closing (「…演出実行手段とを備える遊技機であって、」, 「…ロック部材とを備え、前記取付部は…」): no pair of the element's. */
const LIST_CLOSE = /^[^、]*と(?:を|が|に)(?:備え|有し|有す|具備し|具備す|含み|含む|設け)(?:[^、]*(?:であって|において|に於いて)、|、)/;

/**
 * English elements the cutter cut at its length limit, read on in the claim to where the next element begins (or the
 * claim ends): cut, one ended mid-phrase and so did the sentence made of it ("… embedded in the.", US6836899B1;
 * "… due to the change of the IP a.", US7643470B2).
 */
export function wholeEnglishElements<T extends { text: string }>(elements: T[], claim: string): T[] {
  let from = 0;
  return elements.map((element, index) => {
    const at = claim.indexOf(element.text, from);
    if (at < 0) return element;
    from = at + element.text.length;
    if (element.text.length !== MAX_ELEMENT_LENGTH) return element;
    const next = elements[index + 1] ? claim.indexOf(elements[index + 1]!.text, from) : -1;
    // Not the next element's label ("…, and (2)", US6981466B2; "…; (b)", US8926509B2) nor the list's "and".
    const text = claim
      .slice(at, next < 0 ? claim.length : next)
      .replace(/(?:[,;]\s*(?:(?:and|or)\s+)?|\s+(?:and|or)\s+)\(?(?:[a-z]|[ivx]{1,4}|\d{1,2})[.)]\s*$/i, '')
      .replace(/[\s,;:.]+$/, '')
      .replace(/(?:[,;]\s*|\s+)(?:and|or)$/i, '');
    return { ...element, text };
  });
}
