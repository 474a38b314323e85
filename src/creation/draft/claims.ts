// The claim set read as an attorney reads it before drafting: which claims are independent and
// which depend on which (the claim-reference reader of document details), what each claims (its
// subject: 「…を備える電池。」 → 電池, "1. A battery comprising:" → battery), whether it is a
// method, and its elements (the simulation engine's cutter) with the head noun that names a
// component (「正極活物質を含む正極層」 → 正極層) or none for a limitation clause.
import { analyseClaims } from '../../document-details/service.ts';
import { detectLanguage, japaneseMorphology } from '../../patents/analysis/index.ts';
import { liveClaims } from './canceled-claims.ts';
import { cutElements, splitJapaneseList } from '../../priorart/elements.ts';
import { appendedOpening, depthAt, withoutClaimNumber } from '../../patents/claim-text.ts';
import { appendedLines } from './japanese-appended.ts';
import { coordinatedParts } from './coordination.ts';
import { japaneseName, NOUN_END } from './japanese-names.ts';
import { labelledPart, mendedClaim } from './english-typos.ts';
import { isFormulaSymbols, markushParts } from './english-markush.ts';
import { claimedTopic, japaneseMethodName, japaneseSubject, untilSubject } from './japanese-subject.ts';
import { rejoinedElements, wholeClauses, wholeEnglishElements } from './rejoined-elements.ts';
import { trailingOwnSign } from './own-signs.ts';
import { escapeRegExp } from './text.ts';

export type ClaimLanguage = 'ja' | 'en';

export interface ClaimPart {
  /** The element as written in the claim (tidied). */
  text: string;
  /** The component it names (its head noun phrase), or null for a limitation clause ("wherein …", 「…であり」). */
  name: string | null;
  /** The sign the claim gives it (「…プロセッサ（１２０）」 → '120'), when it does. */
  sign?: string;
  /** Named in the preamble ("A brake disk (2) with at least one friction ring (4) …"): the claimed thing's name says it, restated already. */
  inPreamble?: boolean;
  /** The forms a claimed compound may take ("or stereoisomers, and salts thereof"): said of it, no feature of it for the problem. */
  form?: boolean;
}

export interface ReadClaim {
  number: number;
  /** The claim without its number, whitespace normalised. */
  text: string;
  refersTo: number[];
  independent: boolean;
  /** What is claimed: 電池, 電池の製造方法, battery, method for manufacturing a battery. */
  subject: string;
  /** The sign the claim gives the claimed thing (「…公共料金メータ（１００）。」 → '100'), when it does. */
  subjectSign?: string;
  /**
   * The claimed thing as the preamble names it in full, for the title ("simulation device for displaying …"); in Japanese the subject, or
   * for a bare 「方法」 what it is a method of (「アシルウレア変性ポリイソシアネート組成物の製造方法」), which the description says.
   */
  named: string;
  method: boolean;
  language: ClaimLanguage;
  /** The preamble element (「…であって」, "A battery"), '' when none. */
  preamble: string;
  /**
   * What the claim adds, as one clause: a dependent claim without its reference to other claims
   * and without its claimed subject (「前記位置情報は、…情報である」, "the sulfide is Li2S").
   */
  body: string;
  /** What a Japanese claim states after its sentence (formulas, conditions （ａ）…), as the description's lines (japanese-appended.ts). */
  appended?: string[];
  /** Whether the body names its own topic (「前記Aは、…」), or needs the claimed thing as its subject. */
  bodyHasTopic: boolean;
  parts: ClaimPart[];
}

export { cleanClaim } from './canceled-claims.ts';

// ---------------------------------------------------------------------------------------
// Japanese

/**
 * 「請求項１に記載の電池において、」 / 「請求項１乃至３のいずれか一項に記載の電池であって、」 at the start; 「請求項１において、」,
 * 「請求項１乃至請求項３のいずれか一において、」 too (JP2011054946A: left, the description read 「本実施形態において、請求項１において、…」).
 */
export const JA_REFERENCE_OPENING = /^請求項(?:[^、]*?(?:に)?記載(?:の|された)[^、]*?(?:において|であって|に於いて|であり)?|[^、。]{0,30}?(?:において|に於いて|であって))、\s*/;

/** 「AとBと」 at depth 0 (not inside brackets) → [A, B]; a component's name may be two characters (「基板と、」). */
const splitList = (text: string): string[] =>
  splitJapaneseList(text)
    .map((part, i, parts) => (i === parts.length - 1 ? part.replace(/と$/, '') : part).trim())
    .filter(Boolean);

const JA_PREAMBLE = /^(.{4,}?)(?:であって|において|に於いて|における)、/;
/**
 * The last 「…と(、)を備える」 of the claim: the listed components end there (the cutter takes the first 「を含む」, which may be inside an element).
 * 「…通路とを備えていることを特徴とする建築物」 (JP3236365U, JP2017147899A) ends on 「ている」: left after the list, it was
 * read as an element of its own and written 「建築物１は、ている。」. Not 「…置換基を有してもよい…」 (JP2010013354A): a
 * modifier inside an element, whose list it is not.
 */
const JA_LIST_END = /^(.*と)、?を(?:備え|具備し|有し|含み|設け)(?:ており|ている|ていて|てなる|る|た|、)?(?!てもよい|ても良い)/s;

/** 「…ことを特徴とする請求項１に記載の」, 「…、請求項１、２または３に記載の」, 「…請求項１の」: a claim reference before the claimed thing (a RegExp source). */
export const JA_TRAILING_REFERENCE = '(?:(?:こと|事)?、?を特徴とする)?、?請求項(?:[^、。]|、(?=[０-９0-9]|又は|または))*?(?:記載(?:の|した|された)|の)';

/** A piece of the list that begins with the verb of a list (「を有する前記車両取付部材」, 「を備え、前記Ａは、…」): a list ended before it. */
const LIST_VERB = /^を(?:備え|具備し|具備す|有し|有す|含み|含ん|含む|設け)(?:ており|てなり|ている|てなる|る|た|だ)?/;

/**
 * The list's conjuncts, with the lists nested in it read as such. 「車両取付部材であって、…取付部と、…被支持部と、を有する
 * 前記車両取付部材と、」 is one element whose own list is in it; 「…制御装置と、を備え、前記マテリアルハンドリングロボットは、
 * …運搬機能と、…と、を備え」 ended the claim's list at 制御装置 (what follows is a clause of its own, not components, and
 * cut at 「と、」 it left pieces opening on 「を備え、」 that became 「…では、を備え、…」).
 * `clause`: the text after the claim's list when it ended early, '' otherwise.
 */
function nestedLists(pieces: string[]): { conjuncts: string[]; clause: string } {
  const conjuncts: string[] = [];
  let floor = 0;
  for (let i = 0; i < pieces.length; i++) {
    const piece = pieces[i]!;
    if (!LIST_VERB.test(piece)) {
      conjuncts.push(piece);
      continue;
    }
    let opener = -1;
    for (let j = conjuncts.length - 1; j >= floor && opener < 0; j--) if (/であって、/.test(conjuncts[j]!)) opener = j;
    // 「…背面パネル部と、を含んで構成されたシートバックフレームと、」: an element opened without 「であって」 that closes
    // on its name holds the list before it, back to the last element closed (not 「…と、を備える情報処理システムであって、前記ＰＣ装置は、」).
    if (opener < 0 && NOUN_END.test(piece) && !/であって、|[はが]、/.test(piece) && !piece.replace(LIST_VERB, '').startsWith('、')) opener = floor;
    if (opener >= 0 && NOUN_END.test(piece)) {
      conjuncts.push([...conjuncts.splice(opener), piece].join('と、'));
      floor = conjuncts.length;
      continue;
    }
    return { conjuncts, clause: [piece.replace(LIST_VERB, '').replace(/^、/, ''), ...pieces.slice(i + 1)].join('と、') };
  }
  return { conjuncts, clause: '' };
}

/** Elements as the simulation's cutter gives them, with the listed components found at the last 「と、を備える」. */
function japaneseElements(claim: string, subject = ''): Array<{ text: string; preamble?: boolean }> {
  let text = claim.replace(/。\s*$/, '');
  const out: Array<{ text: string; preamble?: boolean }> = [];
  const preamble = JA_PREAMBLE.exec(text);
  if (preamble && !JA_LIST_END.test(preamble[1]!)) {
    out.push({ text: preamble[1]!, preamble: true });
    text = text.slice(preamble[0].length);
  }
  const list = JA_LIST_END.exec(text);
  if (!list || !list[1]!.includes('と、')) return cutElements(claim, true);
  const { conjuncts, clause } = nestedLists(splitList(list[1]!));
  // 「前記溶接対象物は、…を備え、前記溶接自動化装置は、マテリアルハンドリングロボットと、…」: the list is what the claimed thing has, after its own topic.
  const own = subject ? new RegExp(`^(.+)、(?:前記|上記|当該)?${escapeRegExp(subject)}は、`, 'su').exec(conjuncts[0] ?? '') : null;
  if (own && depthAt(conjuncts[0]!, own[0].length) === 0) {
    out.push({ text: own[1]! });
    conjuncts[0] = conjuncts[0]!.slice(own[0].length);
  }
  for (const part of conjuncts) out.push({ text: part });
  // 「AとBとを備えた装置であって、…」 (the Jepson form): what follows the subject is the characterising part.
  const rest = clause
    ? `${clause}と${text.slice(list[1]!.length)}`
    : text
        .slice(list[0].length)
        .replace(/^、/, '')
        .replace(/^[^、]{1,40}?(?:であって|において|に於いて)、/, '');
  for (const clause of rest.split(/(?<=であり|とし|とともに|ており)、/u)) if (clause.trim()) out.push({ text: clause.trim() });
  return out;
}

/**
 * A claim's list punctuation (「（Ａ）…化合物；及び、（Ｂ）…防除剤；を含んでいる」) in a description's sentence: commas, none before its verb.
 * Nor its bullets (「…方法において、 ・操舵角を…点検し（２０２）、 ・前記第１条件が…」 JP2014118145A): a 「・」 opening a clause is no
 * middle dot of a name (心筋・心室), a dash before words no formula's bond.
 */
const commaPunctuation = (text: string): string =>
  text
    .replace(/\s*[；;]\s*(?=を|。|$)/g, '')
    .replace(/\s*[；;]\s*/g, '、')
    .replace(/、(?=、)/g, '')
    .replace(/(^|、)\s*[・･]\s*/g, '$1')
    // 「…ダイヤモンドであって、 −互いに対称的に整列させられる８個の…」 (JP2014133099A): a dash before words (not a formula's 「−Ｏ−」).
    .replace(/(^|、)\s*[−－‐]\s*(?=[\p{Script=Han}\p{Script=Hiragana}])/gu, '$1');

async function readJapanese(text: string, independent: boolean): Promise<{ subject: string; preamble: string; parts: ClaimPart[] }> {
  const subject = await japaneseSubject(text);
  // A note defining a symbol after the subject (「…結晶化ガラス（ＲはＭｇ、…１種以上とする）。」 JP2014094879A) is no element (left, the
  // cutter's last element ran into it: 「…有する結晶化ガラス（ＲがＭｇ、…とする結晶化ガラスを提供する」); the claim restated keeps it.
  // 「請求項１に記載の販促用プラスチック製扇子はトムソン型で…ことで、…」 (JP3211190U): the reference opens the topic, not a clause to its first 「、」.
  const body = untilSubject(independent || claimedTopic(text, subject) ? text : text.replace(JA_REFERENCE_OPENING, ''), subject).replace(
    new RegExp(`(?<=${escapeRegExp(subject)})\\s*[（(][^（）()]*(?:は|とする)[^（）()]*[）)]\\s*。?$`),
    '',
  );
  // A claim opening on the claimed thing as its topic (「…ジュエリー加工設備はトッププレートを含み、…」) is read as one opening on its preamble.
  const topic = claimedTopic(body, subject);
  // 「本発明のインフルエンザ予防製薬装置は、」 (JP2022008730A) says no more than the subject.
  const opening = topic.replace(/は、?$/, '').replace(/^(?:本発明|本考案|この発明)の/, '');
  const claim = independent ? (topic ? `${opening === subject ? '' : `${opening}であって、`}${body.slice(topic.length)}` : body) : `${subject}であって、${body.slice(topic.length)}`;
  const elements = rejoinedElements(japaneseElements(claim, subject).map((element) => ({ ...element, text: wholeClauses(element.text, claim) })), claim);
  const parts: ClaimPart[] = [];
  let preamble = '';
  for (const element of elements) {
    if (element.preamble) {
      preamble = element.text;
      continue;
    }
    // 「かつ、このハンマーのストライキング部に…」 (JP2012127955A), 「ここで、周期的フィードバックレポートが…」 (JP2013543684A): the claim's
    // conjunction joins the element to the one before; said on its own it opened the problem on it (「従来の…では、かつ、…」).
    let piece = element.text.replace(/[。]$/, '').replace(/^[、\s]+|[、\s]+$/g, '').replace(/^(?:かつ|且つ|ここで|しかも|そして)、\s*/, '');
    // 「…開く、公共料金メータ（１００）」 (JP2012247417A): the subject's own sign is no part of what the element says.
    piece = piece.replace(new RegExp(`(?<=${escapeRegExp(subject)})\\s*[（(][０-９0-9]{1,4}[）)]$`), '');
    // 「…ポケット部（５）を設けた使い捨てエプロンを提供する。」 (JP3214781U): what it provides is the claimed thing.
    piece = piece.replace(new RegExp(`(?<=${escapeRegExp(subject)})を提供する$`), '');
    // The cutter leaves the claimed subject after the body verb (「…を備え、前記Aは…である電池」).
    // 「２−アルキル…ピリダジノン誘導体、その光学異性体、…その塩又はその水和物」 (JP2010013354A): the claimed things, named in full.
    if (piece === subject || (subject.includes('その') && piece.endsWith(subject))) continue;
    // 「…９個以上の凸部を含む、加熱式タバコ用カートリッジ」, 「…を維持する、前記被膜」: a comma or 「前記」 may come before it.
    const beforeSubject = piece.endsWith(subject) ? piece.slice(0, -subject.length).replace(/(?:前記|上記|当該)$/, '') : '';
    // 「以下化学式１の化合物及びその塩」 (JP2022514722A), 「…誘導体、…その塩又はその水和物」 (JP2010013354A): the claimed things
    // named in full, no element (written 「…化合物及びそのである。」).
    if (/(?:及び|および|又は|または|、)その$/.test(beforeSubject) && !/[るたいだ]、/.test(beforeSubject)) continue;
    // 「以下化学式１の化合物及びその塩」 (JP2022514722A): an owner before the claimed thing says which it is, no limitation (「以下化学式１のである」).
    if (/^[^、。]*の$/.test(beforeSubject) && !/[るたいだ]/.test(beforeSubject.replace(/の$/, ''))) continue;
    // Not after 「…にして、」: a continuative form does not modify the subject (a verb phrase read as one, 「横倒しに設置する」).
    // Not after 「または」: the subject read is then the last conjunct of the claimed thing's name (「感活性光線性または感放射線性樹脂組成物」).
    if (/[\p{Script=Hiragana}]$|[るたいだうくすつぬぶむ]、$/u.test(beforeSubject) && !/(?:又は|または|もしくは|若しくは|及び|および|並びに|ならびに|或いは|あるいは)$/.test(beforeSubject)) piece = beforeSubject.replace(/、$/, '');
    // 「…を含むことを特徴とする周期的フィードバックレポートを伝送する方法」 (JP2013543684A), 「…ことを特徴とする美容分野向けの」
    // (JP2022533491A): what follows 「を特徴とする」 names the claimed thing, no part of the element.
    piece = piece.replace(/(?:(?:こと|事)、?)?(?:を特徴とする|を特長とする)(?:、?[^、。]{0,40})?$/, '').replace(/、$/, '');
    if (!piece) continue;
    // 「…を含むプロセッサ（１２０）」 (JP2012247417A): the claim's own sign closes the name.
    const own = trailingOwnSign(piece);
    const name = await japaneseName(own.text);
    const coordinated = name && !own.sign ? await coordinatedParts(piece, name) : null;
    parts.push(...(coordinated ?? [{ text: piece, name, ...(own.sign && name && { sign: own.sign }) }]));
  }
  return { subject, preamble, parts };
}

// ---------------------------------------------------------------------------------------
// English

const EN_ARTICLE = /^(?:an?|the|said|one or more|at least one|a plurality of|plural|each of (?:the|said)|each)\s+/i;
const EN_NAME_END = /\s+(?:that|which|whose|configured|shaped|dimensioned|sized|extending|projecting|protruding|surrounding|circumscribing|defining|spaced|secured|fastened|received|housed|arranged|adapted|operable|disposed|positioned|located|provided|formed|mounted|coupled|connected|attached|containing|comprising|including|having|made|for|to|on|in|at|between|within|from|over|under|with|wherein|where|being|is|are|has|have|so|such|by|when|along|around|through|beneath|above|below|behind|adjacent|near|inside|outside|across|against|toward|towards|via|upon|onto|into|about|of the|of said)\b.*$/is;

/** Parts claimed in the plural without an article ("locking arms, provided on the side walls …", US8419462B2): the words before the comma. */
const EN_BARE_PLURAL = /^((?:[a-z][a-z-]*\s+){0,4}[a-z][a-z-]*[^suiy'’\s]s),\s/;

function englishName(text: string): string | null {
  const plural = EN_BARE_PLURAL.exec(text);
  if (plural && !/\b(?:wherein|whereby|is|are|was|were|has|have|and|or|of|for|to|in|on|with|by)\b/i.test(plural[1]!)) return plural[1]!;
  if (!EN_ARTICLE.test(text) || /^(?:wherein|whereby|such that)\b/i.test(text)) return null;
  const name = text
    .replace(EN_ARTICLE, '')
    .replace(EN_ARTICLE, '')
    .replace(EN_NAME_END, '')
    .replace(/,\s*(?:wherein|whereby|the|said|and|a|an|which|where|each)\b.*$|[;:.(].*$/s, '')
    .replace(/,\s*$/, '')
    // A participle taking an object ("… mounting a left segment") ends the name.
    .replace(/\s+\w+ing\s+(?:a|an|the|said|one|two|each)\b.*$/i, '')
    // A trailing adverb ("… combination pivotally mounting") is not part of the name; "assembly" is.
    .replace(/(?:\s+\w+(?:ally|ably|ibly|edly|ively|ately|ntly|ously|arly|fully|ctly|tely))+$/, '')
    .replace(/[\s,;:]+$/, '')
    .trim();
  // Nor "the other one of the pair of contact parts is aligned with …" (US6981898B2, numbered "30 other one"): it points back at a part.
  if (/^(?:step|steps|act|operation|(?:an)?other(?: one)?|one|ones|either|both)$/i.test(name)) return null;
  if (isFormulaSymbols(name)) return null;
  if (!name || name.split(/\s+/).length > 6) return name ? name.split(/\s+/).slice(0, 6).join(' ') : null;
  return name;
}

/** "simulation device for displaying …" → "simulation device"; a method keeps what it is a method of. */
export function englishHead(named: string): string {
  if (/^(?:method|process)\b/i.test(named)) return named;
  return named.replace(/\s+(?:for|of|to|that|which|configured|adapted|shaped|dimensioned|sized|arranged|disposed|positioned|used|in|with|having|capable|comprising|including|selected|represented|according(?!\s+to\s+(?:any\s+(?:one\s+)?of\s+)?claims?\b))\b.*$/i, '').trim() || named;
}

function englishSubject(text: string, independent: boolean): string {
  if (!independent) {
    const match = /^(?:(?:the|a|an)\s+)?(.+?)\s+(?:of|according to|as claimed in|as recited in|as defined in|as set forth in|as in|in accordance with)\s+(?:any\s+(?:one\s+)?of\s+)?claims?\b/i.exec(text);
    if (match) return match[1]!.trim();
  }
  const preamble = /^(.*?)(?:,\s*)?\b(?:comprising|including|consisting|which comprises|that comprises|having|wherein)\b/i.exec(text)?.[1] ?? text.split(/[,:;]/)[0]!;
  return preamble
    .replace(/^(?:an?|the|one or more)\s+/i, '')
    .replace(/,\s*(?:the|said)\s+\w+(?:\s+\w+)?\s*$/i, '')
    .replace(/[,:;.]+$/, '')
    .trim();
}

/** "The battery of claim 1, wherein" / "The method according to any one of claims 1 to 3, further comprising". */
export const EN_REFERENCE_OPENING = /^(?:the|a|an)\s+.+?\s+(?:of|according to|as claimed in|as recited in|as defined in|as set forth in|as in|in accordance with)\s+(?:any\s+(?:one\s+)?of\s+)?claims?\s+[\d\s,\-–ortandhug]+?,?\s+(?=wherein|whereby|further|in which|where|comprising|including|characterized)/i;

function readEnglish(text: string, independent: boolean): { subject: string; preamble: string; parts: ClaimPart[] } {
  const subject = englishSubject(text, independent);
  const body = independent ? text : text.replace(EN_REFERENCE_OPENING, '');
  const parts: ClaimPart[] = [];
  let preamble = '';
  for (const element of wholeEnglishElements(cutElements(body, true), body)) {
    if (element.preamble && independent) {
      preamble = element.text;
      continue;
    }
    const text = element.text.replace(/[.;]$/, '').replace(/^and\s+/i, '').trim();
    if (!text) continue;
    const { text: piece, name } = labelledPart(text, body, subject, englishName) ?? { text, name: englishName(text) };
    const self = name ? selfElement(piece, name, englishHead(subject), subject, parts.length === 0 && !preamble) : undefined;
    if (self === undefined) parts.push({ text: piece, name });
    else if (self) parts.push(self);
  }
  return { subject, preamble, parts: markushParts(parts, englishHead(subject)) };
}

const sameWords = (a: string, b: string): boolean => a.toLowerCase().replace(/\s+/g, ' ').trim() === b.toLowerCase().replace(/\s+/g, ' ').trim();
const SELF_VERB: Record<string, string> = { comprising: 'comprises', including: 'includes', having: 'has', 'consisting of': 'consists of', containing: 'contains' };

/**
 * An element that names the claimed thing itself is no component of it: "(d) an isolated
 * polypeptide comprising …" in a claim to an isolated polypeptide (an alternative of its group),
 * "the wing is bridleless …" in a claim to a ram air inflated wing, or the claim's own opening when
 * it has no transition ("A finger nail tip cover appliance that has …", "The ornamental design for
 * a chair, as shown and described"). What it says of the thing stays, as a limitation ("the
 * isolated polypeptide comprises …"); nothing stays when it says nothing. undefined: not the thing.
 */
function selfElement(text: string, name: string, subject: string, named: string, opening: boolean): ClaimPart | null | undefined {
  const own = name.toLowerCase();
  const thing = subject.toLowerCase();
  const anaphor = /^(?:the|said)\s/i.test(text) && (own === thing || thing.endsWith(` ${own}`));
  const same = own === thing || own === named.toLowerCase() || (opening && own.startsWith(`${thing} `));
  if (!anaphor && !same) return undefined;
  // "the wing is bridleless …" already says it of the thing (the claim's opening does not).
  if (anaphor && !opening) return { text: text.replace(/^said\b/i, 'the'), name: null };
  const lead = String.raw`^(?:\((?:[a-z]|[ivx]+|\d+)\)\s*)?(?:an?|the|said)\s+`;
  // "A compound selected from: …" names the compound, then what it is.
  const head = [subject, named]
    .map((words) => new RegExp(`${lead}${escapeRegExp(words)}\\b\\s*,?\\s*`, 'i').exec(text))
    .find((match) => match && !/^:/.test(text.slice(match[0].length)));
  if (!head) return anaphor ? { text, name: null } : undefined;
  const rest = text
    .slice(head[0].length)
    .replace(/,?\s*as shown(?: and described)?$/i, '')
    .replace(/[\s,;:]+$/, '');
  // Nothing said of it but what its name says ("The ornamental design for a chair, as shown and described").
  if (!rest || /^as (?:shown|described)\b/i.test(rest) || (/^(?:for|of)\s/i.test(rest) && sameWords(`${subject} ${rest}`, named))) return null;
  const the = `the ${subject}`;
  const relative = /^(?:that|which)\s+/i.exec(rest);
  if (relative) return { text: `${the} ${rest.slice(relative[0].length)}`, name: null };
  const verb = /^(comprising|including|having|consisting of|containing)\b\s*[,:]?\s*/i.exec(rest);
  if (verb) return { text: `${the} ${SELF_VERB[verb[1]!.toLowerCase()]} ${rest.slice(verb[0].length)}`, name: null };
  const conforms = /^(?:according|corresponding)\s+to\s+/i.exec(rest);
  if (conforms) return { text: `${the} corresponds to ${rest.slice(conforms[0].length)}`, name: null };
  return { text: `${the} is ${rest}`, name: null };
}

// ---------------------------------------------------------------------------------------

function claimBody(text: string, subject: string, language: ClaimLanguage): string {
  if (language === 'en') {
    return text
      .replace(EN_REFERENCE_OPENING, '')
      .replace(/^(?:wherein|whereby|in which|where)\s+/i, '')
      .replace(/\.\s*$/, '')
      .trim();
  }
  // 「前記Aは、…を含む、請求項１に記載の電池。」: the reference written at the end.
  // 「…請求項１に記載の感活性光線性又は感放射線性樹脂組成物。」 (JP2011180393A): the subject read is the last conjunct of the
  // claimed thing's name, and the reference goes with the whole name (left, the body ended 「…記載の感活性光線性又は」).
  // 「…設けられていることを特徴とする請求項１記載の建築物。」 (JP3236365U): what claims it goes with it too (left, the
  // description read 「…設けられていることを特徴としてもよい」); so does the subject's sign (「…公共料金メータ（１００）。」 JP2012247417A).
  // 「…請求項４に記載した光源装置。」, 「…請求項１のコンピュータ実装方法。」, 「…請求項１、２または３に記載の金属粒子混合分散液。」 are references too.
  // 「…を含む、請求項１に記載の硬化体： ［化学式３］ …」 (JP2017505352A), 「…次の条件式（１）を満足するズームレンズ系。 （１）…」 (JP2012220873A):
  // what follows defines the claim's symbols or conditions, said after its sentence (japanese-appended.ts).
  const opening = appendedOpening(text);
  let body = (opening >= 0 ? text.slice(0, opening).trimEnd() : text)
    .slice(claimedTopic(text, subject).length)
    .replace(JA_REFERENCE_OPENING, '')
    .replace(/。\s*$/, '')
    // 「…を更新する請求項１のコンピュータに実行される方法」 (JP2017208128A), 「…を用いる請求項１記載のアシルウレア変性ポリイソシアネート
    // 組成物を製造する方法」 (JP2011122015A): after a clause, the words between the reference and the subject read name what is
    // claimed too. Not after 「前記」: 「前記請求項１…に記載の車両用ホイールにタイヤが組み付けられたタイヤ・ホイール組立体」
    // (JP2020203578A) opens on its reference, and what follows it is the claim.
    // 「…保持する、請求項１記載の、身体牽引装置。」 (JP2024153521A) has a comma before its subject; 「…請求項２又は３記載の結晶化ガラス
    // （ＲはＭｇ、…から選ばれる１種以上とする）。」 (JP2014094879A) a note after it, which claim 1 restated gives already.
    .replace(new RegExp(`(?:${JA_TRAILING_REFERENCE}(?:[^、。]*?(?:又は|または|もしくは|若しくは))?|(?<=[\\p{Script=Hiragana}）)])${JA_TRAILING_REFERENCE}[^、。]*?)、?${escapeRegExp(subject)}(?:\\s*[（(][０-９0-9Ａ-Ｚａ-ｚA-Za-z，,、′']{1,12}[）)]|[（(][^（）()]*(?:は|とする)[^（）()]*[）)])?(?=。|$)`, 'u'), '');
  // The first sentence ends at a 「。」 outside brackets: 「…ミニゲーム（以下、「複数種類のミニゲーム」という。）を…」 (JP2022101093A) goes on.
  let stop = body.indexOf('。');
  while (stop >= 0 && depthAt(body, stop) > 0) stop = body.indexOf('。', stop + 1);
  const first = stop < 0 ? body : body.slice(0, stop);
  if (first.endsWith(subject) && /[\p{Script=Hiragana}]、?\s*$/u.test(first.slice(0, -subject.length))) {
    // 「…ことを特徴とする内燃機関の圧縮比調整装置」 (JP2017048751A), 「…ことを特徴とする、情報を共有するために用いられるプログラム」:
    // what follows 「を特徴とする」 names the claimed thing, said already. 「…実行される、ことを特徴とする遊技台」 (JP2022101093A) leaves no 「、」.
    body = `${first.slice(0, -subject.length).replace(/、\s*$/, '').replace(/(?:(?:こと|事)、?)?を特徴とする(?:、?[^、。]{0,40})?$/, '').replace(/、\s*$/, '')}${stop < 0 ? '' : body.slice(stop)}`;
  }
  return body.trim();
}

const METHOD = /(?:方法|工程|method|process)$/i;

/** The claims read: numbers, dependencies, subjects and parts. */
export async function readClaims(claims: string[]): Promise<ReadClaim[]> {
  // "1-18. (canceled)" (US20150075015A2, an application as amended) claims nothing: read as claim 1, it titled the draft "1-18. (canceled)".
  const cleaned = liveClaims(claims);
  // The gazette's line breaks (spaces) part the items and formulas a claim appends (「…製造方法。 （ａ）…：１〜２０ （ｂ）…」).
  const spaced = liveClaims(claims, (text) => withoutClaimNumber(text.trim()).trim());
  const analysed = analyseClaims(cleaned.map((text, index) => `${index + 1}. ${text}`));
  const read: ReadClaim[] = [];
  for (const claim of analysed) {
    const language: ClaimLanguage = detectLanguage(claim.text) === 'en' ? 'en' : 'ja';
    let text = language === 'ja' ? commaPunctuation(claim.text) : mendedClaim(claim.text);
    // 「請求項１に記載のリザーバアセンブリにおいて、…スリットである、もの。」 (JP2023534040A, translated word for word): 「もの」 is the
    // thing the claim opens on, named (left, the description read 「…スリットである、ものであってもよい」).
    if (language === 'ja' && /、\s*もの。?$/.test(text)) {
      const thing = await japaneseSubject(text);
      if (thing !== 'もの') text = text.replace(/、\s*もの(。?)$/, `、${thing}$1`);
    }
    const refersTo = claim.refersTo.filter((n) => n < claim.number);
    // 「請求項１に記載の…」 of a claim set pasted without claim 1 is still a dependent claim.
    const independent = refersTo.length === 0 && !(language === 'ja' ? JA_REFERENCE_OPENING : EN_REFERENCE_OPENING).test(text);
    const { subject: named, preamble, parts } = language === 'ja' ? await readJapanese(text, independent) : readEnglish(text, independent);
    const subject = language === 'ja' ? named : englishHead(named);
    const method = METHOD.test(subject) || /^(?:method|process)\b/i.test(subject);
    const body = claimBody(text, subject, language);
    const bodyHasTopic =
      language === 'ja' ? (await japaneseMorphology()).tokenize(body).some((token) => token.pos === '助詞' && token.surface_form === 'は') : true;
    const subjectSign = language === 'ja' ? trailingOwnSign(text.replace(/。\s*$/, '')).sign : undefined;
    // A claim to a bare 「方法」 is named in the description by what it is a method of (the subject stays, as the dependent claims name it).
    const name = language === 'ja' ? ((independent && (await japaneseMethodName(text, subject))) || subject) : named;
    const appended = language === 'ja' ? appendedLines(spaced[claim.number - 1] ?? '').map(commaPunctuation) : [];
    read.push({ number: claim.number, text, refersTo, independent, subject, named: name, method, language, preamble, body, bodyHasTopic, parts, ...(subjectSign && { subjectSign }), ...(appended.length && { appended }) });
  }
  return read;
}
