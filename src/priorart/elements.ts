// The invention cut into elements (§3 search elements): the limitations an examiner compares
// one by one against the prior art. With the automatic cutter a claim is read as a patent
// attorney reads it:
//  - Japanese: the preamble 「…であって、」/「…において、」; body elements joined by 「と、」 (or parts
//    by 及び／並びに, elements-japanese-conjoined.ts) before 「を備える／を有する／を含む／を設けた」
//    (elements-japanese-list.ts);
//    the characterising part 「…ことを特徴とする」 cut at its own 「と、」 and 「、」 clauses; each
//    condition (条件式) with the definitions of its symbols (elements-japanese-conditions.ts); the
//    claimed subject (「…装置。」, 「…である金属粒子。」) closes the elements as their preamble when
//    the claim has no 「…であって、」.
//  - English: the preamble before "comprising:" / "including:" / "consisting of"; elements at ";"
//    and "; and"; "wherein" / "whereby" clauses as limitations of their own.
//  - Chinese: 「包括」/「包含」 opens the body, 「其特征在于」 the characterising part, 「；」 and
//    「，」 between steps separate elements.
// Without it, one element per non-empty line. An element is at most 500 characters (§9 "30
// items of 500"); at most 30 elements.
import { detectLanguage } from '../patents/analysis/index.ts';
import { appendedOpening, withoutClaimNumber } from '../patents/claim-text.ts';
import { appendedConditions, appendedElements, appendedLimitations, conditionElements, CONDITION_BREAK, DEFINITIONS_OPENING, markConditionBreaks } from './elements-japanese-conditions.ts';
import { japaneseList, JP_CLAUSE_END, JP_NOUN, JP_TOPIC } from './elements-japanese-list.ts';

export { splitJapaneseList } from './elements-japanese-list.ts';

export const MAX_ELEMENTS = 30;
export const MAX_ELEMENT_LENGTH = 500;

export interface Element {
  /** 1-based, as shown in the claim chart (A, B, C … in the pages). */
  id: number;
  text: string;
  /** The preamble (「…であって」, "A … comprising"): compared like the others. */
  preamble?: boolean;
  /** The claimed thing closing a Japanese claim (「…金属粒子。」): a preamble that names the subject only. */
  subject?: boolean;
}

/** An element as a cutter reads it, before it is numbered. */
type Part = Omit<Element, 'id'>;

/** Whitespace collapsed, a leading claim number ("1." / 【請求項１】 / １、) dropped. */
function clean(text: string): string {
  return withoutClaimNumber(text.replace(/\s+/g, ' ')).trim();
}

const tidy = (parts: string[]): string[] => parts.map((part) => part.replace(/^[\s,、，;；:：]+|[\s,、，;；:：]+$/g, '').trim()).filter((part) => part.length > 0);

// ---------------------------------------------------------------------------------------
// Japanese

/** The claimed subject closing the claim after a predicate: 「…π超である金属粒子」, 「…含むものである、正極活物質」, 「…の製造方法」. */
const JP_TRAILING_SUBJECT = new RegExp(`(?<=[るたいだうくすつぬぶむ]、?)(?:${JP_NOUN}+の)?${JP_NOUN}+$`, 'u');
/** A verb in its continuative form closing a clause (「…を記憶し、」「…を備え、」), not 「により、」「のうち、」「…とき、」. */
const JP_CONTINUATIVE_END = String.raw`[^、]{2}[しえけせりみきぎびちいれめべ](?<!より|うち|とき|つき|おき)、`;
const JP_REFERENT = '(?:前記|上記|該|当該|この)';
/** The topics a limitation of its own opens on, after a condition if any (「前記第１溶接ロボットが…実行している間、」). */
const JP_TOPIC_OPENING = [
  String.raw`${JP_REFERENT}?[^、。]{1,40}?[はが]、`, // 「前記メモリは、」
  String.raw`${JP_REFERENT}[^、。]{1,30}?(?:において|では)、`, // 「前記容量素子において、」
  String.raw`${JP_REFERENT}[^、。]{0,40}?${JP_NOUN}は(?!、)`, // 「前記ソース電極層は透光性を有し」
  String.raw`[^、。]{0,40}?${JP_NOUN}[はが][^、。]{2,80}?[しえけせりみきぎびちいれめべ]、`, // 「上方突出部の前面が…に密接し、」
].join('|');
/**
 * A new limitation with a topic of its own after a continuative verb: 「…を備え、前記メモリは、…を記憶し、
 * 前記ヒータは、…」, or a condition before it (「…制御し、前記第１溶接ロボットが…実行している間、前記
 * マテリアルハンドリングロボットは、」), with 「かつ、」 between. Claims written this way (a paragraph per
 * part in the gazette) were one element from their second clause on, cut at 500 characters.
 */
const JP_TOPIC_CLAUSE = new RegExp(
  String.raw`(?<=${JP_CONTINUATIVE_END})(?:かつ、|また、|さらに、)?(?=(?:[^、。]{1,60}?(?:間|とき|時|場合|際)、)?(?:${JP_TOPIC_OPENING}))`,
  'u',
);
/** A clause that says something of the claimed thing's parts: it refers back or has a topic. */
const JP_LIMITATION = /前記|該|上記|は|が/u;

// Next to a kana, kanji or Japanese punctuation (not between full-width letters: 「ＪＩＳ Ｒ １７０３」).
const JP_LINE_BREAK = /\s+(?=[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}、。，（）「」【】［］])|(?<=[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}、。，（）「」【】［］])\s+/gu;

// The last 「…を特徴とする」 and the subject after it (「、」 or a space may come between). Only the
// last: a claim written as clauses each ending 「…を特徴とする」 (JP2011067573A) lost every
// clause after its first when the subject was taken to run from the first one to the end
// ([^]: a later one on another line counts too).
const JP_CHARACTERISING = /(?:ことを特徴とする|ことを特長とする|を特徴とする)(?![^]*(?:を特徴と|を特長と))[、\s]*([^、。]*)。?$/u;

/** Limitations one per clause: 「…であり、」/「からなり、」/「とし、」, a topic of its own, a condition with its definitions (「…をｆ３とするとき、」). */
function limitations(text: string, appended: Parameters<typeof conditionElements>[1]): string[] {
  if (!text.trim()) return [];
  return text
    .split(JP_CLAUSE_END)
    .flatMap((clause) => clause.split(JP_TOPIC_CLAUSE))
    .flatMap((clause) => clause.split(DEFINITIONS_OPENING))
    .flatMap((clause) => conditionElements(clause.replace(/^(?:かつ|また|さらに)、/u, '').replace(/を特徴とする$/u, ''), appended));
}

function cutJapanese(claim: string): Part[] {
  // A space in Japanese text is the gazette's line break (「…と、 を備える」), not a word boundary.
  // 「…制御する、 ように構成される」 (JP2023534250A): no comma comes before 「ように」.
  // Conditions written after the claim's 「。」 (「…を満たす撮像光学レンズ。５９．００≦ｖ１≦８２．００ （１） …」) are read apart.
  const conditions = appendedConditions(claim.replace(/。\s*$/, ''), (part) => part.replace(JP_LINE_BREAK, ''));
  const { appended } = conditions;
  // Definitions or labelled conditions after the claimed thing (「…である硬化体： ［化学式１］ …」, 「…銅微粉の製造方法。 （ａ）…」, JP2017505352A,
  // JP2010059453A) are limitations after the claim's own: read in the claim, its subject was their last words (「ＡBP以下の温度範囲」).
  const opening = appended ? -1 : appendedOpening(claim);
  const stated = opening >= 0 ? claim.slice(0, opening) : conditions.claim;
  const definitions = opening >= 0 ? appendedLimitations(stated, claim.slice(opening + 1)).map((part) => part.replace(JP_LINE_BREAK, '')) : [];
  let text = markConditionBreaks(stated).replace(JP_LINE_BREAK, '').replace(/、(?=ように)/gu, '');
  const out: Part[] = [];
  // Preamble: 「…であって、」「…において、」 up to the first such marker. A preamble that lists
  // elements itself (「AとBとを備えた装置であって、」, the Jepson form) gives them as elements, and
  // the subject it ends with (「装置」) as the preamble.
  // Not 「…であり、」: it joins limitations (「…以下であり、…である金属粒子」), split below.
  const preamble = /^(.{4,}?)(?:であって|において|に於いて|における)、/.exec(text);
  if (preamble && !JP_TOPIC.test(preamble[1]!)) {
    const listed = japaneseList(preamble[1]!, true);
    if (listed && listed.rest.trim()) {
      out.push({ text: listed.rest, preamble: true });
      for (const part of listed.listed) out.push({ text: part });
    } else {
      out.push({ text: preamble[1]!, preamble: true });
    }
    text = text.slice(preamble[0].length);
  }
  // The characterising ending names the claimed subject; what precedes 「ことを特徴とする」 is the last limitation.
  const characterising = JP_CHARACTERISING.exec(text);
  let subject = characterising?.[1] ?? '';
  if (characterising) text = text.slice(0, characterising.index);
  const listed = japaneseList(text, false, true);
  if (listed) {
    // Limitations before steps listed with 「、」 (「…であり、…を得る工程、…工程を含む」) come first, each its own.
    for (const limitation of limitations(listed.before ?? '', appended)) out.push({ text: limitation });
    for (const part of listed.listed) out.push({ text: part });
    text = listed.rest;
    // 「…と、を備える、生体適合性マイクロスイマーを作製する方法」: nothing after the list but the claimed subject.
    if (!characterising && !/、/.test(text.replace(/^[、\s]+/, '')) && !JP_LIMITATION.test(text)) {
      subject = text;
      text = '';
    }
  }
  // Without 「…を特徴とする」 the claimed subject closes the last clause (「…π超である金属粒子」).
  const trailing = characterising ? null : JP_TRAILING_SUBJECT.exec(text);
  if (trailing) {
    subject = trailing[0];
    text = text.slice(0, trailing.index);
  }
  // What follows the list (「…を備え、前記Aは…であり、」): one limitation per clause ending in 「であり、」/「からなり、」/「とし、」,
  // a step before the next (「…を塗布した後に、前記アラミド繊維を加撚する」), or 「…を特徴とする」 before another clause.
  for (const limitation of limitations(text, appended)) out.push({ text: limitation });
  for (const definition of definitions) out.push({ text: definition });
  // Conditions after the claim that no limitation refers to are limitations of their own.
  if (appended && !out.some((part) => part.text.includes(appended.conditions[0]!))) for (const condition of appendedElements(appended)) out.push({ text: condition });
  // The claimed thing is compared too, as the preamble when the claim has none (it closes a
  // Japanese claim): a document about another thing does not anticipate 「…リチウム２次電池用セパレータ」.
  subject = subject.replace(/^[、\s]+/, '');
  if (subject && !out.some((part) => part.preamble)) out.push({ text: subject, preamble: true, subject: true });
  // 「…工程とを含むことを特徴とする」 whose subject is not the claim's last words leaves 「こと」 alone.
  return out
    .map((part) => ({ ...part, text: part.text.replaceAll(CONDITION_BREAK, ' ') }))
    .filter((part) => part.text.trim().length > 1 && !/^(?:こと|もの)$/u.test(part.text.trim()));
}

// ---------------------------------------------------------------------------------------
// English

const EN_TRANSITION_WORDS = String.raw`comprising|including|consisting (?:essentially )?of|which comprises|that comprises|having`;
// "comprising;" (US8419462B2's typo for the colon) ends the preamble as "comprising:" does.
const EN_TRANSITION = new RegExp(String.raw`^(.*?)\b(${EN_TRANSITION_WORDS})\s*[:;]?\s+`, 'i');
/** A transition with a colon after a preamble that names the claimed thing again (", the faucet support member comprising:"). */
const EN_RESTATED_TRANSITION = new RegExp(String.raw`^(.*?,\s*(?:the|said|each)\s+[\w\- ]+?)\s*\b(${EN_TRANSITION_WORDS})\s*:\s*`, 'i');

/**
 * Where a claim's preamble ends: [whole match, preamble, transition word]. Usually at the first
 * transition word; but "A faucet support member …, the faucet having at least one of a base end
 * portion and a handy spray, the faucet support member comprising: a support seat …" has its
 * transition where the preamble names the claimed thing again before a colon. In the 588 US first
 * claims of the shared corpus that rule moves the cut in 12, each read and right (the preamble
 * described a part, a network or a substrate with "having"/"including"); a colon after "wherein"
 * or ";" is a list inside an element, not the transition.
 */
export function englishTransition(text: string): RegExpExecArray | null {
  const restated = EN_RESTATED_TRANSITION.exec(text);
  if (restated && !/\bwherein\b|;/i.test(restated[1]!)) return restated;
  const transition = EN_TRANSITION.exec(text);
  // "A composition of formula (I) wherein A is … selected from the group consisting of: …" (US7473658B2) has no transition:
  // the words are the wherein clause's.
  return transition && /\bwherein\b/i.test(transition[1]!) ? null : transition;
}

/**
 * The preamble without the claimed thing named again before the transition: "A system for processing mid-dialog SIP messages,
 * the system comprising:" (US8930553B2's family) names "A system for processing mid-dialog SIP messages"; "…, the network further
 * comprising" likewise. Only words the preamble wrote before ("the glove being of an open fingered type" says more and stays).
 */
function withoutRestatedSubject(preamble: string): string {
  const restated = /,\s*(?:the|said)\s+((?:[\w\-]+\s+){0,5}?[\w\-]+)(?:\s+further)?$/i.exec(preamble);
  if (!restated) return preamble;
  const before = preamble.slice(0, restated.index);
  return new RegExp(`\\b${restated[1]!.replace(/[-]/g, '\\-')}\\b`, 'i').test(before) ? before : preamble;
}

function cutEnglish(claim: string): Part[] {
  const out: Part[] = [];
  let text = claim.replace(/\.\s*$/, '');
  const transition = englishTransition(text);
  if (transition && transition[1]!.trim().length > 3) {
    out.push({ text: withoutRestatedSubject(transition[1]!.replace(/[,:]\s*$/, '')), preamble: true });
    text = text.slice(transition[0].length);
  }
  for (const piece of text.split(/;\s*(?:and\s+)?|,\s*and\s+(?=(?:a|an|the|said|at least|one or more|\([a-z0-9]+\))\s)/i)) {
    // "wherein" / "whereby" clauses are limitations of their own, and ", such that …"; not the "such that" that completes
    // "is configured such that …" (US8418612B2: "the printing plate making apparatus is configured." was left). The
    // "and" of ", and wherein" joins the two clauses and is neither's (it closed 166 of the corpus's US elements).
    for (const clause of piece.split(/,?\s*(?:\band\s+)?\b(?=(?:wherein|whereby)\b)|,\s*(?=such that\b)/i)) {
      out.push({ text: clause.replace(/^\(\w{1,3}\)\s*/, '') });
    }
  }
  return out.filter((part) => part.text.trim().length > 2);
}

// ---------------------------------------------------------------------------------------
// Chinese

/**
 * Where a Chinese claim's steps or parts are cut: 「；」, and an enumeration that opens a clause
 * (「：1)」, 「；(2)」, 「（三）」, 「一、」, 「步骤1：」, 「S10、」). Not a reference sign after a part's name
 * (「外筒(1)的进水口」, CN107541890A, was cut into 「与所述外筒」 and 「的进水口连通的进水装置」),
 * nor a ratio (「摩尔比为(1—1)」) or a decimal.
 */
const CHINESE_MARKER = String.raw`(?:[（(]\s*(?:\d+|[一二三四五六七八九十]+|[a-zA-Z]|[ivx]+)\s*[)）]|(?:\d+|[a-zA-Z])\s*[)）、.．](?![\d.])|[一二三四五六七八九十]+[、)）]|步骤\s*(?:[Ss]?\d+|[一二三四五六七八九十]+)\s*[：:，,、]?|[Ss]\d+\s*[、：:.．)）])`;
const CHINESE_STEP = new RegExp(String.raw`[；;]|(?<=^|[：:；;，,。\s]|[：:；;，,]\s*(?:以及|并且|和|及))` + CHINESE_MARKER, 'u');
/** The last step's 「以及」/「和」 and its marker (「；以及d.回收经过处理的废水」), like English "; and". */
const CHINESE_JOINER = new RegExp(String.raw`^(?:以及|并且|和|及)\s*[，,]?\s*(?:` + CHINESE_MARKER + ')?', 'u');
const CHINESE_LEAD_IN =
  /^(?:其中|(?:(?:所述|该)\p{sc=Han}{0,8})?包括(?:以下步骤|如下步骤)?|按照下述步骤进行|具体(?:步骤)?(?:如下|为))$|^[^，,；;：:]{0,24}?(?:以下|如下|下述)?(?:几个)?步骤(?:如下|中的一种|制得)?$/u;
/** What a piece ends on that belongs to the next one: 「…，其中」 before its clause, 「一种组合物，其」 before 包含, 「，以及」 before the last step. */
const CHINESE_DANGLING = /[，,]\s*(?:其中|其|该\p{sc=Han}{0,8}|以及|并且|和|及)$/u;

/** A step's opening: a verb, a preposition or an adverb of order, not a part's name (「将乙烯、丙烯和二烯单体混合…」 is one step). */
const CHINESE_ACT = /^(?:将|把|通过|在|使|对|用|以|由|从|向|经|按|分别|依次|先|再|然后|并|配制|制备|加入|得到|获得|采用|利用|根据)/u;
/** Longest name a listed part has (「与所述外筒(1)的排水口相连的排水装置(4)」 is 24). */
const LISTED_PART = 30;

/**
 * The parts a claim lists (「包括外壳、外筒(1)、内筒(11)、冷凝器(2)、…进水装置(3)以及…排水装置(4)」,
 * CN107541890A; 「所述缓冲器包括方形铁框(1)、销轴(2)、U字型钢带(3)及定位钢板(4)」) as elements of their
 * own, as the Japanese cutter reads 「Aと、Bと、を備える」. Only a list of names: a step
 * (「将乙烯、丙烯和二烯单体混合后…」), a clause with 「，」 or a long modifier stays whole.
 */
/**
 * A part's name: no verb or relation but in a modifier that opens as one and closes on 的
 * (「与所述外筒(1)的进水口连通的进水装置(3)」, 「位于所述壳体基体内表面一侧的…膜片」). Not the two ends of a
 * clause whose objects are listed (「所述电子测量线路(2)分别与接线柱A(11)、…接线柱D(14)相连」,
 * CN109444534A; 「所述表面具有纳米尺寸的孔、微米尺寸的孔或两者」, 「反应槽中预先加入制程水、盐酸」): those stay whole.
 */
const CHINESE_RELATION = /[有与为于在后中时将由含]|安装|设置|连接|相连|连通|位于|适配|分别|依次|完成|形成|加入|表示|组成|选自|独立|采用/u;
const CHINESE_MODIFIER = /^(?:与|用于|位于|设于|设置在|设置于|安装在|安装于|连接在|连接于|基于|对应于?|相对于?)/u;
const isName = (item: string): boolean =>
  !/^(?:所述|该)/u.test(item) &&
  !/^(?:[A-Za-z]?\d+|第[一二三四五六七八九十\d]+)$/u.test(item) && !CHINESE_RELATION.test(CHINESE_MODIFIER.test(item) && item.includes('的') ? item.slice(item.lastIndexOf('的') + 1) : item);

/** An amount opening a component: 「0.3～0.5质量份的」, 「20-30wt%的」, 「5%的」. */
const AMOUNT = /^(?:按重量计，?)?[\d.]+\s*(?:[～~\-－—至]\s*[\d.]+\s*)?(?:质量份|重量份|份|wt\s*%|mol\s*%|%|％|g|克|kg|mL|ml|毫升)/u;

function listedParts(piece: string): string[] {
  if (!piece.includes('、') || /[，,：:；;]/.test(piece)) return [piece];
  const list = piece.replace(/^(?:所述|该)?[\p{sc=Han}()（）\w]{1,16}?(?:依次)?(?:包括|包含)/u, '');
  const items = list.split('、');
  // The last two joined by 以及 always, by 和/及 where the first ends on its sign or both are short names (「主控制模块和操控模块」).
  const last = items.pop()!;
  const joined = /^(.+?)(?:以及|(?<=[)）])(?:和|及)|(?<=^.{2,10})(?:和|及)(?=.{2,10}$))(.+)$/u.exec(last);
  items.push(...(joined ? [joined[1]!, joined[2]!] : [last]));
  const names = items.map((item) => item.trim()).filter(Boolean);
  // A composition's components, each with its amount (「100质量份的…有机硅压敏胶、0.3～0.5质量份的…黑色浆、…」,
  // CN112940609A): each is an element, as a Japanese claim's 「Ａ成分と、Ｂ成分と」.
  if (names.length >= 2 && names.every((name) => AMOUNT.test(name) && [...name].length <= 2 * LISTED_PART)) return names;
  if (names.length < 2 || names.some((name) => [...name].length > LISTED_PART || CHINESE_ACT.test(name) || !isName(name))) return [piece];
  return names;
}

function cutChinese(claim: string): Part[] {
  const out: Part[] = [];
  let text = claim.replace(/。\s*$/, '');
  const opening = /^(.{2,}?)[，,]?(?:其特征在于|其特征是)[，,：:]?/.exec(text);
  const body = /^(.{2,}?)[，,]?(?:包括|包含|含有)(?:以下步骤|如下步骤|如下|以下)?[：:，,]?/.exec(text);
  const first = [opening, body].filter((m): m is RegExpExecArray => Boolean(m)).sort((a, b) => a[0].length - b[0].length)[0];
  let transition = '';
  if (first) {
    out.push({ text: first[1]!.replace(CHINESE_DANGLING, ''), preamble: true });
    text = text.slice(first[0].length);
    // The claimed thing named again before its parts (「一种电动车电量通知系统，其特征在于，所述系统包括：车辆端处理单元，…」,
    // CN109532713A) is the transition, no part of the first element; 「所述器具包括：」 of a 器具组件 names a part and stays.
    // Taken off the first part once cut, so the pieces are cut as before (a piece's length decides where it is cut).
    const restated = /^[，,]?((?:所述|该)([^，,；;：:]{2,16}?)还?(?:包括|包含|含有)(?:以下步骤|如下步骤|如下|以下)?[：:，,]?)/u.exec(text);
    if (restated && first[1]!.split(/[，,]/u)[0]!.endsWith(restated[2]!)) transition = restated[1]!;
  }
  text = text.replace(/^[，,]?(?:包括|包含)(?:以下步骤|如下步骤|如下|以下)?[：:，,]?/, '').replace(/[，,]?(?:其特征在于|其特征是)[，,：:]?/g, '；');
  for (const piece of text.split(CHINESE_STEP)) {
    // Steps are often separated by 「，」 only after a verb-led clause; long pieces are cut there.
    const parts = piece.length > 60 ? piece.split(/[，,](?=[^，,]{12,})/) : [piece];
    for (const part of parts) for (const name of listedParts(part.trim().replace(CHINESE_JOINER, '').replace(CHINESE_DANGLING, ''))) out.push({ text: name });
  }
  const parts = out.filter((part) => part.text.trim().length > 1 && !CHINESE_LEAD_IN.test(part.text.replace(/[：:，,\s]+$/u, '')));
  // After the lead-ins are left out: 「经辐照处理后…的步骤」 of 「所述的制备方法还包括经辐照处理后…的步骤」 would read as one (「…步骤：」).
  const firstPart = parts.find((part) => !part.preamble);
  if (transition && firstPart?.text.startsWith(transition) && firstPart.text.length > transition.length + 1) firstPart.text = firstPart.text.slice(transition.length);
  return parts;
}

// ---------------------------------------------------------------------------------------

/** The invention (a claim or free text) cut into elements; more than MAX_ELEMENTS are merged into the last. */
export function cutElements(subjectMatter: string, automatic: boolean): Element[] {
  let parts: Part[];
  if (!automatic) {
    parts = subjectMatter.split(/\r?\n/).map((line) => ({ text: line }));
  } else {
    const text = clean(subjectMatter);
    const language = detectLanguage(text);
    parts = language === 'ja' ? cutJapanese(text) : language === 'zh' ? cutChinese(text) : cutEnglish(text);
    // Nothing recognisable: sentences of the text.
    if (parts.length === 0) parts = text.split(/(?<=[。.;；])\s*/).map((sentence) => ({ text: sentence }));
  }
  // A line typed by hand may start with its number (「1. 筐体」); a part cut from a claim starts where the claim
  // does, and 「0.3～0.5质量份的…」 is an amount, not a claim number.
  const texts = parts.map((part) => ({ ...part, text: automatic ? part.text.replace(/\s+/g, ' ').trim() : clean(part.text) })).filter((part) => tidy([part.text]).length > 0);
  const elements = texts.map((part, index) => ({ id: index + 1, text: tidy([part.text])[0]!.slice(0, MAX_ELEMENT_LENGTH), ...(part.preamble && { preamble: true }), ...(part.subject && { subject: true }) }));
  if (elements.length <= MAX_ELEMENTS) return elements;
  const kept = elements.slice(0, MAX_ELEMENTS - 1);
  // Joined as the claim joins its clauses: a space in Japanese read as the gazette's line break in a draft.
  const separator = /[\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Han}]/u.test(subjectMatter) ? '、' : '; ';
  const merged = elements.slice(MAX_ELEMENTS - 1).map((element) => element.text).join(separator);
  return [...kept, { id: MAX_ELEMENTS, text: merged.slice(0, MAX_ELEMENT_LENGTH) }];
}
