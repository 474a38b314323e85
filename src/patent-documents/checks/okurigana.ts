// 送り仮名 variants for the notation check (notation.ts): one word written with different
// okurigana in one document — 取り付け/取付け/取付, 組み合わせ/組合せ, 読み出し/読出し.
//
// A word is a unit of the segmenter's content tokens (nouns, verbs — with a compound verb's second
// one, which it tags 非自立: 隣り|合う, 巻き|出し —, prefixes) from a kanji up to its last okurigana
// before a particle, auxiliary or kana-initial token, so 取り付け部材 and 取り付けた give 取り付け (a
// past き after a noun is its 連用形 cut short: 切欠|き, 貼付|き). Two units are spellings of one word when, kanji for kanji, they write the same kanji
// (and katakana) and at each kanji the okurigana of one is the other's or an end of it
// (押さ[え]/押[え], 取[り]/取, 付[け]/付), and they are used alike: both as nouns (a particle, a
// comma or nothing after) or both as verbs (an auxiliary, て or an adjective suffix after — 引き上げ易い,
// which the segmenter tags a noun — or the dictionary form).
// What is not a variant:
//  - a conjugation (取り付け/取り付ける): the last okurigana differ otherwise than by a dropped
//    part; a verb and a noun (取り付ける/取付部): used differently;
//  - different words sharing kanji (上げ/上がり, 基づく/基づき): okurigana between two kanji are a
//    連用形 ending (り, け, わせ…), so 基づく変動/基づき変動 and 引き込める範囲/引込範囲 are two words;
//  - a Sino-Japanese word and a kun compound with its kanji (置換/置き換え, 重合/重ね合わせ,
//    指示/指し示し, 貼付/貼り付け): the segmenter has no reading to tell them apart, but it knows
//    the former as a サ変 noun, so a kanji-only spelling that is one サ変 noun is never a variant
//    (割当/割り当て, which it tags so too, is lost with them);
//  - the compound-noun convention (取付部材 beside 取り付け部材): a unit ends at its last okurigana, so
//    取り付け|部材 is read as 取り付け; a kanji-only compound is only compared with itself.
// The segmenter runs only over the CJK runs that hold a pair of kanji the document joins with
// different okurigana (取り付/取付), then over those that hold a spelling found: a document
// consistent in its okurigana costs a scan of its text.
//
// Chosen on half A of bench/drafting-checks.ts (2026-11-29; findings per JP gazette, each list read):
// comparing a compound with the okurigana at its junction dropped (取付部材/取り付け部材, 割込処理/
// 割り込み処理) gave 0.87 instead of 0.66, the 30 added mostly the convention (払出装置 beside
// 払い出しを) or other words (押下/押し下げ, 揺動/揺れ動き): not compared. A final okurigana dropped
// (払出し/払出) counts only before a particle (0.78 → 0.76: 延出し、 is 延出する's 連用形). One finding
// a word, not one a compound (大当り図柄, 大当り判定…: 0.94 → 0.81), the word being its token
// (確変|大当り). Particles between kanji (部材に固定) are no okurigana: the runs segmented halved.
// A 連用形 before 易い/難い/やすい/にくい read as a verb (half B's 引上げの beside 引き上げ易い): half A
// 0.83 → 0.84 okurigana findings per document, none lost, one gained (取出し難く beside 取り出した).
// One finding a word, its noun and its verb's forms together (切り替え/切替え with 切り替える/切替える,
// named by the most-used pair, the main spelling's uses summed, the other spellings listed): 0.84 →
// 0.72 (114 → 98: 29 findings became 13, each read: one verb — 払い出す, 打ち込む, 受け入れる, 切り替える…).
// The second verb of a compound and the past き joined (planted slips 隣り合う → 隣合う, 巻き出し → 巻出し,
// 切り欠き → 切欠き were missed): planted found 68.4 → 84.2 % (26 → 32 of 38), findings unchanged, once
// 延出 (延出する, unknown to the segmenter, beside 延び出し: two words) is set apart and 得る is a light verb
// (払い出し得る). Still missed: compounds (滑り角 → 滑角, 絞り値 → 絞値: the convention, not compared),
// the segmenter's 組合|わ|さ|れ, and plants that make another word (当たり時 → 当時).
// Half B, read once at the end: 0.65 findings per document; of the first 30, 30 one word written two
// ways (切り替る ×9 for 切り替わる, and 切り替っ/切り替わっ apart from it: っ and ん have no row); the
// 31st paired that 切り替る with the transitive 切り替える (and made byStyle fail: one style), so
// spellings of one style are no pair (0.65 → 0.64; half A unchanged).
import { japaneseMorphology, type Morpheme } from '../../patents/analysis/index.ts';

export interface OkuriganaUse<P> {
  written: string;
  places: P[];
}

/** The last kana of a 連用形 (取り, 付け, 合わせ, 込み): okurigana between two kanji end in one. */
const RENYO = /[いきぎしじちにひびみりえけげせぜてでねべめれ]$/u;
const HAN = /\p{Script=Han}/u;
const HIRAGANA = /^[\u3041-\u3096]$/u;
/** Particles and て-forms between two kanji (部材に固定, 前に記載, 接続して表示): never okurigana in a word here. */
const NOT_OKURIGANA = new Set(['に', 'で', 'て', 'して', 'って', 'いて', 'えて']);
/** Kanji (the BMP blocks and 々), hiragana: as \\p{Script=Han} and HIRAGANA, by code. */
const isHan = (code: number) => (code >= 0x4e00 && code <= 0x9fff) || (code >= 0x3400 && code <= 0x4dbf) || (code >= 0xf900 && code <= 0xfaff) || code === 0x3005;
const isHiragana = (code: number) => code >= 0x3041 && code <= 0x3096;
const PAIR_WITH_KANA = /(\p{Script=Han})[\u3041-\u3096]{0,2}(?=(\p{Script=Han}))/gu;
const CJK_RUN = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}ー]+/gu;
/** Verbs that make a verb of a noun or help another: 処理し is 処理 used as a verb, not a spelling of it. */
const LIGHT_VERBS = new Set(['する', 'できる', 'なる', 'ある', 'いる', 'れる', 'られる', 'せる', 'させる', 'おる', 'くる', 'いく', '得る']);
/** サ変 verbs the segmenter does not know (延出し, 延出する: not 延び出し, a kun compound of its kanji). */
const SINO_JAPANESE_VERBS = /延出/u;
/** Adjectives made of a verb's 連用形 (引き上げ易い, 取り付けにくい): the segmenter reads the 連用形 as a noun. */
const ADJECTIVE_SUFFIXES = new Set(['易い', 'やすい', '難い', 'にくい', 'づらい', '辛い']);

type Use = 'noun' | 'verb';

/** A unit split at its kanji: the skeleton (kanji and katakana) and the kana after each of its characters. */
interface Unit {
  written: string;
  skeleton: string;
  kana: string[];
  use: Use;
  /** One サ変 noun written in kanji only (置換, 重合). */
  sinoJapanese: boolean;
  /** Skeleton indices where a token starts (確変|大当り): a word's part of a compound. */
  starts: Set<number>;
  /** A particle after it (払出しを): a noun for sure, where 延出し、 may be 延出する's 連用形. */
  beforeParticle: boolean;
}

const isContent = (token: Morpheme) =>
  (token.pos === '名詞' && !['非自立', '代名詞', '数'].includes(token.pos_detail_1)) || (token.pos === '動詞' && (token.pos_detail_1 !== '非自立' || HAN.test(token.surface_form[0]!)) && !LIGHT_VERBS.has(token.basic_form)) || token.pos === '接頭詞';

function unitOf(tokens: Morpheme[], next: Morpheme | undefined): Unit | null {
  const written = tokens.map((token) => token.surface_form).join('');
  let skeleton = '';
  const kana: string[] = [];
  const starts = new Set<number>();
  let skeletonLength = 0;
  for (const token of tokens) {
    starts.add(skeletonLength);
    for (const character of token.surface_form) if (!HIRAGANA.test(character)) skeletonLength++;
  }
  for (const character of written) {
    if (HIRAGANA.test(character)) {
      if (kana.length === 0) return null;
      kana[kana.length - 1] += character;
    } else {
      skeleton += character;
      kana.push('');
    }
  }
  const last = tokens.at(-1)!;
  // A kanji end before a verb or noun in kana is a word the segmenter cut short (張り出|し, 延出|し).
  if (kana.at(-1) === '' && next !== undefined && next.pos !== '助詞' && next.pos !== '記号') return null;
  const verbal = next !== undefined && (next.pos === '助動詞' || next.pos === '動詞' || (next.pos === '助詞' && next.pos_detail_1 === '接続助詞') || (next.pos === '形容詞' && ADJECTIVE_SUFFIXES.has(next.basic_form)));
  const use: Use = verbal || (last.pos === '動詞' && /[うくぐすつぬぶむる]$/u.test(written)) ? 'verb' : 'noun';
  const sinoJapanese = tokens.length === 1 && last.pos_detail_1 === 'サ変接続' && !/[\u3041-\u3096]/u.test(written);
  const beforeParticle = next?.pos === '助詞' && next.pos_detail_1 !== '接続助詞';
  return { written, skeleton, kana, use, sinoJapanese, starts, beforeParticle };
}

/**
 * Where two units of one skeleton and use write one word with different okurigana (see the head
 * comment): the span of skeleton characters that differ, widened to the kanji before them that
 * carry no okurigana in either (大当[た]り: 大当) and after them to the word's end (取[り]付け), or null.
 */
function difference(a: Unit, b: Unit): [number, number] | null {
  if (a.written === b.written || a.sinoJapanese || b.sinoJapanese || SINO_JAPANESE_VERBS.test(a.written) || SINO_JAPANESE_VERBS.test(b.written)) return null;
  const last = a.kana.length - 1;
  let first = -1;
  let end = -1;
  for (let i = 0; i <= last; i++) {
    const [x, y] = [a.kana[i]!, b.kana[i]!];
    if (x === y) continue;
    const [shorter, longer] = x.length < y.length ? [x, y] : [y, x];
    if (!longer.endsWith(shorter)) return null;
    if (i < last) {
      if (!RENYO.test(longer) || longer.length > 2 || NOT_OKURIGANA.has(longer)) return null;
    } else if (shorter === '' && (a.use === 'verb' || longer.length > 1 || !RENYO.test(longer) || !a.beforeParticle || !b.beforeParticle)) return null;
    if (first < 0) first = i;
    end = i;
  }
  const skeleton = [...a.skeleton];
  // Okurigana dropped inside a compound verb (取[り]付け): the word runs on to the next kanji's okurigana.
  if ((a.kana[end] === '' || b.kana[end] === '') && end < last && (a.kana[end + 1] !== '' || b.kana[end + 1] !== '')) end++;
  // Back to the word's start: the kanji of its token (確変|大当), a verb's 連用形 (押し|込み).
  const starts = (i: number) => a.starts.has(i) && b.starts.has(i);
  while (first > 0 && !starts(first) && a.kana[first - 1] === b.kana[first - 1] && (a.kana[first - 1] === '' || RENYO.test(a.kana[first - 1]!)) && HAN.test(skeleton[first - 1]!)) first--;
  // A word of one kanji (当たり/当り: a hit, or per) is too often two words.
  return end > first ? [first, end] : null;
}

/** A unit's characters from skeleton index first to last, with the okurigana after each. */
const part = (unit: Unit, [first, last]: [number, number]) => [...unit.skeleton].slice(first, last + 1).map((character, k) => character + unit.kana[first + k]).join('');

/** The document's texts with their places, as the notation check reads them. */
export type Texts<P> = Array<[text: string, place: P]>;

/** Kanji pairs the texts join with more than one okurigana (取り付/取付, 組み合/組合): the places worth segmenting. */
function livePairs<P>(texts: Texts<P>): Set<string> {
  // One pass of character codes (the editor runs the check on each change; a regex pass cost ~3× more).
  const joints = new Map<string, Set<string>>();
  const adjacent = new Set<string>();
  for (const [text] of texts) {
    for (let i = 0; i < text.length - 1; i++) {
      if (!isHan(text.charCodeAt(i))) continue;
      let j = i + 1;
      while (j < text.length && j - i <= 3 && isHiragana(text.charCodeAt(j))) j++;
      if (j === text.length || !isHan(text.charCodeAt(j))) continue;
      const pair = text[i]! + text[j]!;
      if (j === i + 1) adjacent.add(pair);
      else if (j - i <= 3) {
        const kana = text.slice(i + 1, j);
        if (RENYO.test(kana) && !NOT_OKURIGANA.has(kana)) joints.set(pair, (joints.get(pair) ?? new Set()).add(kana));
      }
    }
  }
  return new Set([...joints].filter(([pair, kana]) => kana.size > 1 || adjacent.has(pair)).map(([pair]) => pair));
}

/** Spellings of one word with different okurigana, as groups of the spellings the document uses. */
export async function okuriganaGroups<P>(texts: Texts<P>): Promise<Array<Array<OkuriganaUse<P>>>> {
  const live = livePairs(texts);
  if (live.size === 0) return [];
  const wanted = { test: (text: string) => [...text.matchAll(PAIR_WITH_KANA)].some((match) => live.has(match[1]! + match[2]!)) };
  const segmenter = await japaneseMorphology();
  const uses = new Map<string, { unit: Unit; places: P[] }>();
  const units = new Map<string, Unit[]>();
  const tokenized = new Map<string, Morpheme[]>();
  const read = new Set<string>();
  const readRuns = (wanted: (run: string) => boolean) => {
    for (const [t, [text, place]] of texts.entries()) {
      for (const run of text.matchAll(CJK_RUN)) {
        if (read.has(`${t} ${run.index}`) || !wanted(run[0])) continue;
        read.add(`${t} ${run.index}`);
        // A space inside a word (a gazette's line break, 切り 欠き): the units at that end are pieces.
        const [open, close] = [/\s/u.test(text[run.index - 1] ?? ''), /\s/u.test(text[run.index + run[0].length] ?? '')];
        const tokens = tokenized.get(run[0]) ?? segmenter.tokenize(run[0]);
        tokenized.set(run[0], tokens);
        for (let k = 0; k < tokens.length; k++) {
          if (!isContent(tokens[k]!) || !HAN.test(tokens[k]!.surface_form[0]!)) continue;
          let end = k;
          // A verb in its dictionary form ends a unit (含む|組合せ, 示す|当り判定).
          while (end + 1 < tokens.length && isContent(tokens[end + 1]!) && !HIRAGANA.test(tokens[end + 1]!.surface_form[0]!) && !(tokens[end]!.pos === '動詞' && tokens[end]!.surface_form === tokens[end]!.basic_form)) end++;
          // A compound noun is read up to its last okurigana (取り付け|部材, 大当り|図柄): the nouns after it
          // are other words, and official conventions write the whole without okurigana (取付部材).
          let word = end;
          while (word > k && !/[\u3041-\u3096]/u.test(tokens[word]!.surface_form)) word--;
          if (word === k && !/[\u3041-\u3096]/u.test(tokens[k]!.surface_form)) word = end;
          // 切欠|き, 貼付|き: the segmenter's classical past き after a noun is the okurigana of a 連用形.
          if (tokens[word + 1]?.pos === '助動詞' && tokens[word + 1]!.surface_form === 'き' && HAN.test(tokens[word]!.surface_form.at(-1)!)) end = Math.max(end, ++word);
          const unit = unitOf(tokens.slice(k, word + 1), tokens[word + 1]);
          const piece = (open && k === 0) || (close && word === tokens.length - 1);
          k = end;
          if (piece || !unit) continue;
          const key = `${unit.use} ${unit.written}`;
          const known = uses.get(key);
          if (known) known.places.push(place);
          else {
            uses.set(key, { unit, places: [place] });
            units.set(`${unit.use} ${unit.skeleton}`, [...(units.get(`${unit.use} ${unit.skeleton}`) ?? []), unit]);
          }
        }
      }
    }
  };
  const pairs = () => [...units.values()].flatMap((sameUse) => sameUse.flatMap((a, i) => sameUse.slice(i + 1).flatMap((b) => {
    const span = difference(a, b);
    // Spellings of one style differ in their inflected kana (切り替る for 切り替わる, 切り替える): two verbs.
    return span && shape(part(a, span)).style !== shape(part(b, span)).style ? [{ a, b, span }] : [];
  })));
  readRuns((run) => wanted.test(run));
  // The other places of the spellings found (大当たり alone, where only 大当たり図柄 beside 大当り図柄 was read).
  const found = [...new Set(pairs().flatMap(({ a, b }) => [a.written, b.written]))];
  if (found.length === 0) return [];
  readRuns((run) => found.some((written) => run.includes(written)));
  // One finding a word: the part of each unit that differs (大当り/大当たり of 大当り図柄, 大当たり判定…),
  // by the row of its last kana, an ichidan verb's る dropped: a noun and the forms of its verb are one
  // (取付け, 取り付け, 取り付ける; 払い出し, 払い出す, 払い出さ), an intransitive another (上げ/上がり).
  const words = new Map<string, Map<string, { written: string; places: P[]; units: Set<Unit> }>>();
  const count = (key: string, unit: Unit, span: [number, number]) => {
    const word = words.get(key) ?? new Map<string, { written: string; places: P[]; units: Set<Unit> }>();
    const written = part(unit, span);
    const spelling = word.get(written) ?? { written, places: [], units: new Set<Unit>() };
    // Its places in either use: a noun and its verb's 連用形 are written alike (取り付けを, 取り付けた).
    for (const use of ['noun', 'verb']) {
      const other = uses.get(`${use} ${unit.written}`);
      if (other && !spelling.units.has(other.unit)) spelling.places.push(...other.places);
      if (other) spelling.units.add(other.unit);
    }
    word.set(written, spelling);
    words.set(key, word);
  };
  for (const { a, b, span } of pairs()) {
    const ending = [a.kana[span[1]]!, b.kana[span[1]]!].sort((x, y) => y.length - x.length)[0]!.replace(ICHIDAN_RU, '$1').slice(-1);
    const key = `${[...a.skeleton].slice(span[0], span[1] + 1).join('')} ${rowOf(ending)}`;
    count(key, a, span);
    count(key, b, span);
  }
  return [...words.values()].map((word) => byStyle([...word.values()].map(({ written, places }) => ({ written, places }))));
}

/** An ichidan verb's dictionary form (取り付ける, 組み合わせる): its 連用形 with る. */
const ICHIDAN_RU = /([いきぎしじちにひびみりえけげせぜてでねべめれ])る$/u;
const ROWS = ['あいうえおわ', 'かきくけこ', 'がぎぐげご', 'さしすせそ', 'ざじずぜぞ', 'たちつてと', 'だぢづでど', 'なにぬねの', 'はひふへほ', 'ばびぶべぼ', 'ぱぴぷぺぽ', 'まみむめも', 'やゆよ', 'らりるれろ'];
/** The row (行) of a kana: the forms of a verb end in one (払い出さ, 払い出し, 払い出す). */
const rowOf = (kana: string) => ROWS.find((row) => row.includes(kana)) ?? kana;

/** A spelling's style, up to its last okurigana's final (inflected) kana, an ichidan る dropped first, and that form. */
function shape(written: string) {
  const last = /[\u3041-\u3096]*$/u.exec(written)![0];
  const stem = last.replace(ICHIDAN_RU, '$1').slice(0, -1);
  return { style: `${written.slice(0, written.length - last.length)}${last === '' ? '∅' : stem}`, form: last.slice(stem.length) };
}

/**
 * A word's spellings as written in each okurigana style (取り付け, 取り付ける: 取り付*; 取付け, 取付ける:
 * 取付*): first the most used style, its uses summed, named by its form of the most-used pair (a form
 * two styles write); then the other styles' spellings, that pair's form first, least used first.
 */
function byStyle<P>(spellings: Array<OkuriganaUse<P>>): Array<OkuriganaUse<P>> {
  const styles = new Map<string, Array<OkuriganaUse<P> & { form: string }>>();
  for (const spelling of spellings) {
    const { style, form } = shape(spelling.written);
    styles.set(style, [...(styles.get(style) ?? []), { ...spelling, form }]);
  }
  const uses = (list: Array<OkuriganaUse<P>>) => list.reduce((n, spelling) => n + spelling.places.length, 0);
  const [main, ...rest] = [...styles.values()].sort((x, y) => uses(y) - uses(x));
  // The most-used pair: a form the main style and another write, the most uses of both.
  const partner = (form: string) => Math.max(0, ...rest.flat().filter((spelling) => spelling.form === form).map((spelling) => spelling.places.length));
  const pairUses = (spelling: OkuriganaUse<P> & { form: string }) => (partner(spelling.form) > 0 ? spelling.places.length + partner(spelling.form) : 0);
  const named = [...main!].sort((x, y) => pairUses(y) - pairUses(x) || y.places.length - x.places.length)[0]!;
  const others = rest.flat().sort((x, y) => Number(x.form !== named.form) - Number(y.form !== named.form) || x.places.length - y.places.length);
  return [{ written: named.written, places: main!.flatMap((spelling) => spelling.places) }, ...others.map(({ written, places }) => ({ written, places }))];
}
