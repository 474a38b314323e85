// What a Japanese claim claims (its subject: 「…を備える電池。」 → 電池, 「電池の製造方法」), read from the end
// of its first sentence, and the claim cut where it closes on it. Used by the claims reader (claims.ts).
import { japaneseMorphology, type Morpheme } from '../../patents/analysis/index.ts';
import { appendedOpening, depthAt } from '../../patents/claim-text.ts';
import { ATTRIBUTE, trailingCompound } from './japanese-names.ts';
import { escapeRegExp } from './text.ts';

/**
 * Where the text's first sentence ends: its first 「。」 outside brackets (the text's length when none), or the 「：」 closing it on
 * its claimed thing before the formulas that define it (「…の範囲内である硬化体： ［化学式１］ …Ａは、炭素数１〜４のアルキレン基
 * である。」 JP2017505352A, read as the subject アルキレン基).
 */
function firstStop(text: string): number {
  const opening = appendedOpening(text);
  if (opening >= 0 && text[opening] !== '。') return opening;
  for (let at = text.indexOf('。'); at >= 0; at = text.indexOf('。', at + 1)) if (depthAt(text, at) === 0) return at;
  return text.length;
}

/** The claimed thing: the noun compound closing the first sentence (with what a method or apparatus is of), or an act's. */
export async function japaneseSubject(text: string): Promise<string> {
  // 「…である金属粒子。ただし、…。」: the claimed thing ends the first sentence; not one inside the brackets of a formula's
  // symbols (「…［式中、…、は単結合又は二重結合を示す。］で表される…誘導体。」 JP2010013354A, read as the subject 「は単結合…を示す」).
  // A reference sign after it (「…請求項１記載の公共料金メータ（１００）。」) is not part of its name.
  const body = text
    .slice(0, firstStop(text))
    .replace(/[。.]\s*$/, '')
    .replace(/(?:である|であること)$/, '')
    .replace(/(?<=[\p{Script=Han}\p{Script=Katakana}ー])\s*[（(][０-９0-9Ａ-Ｚａ-ｚA-Za-z，,、′']{1,12}[）)]$/u, '')
    // Nor is a note defining a symbol (「…結晶化ガラス（ＲはＭｇ、Ｃａ、Ｓｒ、Ｂａから選ばれる１種以上とする）。」 JP2014094879A).
    .replace(/(?<=[\p{Script=Han}\p{Script=Katakana}ー])\s*[（(][^（）()]*(?:は|とする)[^（）()]*[）)]$/u, '');
  const segmenter = await japaneseMorphology();
  const tail = body.slice(-60);
  const tokens = segmenter.tokenize(tail);
  let { compound, start } = trailingCompound(tokens);
  // 「電池の製造方法」: a method or apparatus of something names that thing too.
  if (compound && /(?:方法|装置|システム|プログラム)$/.test(compound) && compound.length <= 6 && tokens[start - 1]?.surface_form === 'の') {
    const before = trailingCompound(tokens.slice(0, start - 1)).compound;
    // Not the claim reference of 「…、請求項１に記載の半導体装置」.
    if (before && !/(?:記載|項)$/.test(before)) compound = `${before}の${compound}`;
  } else if (compound && tokens[start - 1]?.surface_form === 'の') {
    // 「…ことを特徴とする建築物の補強構造」 (JP2011106202A): the clause before modifies the whole 「AのB」, which is what is
    // claimed (read 補強構造, the description said 「…を特徴とする建築物のである」). Only right after a verb's clause,
    // and not a count (「…を含む２種の化合物」, 「複数の電極」).
    const owner = trailingCompound(tokens.slice(0, start - 1));
    const opener = tokens[owner.start - 1];
    // Not after 「な」: 「…化合物又はその薬学的に許容可能な塩の使用」 (JP2022514722A) is the use of both, not 「塩の使用」.
    // After a claim reference too (「…請求項１に記載の仮想サーバの移動方法決定方法」 JP2010244524A): a dependent claim names what its claim does.
    const lead = tokens.slice(0, owner.start).map((token) => token.surface_form).join('');
    const clauseEnds =
      opener !== undefined && (opener.pos === '動詞' || (opener.pos === '助動詞' && !/^[なだ]$/.test(opener.surface_form)) || opener.surface_form === '、' || /(?:記載の|請求項[^、。]*の)$/.test(lead));
    if (owner.compound && clauseEnds && tokens[owner.start]?.pos_detail_1 !== '数' && !/^(?:複数|多数|一対|各|所定|任意|全|一部|少なくとも|請求項)/.test(owner.compound) && !/(?:記載|項)$/.test(owner.compound))
      compound = `${owner.compound}の${compound}`;
  }
  // 「以下化学式１の化合物及びその塩。」 (JP2022514722A), 「…ピリダジノン誘導体、その光学異性体、薬理学的に許容しうるその塩又はその
  // 水和物。」 (JP2010013354A): the things claimed are the compound and its kin, not the last of them (titled 「塩」, 「水和物」).
  const kin = compound ? new RegExp(`([\\p{Script=Han}\\p{Script=Katakana}ー]{2,}(?:(?:、|及び|および|又は|または|並びに|ならびに)[^、。]{0,15}?その[\\p{Script=Han}\\p{Script=Katakana}ー]+)*(?:、|及び|および|又は|または|並びに|ならびに)[^、。]{0,15}?その${escapeRegExp(compound)})$`, 'u').exec(body) : null;
  if (kin && kin[1]!.length <= 50) return kin[1]!;
  // 「請求項１に記載のリザーバアセンブリにおいて、…スリットである、もの。」, 「非ニコチン電子ベイピング装置であって、…を備える、もの。」
  // (JP2023534040A, translated word for word): the thing is what the claim opens on (read 「もの」, written 「もの１は、」).
  const opening = /(?:^|、)\s*もの$/.test(body) ? /^(?:請求項[^、。]*?記載の)?([^、。]{2,40}?)(?:において|に於いて|であって)、/.exec(text)?.[1] : undefined;
  const opened = opening ? trailingCompound(segmenter.tokenize(opening)).compound : '';
  if (opened) return opened;
  // 「…０．０８ＭＰａ乃至１．２ＭＰａであることを特徴とする靴の中敷き。」 (JP3222705U): IPADIC reads 中敷き as 中 + a verb, no compound;
  // what follows 「を特徴とする」 names it (read before as the last twenty characters, 「２ＭＰａであることを特徴とする靴の中敷き」).
  const characterised = compound ? '' : /を特徴とする\s*(?:請求項[^、。]*?(?:記載(?:の|した|された)|の))?([^、。\s]{1,20})$/.exec(body)?.[1];
  if (characterised) return characterised;
  return compound || (await actSubject(text, body)) || (/[^、，。]{1,20}$/.exec(body)?.[0] ?? body.slice(-20));
}

/**
 * The claimed thing of a claim whose first sentence ends on a verb (malformed claims, utility models): 「…空気の漏れない
 * バンバンスティックを提供する。」 (JP3214154U) claims what it provides; 「…タオルを腰・額等に巻きますがズリ落ちて来ます。…
 * 便利さを特徴とする多機能タオル。」 (JP2011115514A) names it at the end of its last sentence; 「変圧器を二次コイルを上にして、
 * 横倒しに設置する。」 (JP2024125135A) is a way of installing the transformer (read before as the subject 「横倒しに設置する」).
 * '' when none of these.
 */
async function actSubject(text: string, body: string): Promise<string> {
  const segmenter = await japaneseMorphology();
  const compoundOf = (words: string): string => trailingCompound(segmenter.tokenize(words.slice(-60))).compound;
  const topic = await topicSubject(body);
  if (topic) return topic;
  if (/を特徴とする$/.test(body)) return mostNamed(segmenter.tokenize(body));
  const provided = /^(.*)を提供する$/su.exec(body);
  if (provided && compoundOf(provided[1]!)) return compoundOf(provided[1]!);
  // An act first: 「横倒しエンジンを垂直に設置すること。四輪車・…・船舶等。」 (JP2024125258A) lists where, after it.
  const act = /^([^、。]*?)を.*?(\p{Script=Han}{2,})(?:する|すること)$/su.exec(body);
  const object = act ? compoundOf(act[1]!) : '';
  if (object) return `${object}の${act![2]}方法`;
  const last = text.replace(/[。.\s]+$/, '').split('。').at(-1) ?? '';
  return last !== body ? compoundOf(last) : '';
}

/**
 * The thing a claim that ends on a verb opens on as its topic: 「ビッグデータに基づいたジュエリー加工設備はトッププレートを含み、…前記円盤の
 * 右端面に照明が固定設置される。」 (JP2022008727A), 「本発明のインフルエンザ予防製薬装置は、主体部、…を含み、…」 (JP2022008730A), translated
 * word for word, claim what they open on (read before as their last words, 「前記円盤の右端面に照明が固定設置される」). '' when the claim
 * opens otherwise: the topic is its first 「は」, with no 「、」 before it.
 */
async function topicSubject(body: string): Promise<string> {
  const opening = /^[^、。]{2,60}?(?=は)/u.exec(body)?.[0];
  if (!opening) return '';
  const tokens = (await japaneseMorphology()).tokenize(`${opening}は`);
  const topic = tokens.at(-1);
  // The first は must be the particle (not one inside a word or a 「とは」 comparison).
  if (topic?.pos !== '助詞' || topic.surface_form !== 'は' || tokens.at(-2)?.surface_form === 'と') return '';
  if (!trailingCompound(tokens.slice(0, -1)).compound) return '';
  // What the topic names, read as a claimed thing is (「インフルエンザ予防製薬装置の使用方法は、まず、…」 is a method of the apparatus).
  return japaneseSubject(`${opening}。`);
}

/**
 * The thing features close on 「…を特徴とする」 without naming it are of: 「髪をとげ状のピンにからませ…形状を特徴とする 顔の皺も…２本の
 * ピンを合わせ互いに引き合う形状を特徴とする 伸縮するストッパーで段状のすべり止めを特徴とする」 (JP2011067573A) is about its pins, the noun it
 * names most (twice at least; read before as its last twenty characters, 「本発明は、ストッパーで段状のすべり止めを特徴とするに関する。」).
 */
function mostNamed(tokens: Morpheme[]): string {
  const counts = new Map<string, number>();
  for (const token of tokens) {
    if (token.pos === '名詞' && token.pos_detail_1 === '一般' && token.surface_form.length >= 2 && !ATTRIBUTE.test(token.surface_form)) counts.set(token.surface_form, (counts.get(token.surface_form) ?? 0) + 1);
  }
  const [noun, count] = [...counts].reduce((best, entry) => (entry[1] > best[1] ? entry : best), ['', 0]);
  return count >= 2 ? noun : '';
}

/**
 * The topic a claim opens on when it names the claimed thing (「ビッグデータに基づいたジュエリー加工設備は」, 「本発明のインフルエンザ予防
 * 製薬装置は、」, after a reference 「請求項１に記載の販促用プラスチック製扇子は」 JP3211190U): the claim's preamble, no element of it (said
 * again, the description read 「本発明に係るジュエリー加工設備は、ビッグデータに基づいたジュエリー加工設備はトッププレートを…」). '' when none.
 */
export function claimedTopic(text: string, subject: string): string {
  // Only a claim that does not close on its subject: 「…を備える電池。」 is claimed there.
  if (text.slice(0, firstStop(text)).trim().endsWith(subject)) return '';
  return new RegExp(`^(?:請求項[^、。]*?記載(?:の|された|した))?[^、。]{0,40}?${escapeRegExp(subject)}は、?`, 'u').exec(text)?.[0] ?? '';
}

/**
 * The claim up to the 「。」 that closes it on its subject (「…以上であるガラスセラミックス。（式中、Ｒは…とする。）」,
 * 「式（Ｉ）で表される塩。［式（Ｉ）中、…］」): what follows defines the symbols, it adds no element, and
 * read as one the subject and its 「。」 ended up inside the last element.
 */
export function untilSubject(text: string, subject: string): string {
  // A subject the claim does not name (「横倒しエンジンの設置方法」 of 「横倒しエンジンを垂直に設置すること。四輪車・…・船舶等。」,
  // JP2024125258A) was read from its first sentence, which is the claim: what follows is no element of it.
  if (!text.includes(subject)) return text.slice(0, firstStop(text));
  for (let at = text.indexOf(`${subject}。`); at >= 0; at = text.indexOf(`${subject}。`, at + 1)) {
    if (depthAt(text, at) === 0) return text.slice(0, at + subject.length);
  }
  // 「…である硬化体： ［化学式１］ …」 (JP2017505352A): the 「：」 closes it there.
  const opening = appendedOpening(text);
  if (opening >= 0 && text.slice(0, opening).trimEnd().endsWith(subject)) return text.slice(0, opening).trimEnd();
  return text;
}

/** 「…組成物を製造する方法」, 「ビデオデータをコーディングする方法」: an object and a verbal noun before 「する方法」. */
const ACT_ON_OBJECT = /^(.*?)を((?:\p{Script=Han}{2,}|[\p{Script=Katakana}ー]{2,})(?:及び\p{Script=Han}{2,})?)する方法$/u;
/**
 * 「分散メモリキャッシュシステムを管理するための管理システムにより実行される方法」 (JP2017208128A): what the method is for names it
 * (分散メモリキャッシュシステムの管理方法), whoever carries it out; titled 「方法」 before. The object is the first 「を」's, the act the
 * verbal noun before 「するための」, and no other object after it (「…を管理するための、データを送信する方法」 is a sending method).
 */
const ACT_FOR_OBJECT = /^([^を]*?)を((?:\p{Script=Han}{2,}|[\p{Script=Katakana}ー]{2,}))するための[^、。を]*方法$/u;

/**
 * What a claim to a bare 「方法」 is a method of, as the description names it: 「…アシルウレア変性ポリイソシアネート組成物を製造する
 * 方法。」 (JP2011122015A) → アシルウレア変性ポリイソシアネート組成物の製造方法; 「…発酵法によるＬ−アミノ酸の製造法において、…を特徴とする
 * 方法。」 (JP2010017082A) → Ｌ−アミノ酸の製造法, as its preamble names it; 「二輪車のために自動的にウインカーを戻す方法において、」
 * (JP2014118145A) → the preamble itself. Titled 「方法」, the draft read 「本発明は、方法に関する。」, 「従来の方法では、…」. The subject
 * stays 方法 (what the dependent claims name); null when no fuller name is found.
 */
export async function japaneseMethodName(text: string, subject: string): Promise<string | null> {
  if (subject !== '方法') return null;
  const segmenter = await japaneseMorphology();
  const named = (words: string): string | null => {
    const plain = words.replace(/(?<=[\p{Script=Han}\p{Script=Katakana}ー])\s*[（(][^（）()]*[）)](?=を)/gu, '');
    const act = ACT_ON_OBJECT.exec(plain) ?? ACT_FOR_OBJECT.exec(plain);
    const compound = act ? trailingCompound(segmenter.tokenize(act[1]!.slice(-60))).compound : '';
    // 「コンピューティング資源のサービスを管理するための…方法」: the owners chained before the object name it too (not 「サービスの管理方法」).
    const owners = compound ? (new RegExp(`(?:[\\p{Script=Han}\\p{Script=Katakana}ー]{2,}の)+${escapeRegExp(compound)}$`, 'u').exec(act![1]!)?.[0] ?? '') : '';
    const object = owners.length <= 30 && owners.length > compound.length ? owners : compound;
    return object ? `${object}の${act![2]}方法` : null;
  };
  // A note in brackets (「…塩基度（ASTM D2896により測定される）の減少の…」 JP2013129832A) is no part of the name.
  const preamble = /^(.{4,}?)(?:であって|において|に於いて)、/.exec(text)?.[1]?.replace(/^(?:前記|上記)/, '').replace(/[（(][^（）()]*[）)]/g, '').trim();
  if (preamble && /法$/.test(preamble)) {
    // 「…蓄積させる、発酵法によるＬ−アミノ酸の製造法」: the owners chained before the method (IPADIC reads Ｌ−アミノ酸 as letters and a
    // noun, the subject read is 製造法), 「…における潤滑油組成物の塩基度の減少の速度の低下方法」 (read 速度の低下方法).
    const chain = /(?:[^\p{Script=Hiragana}、。（）()]+の)+\p{Script=Han}*法$/u.exec(preamble)?.[0] ?? '';
    const own = await japaneseSubject(`${preamble}。`);
    if ((chain || own).includes('の') && /法$/.test(chain || own)) return chain.length > own.length ? chain : own;
    const act = named(preamble);
    if (act) return act;
    // A short preamble without a clause of its own names the method well enough (「二輪車のために自動的にウインカーを戻す方法」).
    if (preamble.length <= 30 && !/[、。]/.test(preamble)) return preamble;
  }
  const body = text.slice(0, firstStop(text)).replace(/[。.]\s*$/, '').replace(/^.*を特徴とする/s, '');
  return named(body);
}

/**
 * A topic 「は」 after a noun or a bracket; the は of 「又は」「或は」 is a conjunction, and one after a time or a case (「特定処理の実行中は、…、
 * 試験信号出力処理の実行中は、…」, JP2020028455A; 「…時は」, 「…場合は」) sets when, no subject: read as one, 「実行中が、…更新され」.
 */
const TOPIC = /(?<=[\p{Script=Han}\p{Script=Katakana}ーＡ-Ｚａ-ｚA-Za-z０-９0-9）)])(?<![又或中時際]|場合)は、?/gu;
/** A subject 「が」 after a noun, outside 「ながら」「ために」 and the like. */
const SUBJECT_AFTER = /(?<=[\p{Script=Han}\p{Script=Katakana}ーＡ-Ｚａ-ｚA-Za-z０-９0-9）)])が(?![らせ])/u;
/** The clause's first topic 「は」 as 「が」, as it reads in a modifying clause (「固体電解質層が硫化物を含む電池」); not one inside brackets: 「（ただし０重量部は除く）」 (JP2014111522A) is a note of its own (read 「…が除く」). */
export function topicAsSubject(clause: string): string {
  const topic = [...clause.matchAll(TOPIC)].find((match) => depthAt(clause, match.index) === 0);
  if (!topic) return clause;
  const rest = clause.slice(topic.index + topic[0].length);
  // Before another subject with no pause between them the topic keeps its comma: 「細菌が、グルタミン酸デカルボキシラーゼ活性が増強するように
  // 改変される」, not 「細菌がグ…活性が」 (JP2010017081A).
  return `${clause.slice(0, topic.index)}が${SUBJECT_AFTER.test(rest.split('、')[0]!) ? '、' : ''}${rest}`;
}
