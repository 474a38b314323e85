// Reading a Japanese claim's list (elements.ts): the elements listed before 「を備える／を有する／を含む」 (「AとBとを備え」),
// with inner lists of 「と、」 joined to the part they make (「…吸込口と、回転ブラシとを有する吸込口体」), steps and parts
// listed with 及び／並びに cut apart (elements-japanese-conjoined.ts), and where the list ends.
import { topLevel } from '../patents/claim-text.ts';
import { splitConjoinedParts, splitListedSteps } from './elements-japanese-conjoined.ts';

/**
 * 「と、」 joining listed elements, but not inside a parenthesis. A part of one character stays
 * with the next. Names of two or three characters are elements: with four, 「正極と、負極と、…
 * を備える」 was cut into 「正極と、負極」 and …, 「モータと、ギア」; over the 281 jp-fulltext claims 1,
 * 5 cut differently, each now as the claim lists its parts (真空槽 | 前記真空槽内に…カソード容器,
 * JP2020186462A; 磁極 | 第１シールド, JP2020042877A).
 */
export function splitJapaneseList(text: string, minPart = 2, steps = false): string[] {
  const parts: string[] = [];
  const top = topLevel(text);
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    if (top[i] && text[i] === 'と' && (text[i + 1] === '、' || text[i + 1] === ',') && i - start >= minPart) {
      // `steps` (「Aすることと、Bすること、Cすること」): the と of a step's 「こと」 stays with it, the list's と (「ことと、」) does not.
      parts.push(text.slice(start, steps && text[i - 1] === 'こ' ? i + 1 : i));
      start = i + 2;
    }
  }
  parts.push(text.slice(start));
  return steps ? parts.filter((part) => part.trim()) : parts;
}

/** Where a limitation of its own ends: 「…であり、」「…とし、」, a step done before the next (「…した後、」), 「…を特徴とする」 before another clause. */
export const JP_CLAUSE_END = /(?<=であり|からなり|とし|とともに|ており|後に|した後|された後)、|(?<=を特徴とする)(?!$)/u;
export const JP_NOUN = '[\\p{Script=Han}\\p{Script=Katakana}ー・Ａ-Ｚａ-ｚ０-９A-Za-z0-9（）()]';
const JP_SUBJECT_ONLY = new RegExp(`^${JP_NOUN}+(?:の${JP_NOUN}+)?$`, 'u');
/** A preamble names the claimed thing; one holding a topic clause (「前記演出画像制御手段は、…状況下において、」) is the body. */
export const JP_TOPIC = /(?:前記|上記|該)[^、。]{1,40}?は、/u;
const JP_OPENING_TOPIC = new RegExp(`^\\s*${JP_TOPIC.source}`, 'u');
/** 「…を有し、」 continuing the sentence, not 「…を含む、」 before the claim's reference or subject. */
const JP_HAS_CLAUSE = /(?:備え|具備し|有し|含み|設け)(?:ており|てなり)?、$/u;

// 「…エイリアスを更新すること、を含む」 (JP2017208128A), 「…膜を形成すること、該膜を露光すること、…現像することを含む」 (JP2011215413A)
// close their lists on the 「こと」 of their last steps, not on a と (the steps read 「…更新するこ」, 「…露光するこ」).
const JP_BODY_END = /(?:(?<!こ)と、?|(?<=こと)、?)?を(?:備え|具備し|有し|含み|設け|備える|具備する|有する|含む|設けた|備えた|具備した|有した|含んだ)(?:ており|ている|てなり|てなる|ることを|たことを|ることと|た|る|、)?(?![てで])/g;
// The continuative forms (「を備え、」「を含み」): the verb ends a sentence part, never modifies a noun.
const JP_CONTINUATIVE = /(?:備え|具備し|有し|含み|設け)(?:ており|てなり|、)?$|、$/;

const JP_NOUN_START = new RegExp(`^${JP_NOUN}`, 'u');
/** One listed part closing a nested list of 「と、」 (「回転ブラシとを有する吸込口体」): a single item, its verb, the noun it names. */
const JP_NESTED_CLOSE = new RegExp(`^[^、と]+とを(?:有する|備える|含む|具備する|備えた|有した|含んだ|設けた|具備した)${JP_NOUN}`, 'u');

/**
 * 「ごみの吸込口と、回転ブラシとを有する吸込口体と、光源と、を備え」: the 吸込口 and the ブラシ are parts of the
 * 吸込口体, listed with 「と、」 like the outer elements. The part closing such an inner list takes the parts
 * before it back to the list's start, or to the first one opened by a clause of its own (「半導体基板の上に
 * 形成され、活性層」: what is formed on the substrate is the resonator with its layer, grating and faces).
 * Over the 506 independent claims of jp-fulltext 6 cut differently, each read and each now the part with
 * its components as the claim names it: JP2023166025A, JPWO2018134950A1, JP2010083151A (雄盤体, 雌盤体),
 * JP2011139055A (the EDMOS circuit of two elements), JP2010002941A (the devices with their three parts),
 * JP2022092438A (the synthesis step giving the main and the side product).
 */
function joinNestedLists(parts: string[]): string[] {
  const out: string[] = [];
  for (const part of parts) {
    if (!JP_NESTED_CLOSE.test(part.trim())) {
      out.push(part);
      continue;
    }
    let from = out.length;
    while (from > 0 && !/、/.test(out[from - 1]!)) from--;
    if (from > 0) from--;
    const inner = out.splice(from);
    out.push([...inner, part].join('と、'));
  }
  return out;
}
/** A listed element's steps (「…ステップ、及び…ステップ」), else its parts joined by 及び／並びに. */
function japaneseListedParts(element: string): string[] {
  const steps = splitListedSteps(element);
  return steps.length > 1 ? steps : splitConjoinedParts(element);
}

/** Where the first of steps listed with 「、」 opens: after the last clause end outside brackets (0: where the list does). */
function firstStepOpening(step: string): number {
  const top = topLevel(step);
  const ends = [...step.matchAll(new RegExp(JP_CLAUSE_END.source, 'gu'))].filter((end) => top[end.index]);
  const last = ends.at(-1);
  return last ? last.index + last[0].length : 0;
}

/** Whether a list-closing verb (「…と、を備える」, 「を備え、」) follows `from`. */
const laterBodyEnd = (text: string, from: number): boolean =>
  [...text.slice(from).matchAll(JP_BODY_END)].some((body) => /^[と、]/.test(body[0]) || JP_CONTINUATIVE.test(body[0]));

/**
 * 「AとBとを備え(た)…」: the elements listed before the verb, and what follows it. The verb is
 * the body's end when it closes a list (「…と、を備える」) or continues the sentence (「を備え、」);
 * an attributive 「を含む」 modifies the noun after it (「ニオブ成分を含む結晶相を含有し、」,
 * 「Aを有する基板と、Bとを備える」) and is passed over, unless only the claimed subject follows
 * (`subjectFollows`: the Jepson preamble 「A、B及びCを備えるタイヤであって、」).
 */
export function japaneseList(text: string, subjectFollows = false, commaSteps = false): { before?: string; listed: string[]; rest: string } | null {
  for (const body of text.matchAll(JP_BODY_END)) {
    if (body.index === 0) continue;
    const rest = text.slice(body.index + body[0].length);
    const listed = text.slice(0, body.index);
    // Steps listed as 「…すること、…すること」 are split at each 「こと、」, as the others at 「と、」.
    const steps = /こと、?$/.test(listed) && !/^と/.test(body[0]);
    // 「AとBとを含む正極合材層と、を備え」: after a list too, an attributive verb before a noun modifies it
    // while another verb is still to close the list. 「…と、を有する」 closes one (a nested list:
    // 「取付部と、被支持部と、を有する前記車両取付部材と、…を備えた」, JP7550342B2). Of the 506
    // independent claims of jp-fulltext, 8 cut differently, each read (「後端面とを有する共振器部」 and the
    // electrodes after it, JPWO2018134950A1; 「…直流成分と交流成分とを含む転写バイアスを出力する転写
    // バイアス出力手段」, JP2012042835A); JP known items unchanged (MRR 0.982, A/B 96.7 %, D 100 %).
    const later = laterBodyEnd(text, body.index + body[0].length);
    const attributive = !body[0].startsWith('と、') && !JP_CONTINUATIVE.test(body[0]) && JP_NOUN_START.test(rest) && later;
    // Steps listed with 及び (「…工程、…工程、及び…工程を含むレジストパターン形成方法」, JP2012173419A) close on the last verb.
    const listedSteps = splitListedSteps(listed, commaSteps);
    const stepList = !later && listedSteps.length > 1;
    // Steps listed with 「、」 alone (「…であり、…ポリエステル樹脂を加熱溶融し、…を得る工程、…工程、…工程を含むこと」, JP2019194339A)
    // are cut the same way; the first step opens after the last clause of a limitation of its own before it (JP_CLAUSE_END:
    // 「…であり、」「…とし、」), else where the list does (after the preamble's 「…であって、」 or at the claim's start).
    if (stepList && commaSteps && splitListedSteps(listed).length < 2) {
      const steps = listedSteps;
      const opening = firstStepOpening(steps[0]!);
      const before = listed.slice(0, listed.indexOf(steps[0]!) + opening);
      return { ...(before && { before }), listed: [steps[0]!.slice(opening), ...steps.slice(1)], rest };
    }
    const closes = (/^[と、]/.test(body[0]) && !attributive) || steps || stepList || JP_CONTINUATIVE.test(body[0]) || (subjectFollows && JP_SUBJECT_ONLY.test(rest));
    // 「前記第３レンズ群は、複数の負レンズを有し、」 (JP2023060272A) says what a part has: the element keeps its verb
    // (it read 「前記第３レンズ群は、複数の負レンズ」).
    if (closes && !steps && JP_HAS_CLAUSE.test(body[0]) && JP_OPENING_TOPIC.test(listed) && !/と、/.test(listed)) return { listed: [`${listed}${body[0].replace(/、$/, '')}`], rest };
    if (closes) return { listed: steps ? splitJapaneseList(listed, 2, steps) : joinNestedLists(splitJapaneseList(listed)).flatMap(japaneseListedParts), rest };
  }
  return null;
}
