// An independent claim said as one sentence of the description (【課題を解決するための手段】, the other claims in the embodiment,
// the abstract): 「本発明に係る電池は、正極層と、…を備える。」, its subject said once and its own topic kept.
import { JA_TRAILING_REFERENCE, type ReadClaim } from './claims.ts';
import { presentTense, terminal } from './japanese-clauses.ts';
import { claimedTopic } from './japanese-subject.ts';
import { statedSentence } from './japanese-appended.ts';
import { escapeRegExp } from './text.ts';

/** A claim reference before the subject (「…を備える、請求項１に記載の」). */
export const TRAILING_REFERENCE = new RegExp(`${JA_TRAILING_REFERENCE}$`);

const VERB_FORMS: Array<[RegExp, string]> = [
  [/を備えた$/, 'を備える'],
  [/を有した$/, 'を有する'],
  [/を具備した$/, 'を具備する'],
  [/を含んだ$/, 'を含む'],
  [/を設けた$/, 'を設ける'],
  [/てなる$/, 'てなる'],
];

/**
 * The subject said once: a sentence whose topic is the claimed thing does not name it again as the
 * topic or subject of its own clause (「組成物は、上記組成物が殺菌剤として作用してもよい」 →
 * 「組成物は、殺菌剤として作用してもよい」, 「撮像光学レンズは、前記撮像光学レンズは、合計で…」,
 * 「…構成部品であって、前記構成部品が、…」), nor as the owner of what follows (「蹴込板固定部材は、
 * 上記蹴込板固定部材の固定具挿通穴が…」 → 「蹴込板固定部材は、固定具挿通穴が…」, as 象は鼻が長い).
 */
export function sayOnce(sentence: string, subject: string): string {
  if (!subject) return sentence;
  const x = escapeRegExp(subject);
  // 「上記撮像光学レンズの焦点距離をｆ、上記第４レンズの焦点距離をｆ４としたときに」 keeps its owner: it names which focal length the symbol is.
  return sentence
    .replace(new RegExp(`(${x}[０-９]*)では、(?:前記|上記|当該)?${x}[０-９]*(?:は、|が、?)`, 'gu'), '$1は、')
    .replace(new RegExp(`(${x}[０-９]*(?:は|では)、)(?:前記|上記|当該)?${x}[０-９]*(?:であって、|は、|が、?|の(?=[\\p{Script=Han}\\p{Script=Katakana}Ａ-Ｚａ-ｚ第])(?![^、。]{0,40}?を[Ａ-Ｚａ-ｚA-Za-z０-９0-9′″（(）)]{1,8}、))`, 'gu'), '$1')
    .replace(new RegExp(`(${x}[０-９]*であって、)(?:前記|上記|当該)${x}[０-９]*(?:は、|が、?)`, 'gu'), '$1');
}

/**
 * 「Xは、…」, or 「Xでは、…」 when what is said has a topic of its own: 「…パターン形成方法は、上記樹脂は、…」 (JP2010164958A), 「…チャネル検出
 * 方法は、前記ネットワークデバイスの指示情報は、…」 (JP2021516888A) had two topics. Not after a name that is no noun (a clause read as the subject).
 */
export const topicOf = (name: string, clause: string): string =>
  `${name}${/[\p{Script=Han}\p{Script=Katakana}ーＡ-Ｚａ-ｚ０-９A-Za-z0-9）)]$/u.test(name) && /^[^、。]*?(?<![でとにへ])は、/.test(clause) ? 'では' : 'は'}、${clause}`;

/** An independent claim as one sentence of the description: 「本発明に係る電池は、正極層と、…を備える。」 */
export function restate(claim: ReadClaim, opening: string): string {
  const subject = claim.subject;
  // 「ジュエリー加工設備はトッププレートを含み、…」 (JP2022008727A): the claim's own topic is the one the sentence opens on.
  // What the claim appends after its sentence (「…である硬化体： ［化学式１］ …」, JP2017505352A) is said after it (japanese-appended.ts).
  const text = statedSentence(claim.text).slice(claimedTopic(claim.text, subject).length);
  // What the description calls it: 「アシルウレア変性ポリイソシアネート組成物の製造方法」 for a claim ending 「…を製造する方法。」 (see japaneseMethodName).
  const name = claim.named;
  // A claim that names its subject and nothing else (「発電機能拡大。」): 「Xは、Xである。」 says nothing; the invention provides it.
  if (text.replace(/[\s、]+$/, '') === subject) return `${opening.replace(/に係る$/, 'は、')}${name}を提供する。`;
  // 「…を含む、放射線硬化性ゲルインク」 (claims translated from English put a comma before the subject);
  // 「…を含んでいる前記組成物」 (a claim translated with 「前記」 before its subject).
  // 「…を含むことを特徴とする請求項１に記載のチャネル検出方法。」 restated as an independent claim (JP2021516888A, pasted without
  // the claim it cites): the reference says nothing in the description.
  const before = text.endsWith(subject) ? text.slice(0, -subject.length).replace(/(?:前記|上記|当該)$/, '').replace(TRAILING_REFERENCE, '').replace(/、\s*$/, '') : '';
  if (before && /[\p{Script=Hiragana}]$/u.test(before)) {
    // 「…ことを特徴とする内燃機関の圧縮比調整装置」 (JP2017048751A): what follows 「を特徴とする」 names the subject, said already.
    // 「…関連する、ことを特徴とするシステム」 (JP2021531712A) leaves no 「、」.
    let body = before.replace(/(?:(?:こと|事)、?)?を特徴とする(?:、?[^、。]{0,40})?$/, '').replace(/、\s*$/, '');
    for (const [pattern, replacement] of VERB_FORMS) body = body.replace(pattern, replacement);
    body = body.replace(/^(.*?)(?:において|に於いて|における)、/, (whole, preamble: string) => (preamble.endsWith(subject) || preamble.endsWith(name) ? `${preamble}であって、` : whole));
    // 「ウエーハの加工方法は、ウエーハの加工方法であって、…」: a preamble that only names the subject is said once.
    for (const said of [subject, name]) if (body.startsWith(`${said}であって、`)) body = body.slice(`${said}であって、`.length);
    // 「…を実現させるためのプログラム」: a claim ending in a modifier that is not a verb reads as 「一態様は、…である」.
    // A closing note (「…合同でない（ただし、…場合を除く）」 JP2015156210A) is after the verb that ends the clause.
    const verbEnd = body.replace(/[（(][^（）()]*[）)]$/, '');
    if (/[るたいだうくすつぬぶむ]$/.test(verbEnd) && !/ための$/.test(verbEnd)) return sayOnce(sayOnce(`${opening}${topicOf(name, `${presentTense(terminal(verbEnd), claim.method)}${body.slice(verbEnd.length)}`)}。`, name), subject);
  }
  // 「二輪車のために自動的にウインカーを戻す方法において、…戻す（２０６）方法。」 (JP2014118145A): a preamble that only names it is said once.
  const own = [subject, name].map((said) => new RegExp(`^${escapeRegExp(said)}(?:であって|において|に於いて)、`).exec(text)?.[0]).find(Boolean);
  return sayOnce(sayOnce(`${opening}${topicOf(name, presentTense(terminal(own ? text.slice(own.length) : text), claim.method))}。`, name), subject);
}
