// Parts a Japanese claim lists with 及び／並びに instead of 「と、」: 「プロジェクタ及びスクリーンを備える」
// (JP2014191217A), 「基材層、中間層及び粘着層を有する」 (JP2011132392A). An attorney compares each part as
// with 「プロジェクタと、スクリーンとを備える」; but 及び also joins what is one element: 「第１および第２の駆動体」
// (one name, its ordinals joined), 「前記主溝によって区分されるセンター陸及びショルダー陸」 (a modifier said of
// both), 「正極及び負極の集電体」, 「Ａ成分及びＢ成分の少なくとも一方」 (a head said of both). Those stay whole.

import { topLevel } from '../patents/claim-text.ts';

const NOUN = '[\\p{Script=Han}\\p{Script=Katakana}ー・Ａ-Ｚａ-ｚ０-９A-Za-z0-9（）()]';
const NUMERAL = '[０-９0-9一二三四五六七八九十]';
/** A quantity said of its own part (「少なくとも１つの硬化性モノマー」, 「複数の」), not a modifier shared with the next. */
const QUANTITY = new RegExp(`^(?:少なくとも)?(?:${NUMERAL}+(?:つ|個|枚|本|種)(?:以上)?の|複数の|一対の|一つの)`, 'u');
const REFERENT = /^(?:前記|上記|該|当該)/u;
/** A part's bare name: nouns, possibly with owners (「塗液の液溜め部」, 「第１のソース電極」); a kana between kanji is theirs (溜め). */
const NAME_CHAR = `(?:${NOUN}|(?<=\\p{Script=Han})[めけりしきえみ](?=\\p{Script=Han}))`;
const BARE_NAME = new RegExp(`^(?:${NAME_CHAR}+の)*${NAME_CHAR}+$`, 'u');
/** An ordinal or a number alone is no part: 「第１及び第２の電極」 names two electrodes in one phrase. */
const ORDINAL = new RegExp(`^第?${NUMERAL}+$`, 'u');
/** The words of a list of alternatives or of a group (「及び／又は」, 「及びこれらの組み合わせ」): not parts. */
const NOT_A_LIST = /(?:及び|並びに|および|ならびに)、?(?:[／/]|これら|その|それら)|又は|または|若しくは|もしくは|或いは|あるいは|のいずれか|の何れか|の少なくとも|の一方|の両方|のうち/u;

/** The part without its referent and quantity: what is left to read as a name. */
const core = (part: string): string => part.replace(REFERENT, '').replace(QUANTITY, '');

/** Whether `text` refers back to the part `name` (「前記活物質」 for 「リチウム金属酸化物活物質」), not to another of the same ending (「前記非位相差画素データ」). */
function namedAgain(name: string, text: string): boolean {
  for (let from = 0; from <= name.length - 2; from++) {
    if (new RegExp(`(?:前記|上記|該|当該)${name.slice(from).replace(/[()（）]/gu, '\\$&')}(?!${NOUN})`, 'u').test(text)) return true;
  }
  return false;
}

/**
 * The text cut where `joiner` matches outside brackets: the pieces between, each with the first `kept` characters of the
 * joiner after it (a step keeps its name: 「…工程」 of 「…工程、及び」), and the joiners.
 */
function cutAtTopLevel(text: string, joiner: RegExp, kept: (joiner: string) => number = () => 0): { pieces: string[]; joiners: string[] } {
  const pieces: string[] = [];
  const joiners: string[] = [];
  const top = topLevel(text);
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    if (!top[i]) continue;
    const word = joiner.exec(text.slice(i))?.[0];
    if (!word) continue;
    joiners.push(word);
    pieces.push(text.slice(start, i + kept(word)));
    start = i + word.length;
    i = start - 1;
  }
  pieces.push(text.slice(start));
  return { pieces, joiners };
}

const AND = /及び|並びに|および|ならびに/u;
const CONJUNCT_JOINER = /^(?:、?(?:及び|並びに|および|ならびに)、?|、)/u;

/** The list cut at 「、」 and at 及び／並びに outside parentheses, when 及び／並びに joins it. */
function conjuncts(text: string): string[] | null {
  const { pieces, joiners } = cutAtTopLevel(text, CONJUNCT_JOINER);
  const parts = pieces.map((piece, i) => (i < pieces.length - 1 ? piece.replace(/、$/u, '') : piece));
  return joiners.some((word) => AND.test(word)) && parts.every((part) => part.trim()) ? parts.map((part) => part.trim()) : null;
}

/**
 * A listed element that joins parts with 及び／並びに, cut into those parts; otherwise the element.
 * Every part before the last is a bare name; the last is one too, or is a part of its own because
 * its modifier names an earlier part (「正極、負極、および前記正極と負極との間に配置されたセパレータ」,
 * 「リチウム金属酸化物活物質及び前記活物質の表面に位置するコーティング層」). Owners (「Xの」) must not be
 * shareable: an owner on the first name only (「ラボグロウンダイヤモンドの流通、交換取引市場及び決済システム」)
 * or on the last only (「正極及び負極の集電体」) may be said of every name; so the names have as many owners each, or a
 * name without one opens on the owner's word (「塗液の液溜め部及び塗液吐出部」).
 */
export function splitConjoinedParts(element: string): string[] {
  if (NOT_A_LIST.test(element)) return [element];
  const parts = conjuncts(element);
  if (!parts || parts.length < 2) return [element];
  const names = parts.map(core);
  const last = names.length - 1;
  if (names.some((name) => ORDINAL.test(name))) return [element];
  if (!names.slice(0, last).every((name) => BARE_NAME.test(name))) return [element];
  if (!BARE_NAME.test(names[last]!)) {
    // A modified last part: its own when it names an earlier part (「前記活物質の表面に位置する」), else the modifier may be said
    // of all (「前記位相差画素データ及び前記非位相差画素データに対して共用されるＡ／Ｄ変換器」, JP6976480B2), and a verb
    // with its object (「長手方向および前記長手方向に直交する幅方向を有する基材」, JP2014159137A) takes the list as the object.
    const modifier = parts[last]!.replace(new RegExp(`${NOUN}+$`, 'u'), '');
    if (!new RegExp(`${NOUN}$`, 'u').test(names[last]!) || /を/u.test(modifier) || !names.slice(0, last).some((name) => namedAgain(name, modifier))) return [element];
  } else {
    // Parallel names (「第１のソース電極及び第１のドレイン電極」) have as many owners each; 「前記第１のソース電極及び前記第１の
    // ドレイン電極上の第２の酸化物層」 (JP2014143408A) does not: the layer lies on both electrodes. A name without the owner
    // that opens on the owner's word names it itself, so the owner is no one's but its name's: 「塗液の液溜め部及び塗液吐出部」
    // (JP2010051953A) lists the coater's two parts, 塗液吐出部 not being 「塗液の塗液吐出部」.
    const owners = (name: string): number => name.split('の').length - 1;
    const most = Math.max(...names.map(owners));
    const ownerWords = names.filter((name) => owners(name) === most).map((name) => name.split('の')[0]!);
    const ownsItself = (name: string): boolean => owners(name) === 0 && ownerWords.every((word) => word.length >= 2 && name.length > word.length && name.startsWith(word));
    if (names.some((name) => owners(name) !== most && !ownsItself(name))) return [element];
  }
  return parts;
}

// Steps listed with 及び／並びに (「…を得るステップ、…を製造するステップ、…水洗するステップ、及び…を施すステップ、を含む」,
// JP2021086834A claim 5): one element per step, as 「…工程と、…工程と、を含む」 is cut. A step may hold 「、」 of its own
// (「…反応させて、…を形成する工程」), so the list is cut only after a step's name. Steps listed with 「、」 alone (「…を加熱溶融し、
// …を得る工程、…工程、…工程を含むこと」, JP2019194339A) are cut too where the list reader says where the first step opens
// (`commaOnly`, elements-japanese-list.ts); then no step is a bare name, the last neither.
const STEP = '(?:工程|ステップ|段階|手順)';
const STEP_JOINER = new RegExp(`^${STEP}(?:、?(?:及び|および|並びに|ならびに)、?|、)`, 'u');
const STEP_NAME = new RegExp(`^${STEP}`, 'u');
const STEP_END = new RegExp(`${STEP}、?$`, 'u');
/** A step referred back to by what it does, with no object or place of its own: 「前記フェッチするステップ」, 「前記加熱する工程」. */
const STEP_AGAIN = new RegExp(`^(?:前記|上記|該|当該)[^をにでとがへ、]*${STEP}$`, 'u');
const ALTERNATIVE = /^(?:又は|または|若しくは|もしくは|或いは|あるいは)/u;

/** A list of steps cut into its steps; otherwise the element. Each step ends on its name; all but the last say what is done (not 「前記Ａ工程及び前記Ｂ工程を繰り返す工程」). */
export function splitListedSteps(element: string, commaOnly = false): string[] {
  const { pieces, joiners } = cutAtTopLevel(element, STEP_JOINER, (joiner) => STEP_NAME.exec(joiner)![0].length);
  const joined = joiners.some((word) => AND.test(word));
  const parts = pieces.map((step, i) => (i < pieces.length - 1 ? step : step.replace(/、$/u, '')).trim()).filter(Boolean);
  if (!(joined || commaOnly) || parts.length < 2 || !parts.every((step) => STEP_END.test(step)) || parts.some((step) => ALTERNATIVE.test(step))) return [element];
  if ((joined ? parts.slice(0, -1) : parts).some((step) => BARE_NAME.test(core(step)))) return [element];
  // With 「、」 alone a step named again (「前記フェッチするステップ、前記処理するステップを並列に行うステップ」) is no new step.
  if (!joined && parts.slice(0, -1).some((step) => STEP_AGAIN.test(step))) return [element];
  return parts;
}
