// Japanese clause forms for the description: a claim's clause as a sentence ends (「…であり」 → 「…である」), cut where
// a sentence may end, a past modifier said as a state, and a dependent claim's addition as an option (「…であってもよい」).
import { depthAt } from '../../patents/claim-text.ts';
import { limitSection } from './text.ts';

/** A clause ending as a sentence can end (「…であり」 → 「…である」, 「…され」 → 「…される」). */
export function terminal(clause: string): string {
  let text = clause.replace(/[、，,\s]+$/, '').replace(/。$/, '');
  text = text.replace(/とともに$/, '').replace(/であり$/, 'である').replace(/(?<=から|て|と)なり$/, 'なる').replace(/ており$/, 'ている').replace(/とし$/, 'とする').replace(/され$/, 'される').replace(/(?<=[^\p{Script=Hiragana}])し$/u, 'する').replace(/を(備え|設け)$/, 'を$1る').replace(/を含み$/, 'を含む');
  if (!/[るたいだうくすつぬぶむ]$/.test(text)) text += 'である';
  return text;
}

/** A clause that can close a sentence when its 「、」 becomes 「。」 (terminal() gives its final form). */
const CLAUSE_END = /(?:である|[すれ]る|ている|であり|ており|てなり|[^\p{Script=Hiragana}]とし|され|られ|[\p{Script=Han}\p{Script=Katakana}]し|を(?:備え|設け|含み))$/u;

/**
 * A sentence longer than `max` (the abstract's 400 characters) cut at its last clause that can end a
 * sentence, ended as one: 「…対向面は…テーパ面であり、上記入力側プーリ体の…規制する入力側摺動規制手段と、…」
 * (JP2010065709A) → 「…テーパ面である。」. Cut at its last comma it ended on a particle (「…入力側摺動規制手段と。」).
 */
export function clauseCut(sentence: string, max: number): string {
  const room = sentence.slice(0, max - 3);
  const ends: number[] = [];
  for (let at = room.lastIndexOf('、'); at > max / 4; at = room.lastIndexOf('、', at - 1)) if (depthAt(room, at) === 0 && CLAUSE_END.test(room.slice(0, at))) ends.push(at);
  // Inside a listed component's modifier only when no clause ends outside one: a sentence still, if not all of the list.
  const at = ends.find((end) => !inListedElement(sentence.slice(end + 1))) ?? ends[0];
  return at === undefined ? limitSection(sentence, max) : `${terminal(room.slice(0, at))}。`;
}

/**
 * Whether what follows a clause goes on to a listed component (「…に接続され、…を出力する消費電力モード選択要求出力手段と、」,
 * JP2010035913A): the clause is then the component's modifier, and a sentence ended there leaves the component out.
 */
function inListedElement(after: string): boolean {
  for (let at = after.indexOf('、'); at >= 0; at = after.indexOf('、', at + 1)) {
    const before = after.slice(0, at);
    if (/[\p{Script=Han}\p{Script=Katakana}ー）)]と$/u.test(before)) return true;
    if (CLAUSE_END.test(before)) return false;
  }
  return false;
}

/** A past modifier as a state (「…に配置された」 → 「…に配置されている」), as a description says what is. */
export const stative = (text: string): string =>
  text
    .replace(/された$/, 'されている')
    .replace(/られた$/, 'られている')
    .replace(/(?<=[^\p{Script=Hiragana}])した$/u, 'している')
    // 「…ポケット部（５）を設けた。」 (JP3214781U) as 「…を設けている。」.
    .replace(/(?<=を[\p{Script=Han}][えけげせてねべめれ])た$/u, 'ている');

/**
 * A modifier ending on a kanji adjective (「…を実行可能な」, 「…と通信可能な」) as what the part is: 「演出手段１０は、複数の演出を実行可能
 * である。」, not 「…実行可能な演出手段である。」 (JP2022101093A), which named it twice. null when a verb's clause modifies the name too
 * (「…接着剤面に被せる剥離可能なシート」, JP2010081946A): said of the adjective alone, the clause would lose its noun.
 */
export const asPredicate = (modifier: string): string | null => (/(?<![るたいうくすつぬぶむだ\p{Script=Han}])\p{Script=Han}+な$/u.test(modifier) ? modifier.slice(0, -1) : null);

/**
 * A modifier that only counts (「少なくとも１つの」, 「複数の」, 「複数本の」) says nothing of what the part is: 「有機ゲル化剤２０は、少なくとも
 * １つの有機ゲル化剤である。」 (JP2014118570A) named it twice and said no more.
 */
export const COUNT_ONLY = /^(?:少なくとも)?(?:[０-９0-9一二三四五六七八九十]+(?:つ|個|本|枚|種|種類)?(?:以上)?|複数(?:本|個|枚|種類)?|一対|１対|多数|単一)の$/;

/** 「…である」 → 「…であってもよい」: what a dependent claim adds, as an option of the embodiment. */
export function optional(clause: string): string {
  const text = terminal(clause);
  const rules: Array<[RegExp, string]> = [
    [/である$/, 'であってもよい'],
    [/されている$/, 'されていてもよい'],
    [/ている$/, 'ていてもよい'],
    [/された$/, 'されていてもよい'],
    [/される$/, 'されてもよい'],
    [/する$/, 'してもよい'],
    [/備える$/, '備えていてもよい'],
    [/有する$/, '有していてもよい'],
    [/含む$/, '含んでいてもよい'],
    [/なる$/, 'なっていてもよい'],
  ];
  for (const [pattern, replacement] of rules) if (pattern.test(text)) return text.replace(pattern, replacement);
  const permitted = permissive(text);
  return permitted ?? `${text}構成であってもよい`;
}

/** Verbs of the lower-one-grade (一段) class written as a kanji and 「る」 (most kanji + 「る」 are 五段: 至る, 入る, 残る). */
const ICHIDAN_KANJI = /(?:出|見|得|経|着|似|煮|居|射|寝)る$/;

/**
 * A clause ending on a verb or an adjective as 「…てもよい」: 「…表示を行う」 → 「…表示を行ってもよい」, 「…より小さい」 →
 * 「…より小さくてもよい」, 「…から選ばれる」 → 「…から選ばれてもよい」, 「…を備えた」 → 「…を備えていてもよい」. Read 「…を行う構成で
 * あってもよい」 (JP2020072396A: 「上記画像読取部材１０は、…画像読み取りを行う構成であってもよい」), which a component is not.
 * null for what has no such form here: a negation (「…影響しない」: 「影響しなくてもよい」 would say it need not), a potential.
 */
function permissive(text: string): string | null {
  // What the claim says may be so already (「…繊維状アルミノケイ酸塩であってよい」, JP2016522298A read 「…であってよい構成であってもよい」).
  if (/[てで]も?(?:よい|良い)$/.test(text)) return text.replace(/([てで])も?(?:よい|良い)$/, '$1もよい');
  // Nor a potential form: 「…発光制御を行い得る」 read 「…行い得てもよい」.
  if (/(?:ない|無い|よい|良い|かった|得る|できる|出来る)$/.test(text)) return null;
  if (/い$/.test(text)) return text.replace(/い$/, 'くてもよい');
  if (/[んい]だ$/.test(text)) return text.replace(/だ$/, 'でいてもよい');
  if (/た$/.test(text)) return text.replace(/た$/, 'ていてもよい');
  if (/す$/.test(text)) return text.replace(/す$/, 'してもよい');
  if (/[うつ]$/.test(text) || /(?:行|い)く$/.test(text)) return text.replace(/.$/, 'ってもよい');
  if (/く$/.test(text)) return text.replace(/く$/, 'いてもよい');
  if (/ぐ$/.test(text)) return text.replace(/ぐ$/, 'いでもよい');
  if (/[むぶぬ]$/.test(text)) return text.replace(/.$/, 'んでもよい');
  if (/くる$/.test(text)) return text.replace(/くる$/, 'きてもよい');
  // 「…られる」, 「…させる」, 「…用いる」, 「…生じる」: 一段, its stem and 「て」; 「…にある」, 「…至る」: 五段, 「って」.
  if (/[えけせてねへめれげぜでべぺいきしちにひみりぎじぢびぴ]る$/.test(text) || ICHIDAN_KANJI.test(text)) return text.replace(/る$/, 'てもよい');
  if (/る$/.test(text)) return text.replace(/る$/, 'ってもよい');
  return null;
}

/** A noun right before a 「と」 (「…送信部と」), not a verb's 「…するとき」 or 「…すると、」. */
const NOUN_AND = /[\p{Script=Han}\p{Script=Katakana}ーＡ-Ｚａ-ｚ０-９A-Za-z0-9）)]と(?!、|を)/u;

/**
 * A claim's list verb after its last 「と、」 in a sentence that lists nothing else: 「…送信部と、を更に備える」 (a dependent claim adding
 * one component in its claim's list style, JP2019206822A) is 「…送信部を更に備える」; 「AとBと、を備える」 is 「AとBとを備える」. A list said
 * 「Aと、Bと、を備える」 (the description's own style) is left as it is.
 */
export function closedLists(text: string): string {
  return text.replace(/[^。\n]+/g, (sentence) =>
    sentence.replace(/と、を/g, (match, at: number) => {
      const before = sentence.slice(0, at);
      if (/と、/.test(before) || depthAt(sentence, at) > 0) return match;
      return NOUN_AND.test(before) ? 'とを' : 'を';
    }),
  );
}

/**
 * A claim's past attributive ending (「…工程とを、備えた芯材の製造方法」, 「…ようにした容器内のガス置換装置」, 「…金属粒子を担持した
 * カーボン」) said in the description's present: what a thing is (「…を備える」, 「…ようにしている」, 「…を用いたものである」), what a
 * method does (「…を一体的に接合する」). Ended as it was, the sentence told a past event (「カーボンは、…金属粒子を担持した。」).
 */
export function presentTense(clause: string, method: boolean): string {
  if (!/た$/.test(clause) || /(?:かっ|なかっ)た$/.test(clause)) return clause;
  const having = clause.replace(/(?<=を、?(?:少なくとも|さらに|更に)?)(?:(備え|設け)た|(具備|有|含有)した|含んだ)$/, (_, be: string, su: string) => (be ? `${be}る` : su ? `${su}する` : '含む'));
  if (having !== clause) return having;
  // A verb of one kanji before 「した」 may be 五段 (示した, 出した): 「示する」 is no word; two kanji (接合した) or a particle (ようにした) are する.
  if (method) return clause.replace(/(?<=[\p{Script=Han}]{2}|[にとく])した$/u, 'する');
  const state = stative(clause).replace(/(?<=[にとく])した$/, 'している');
  return /た$/.test(state) ? `${state}ものである` : state;
}
