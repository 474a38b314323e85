// Components a claim adds outside the signed claim's list (「…付勢する付勢部材を更に備え」, a dependent
// claim's 「前記本体とは別体である被押圧体を更に備え」, 「…押圧部を有する」): they are shown in the
// drawings and described in the embodiment as the listed ones are, so they carry signs too (40, 50, …
// after the listed 10, 20, 30), in claim order: the signed claim's first, then its dependent claims'.
import { japaneseMorphology } from '../../patents/analysis/index.ts';
import type { ReadClaim } from './claims.ts';
import { trailingCompound, withOrdinal } from './japanese-names.ts';
import { escapeRegExp } from './text.ts';
import { depthAt } from '../../patents/claim-text.ts';
import { coordinatedParts } from './coordination.ts';
import { hasOwnSign } from './own-signs.ts';

/**
 * The verb of having a component: 「を更に備え」, 「を有する」, 「を具備し」, 「を含む」; and what a signed component is made up of
 * as a predicate (「前記付勢部材は、…ねじ部を有する螺着部材からなり」 JP2022060016A; not 「…からなる群」, 「…からなる既存住宅」).
 */
const HAVING = /を(?:更に|さらに)?(?:備え|有し|有す|含み|含む|具備し|具備す)|からな(?:り|る)(?=[、。]|$)/gu;
/** What a component can be made up of and be drawn with a sign (not a material: 「…銅からなり」, 「…結晶粒の集合体からなり」). */
const PART = /(?:部材|部品|部|板|片|具|器|機|装置|ユニット|機構|層|フレーム|ケース|カバー|ボルト|ナット|ねじ|ばね|ピン|ローラ|パネル|プレート|ブロック|管|筒|軸|枠|室|容器|手段|レンズ群|部分群)$/u;
/** A noun the claim says of the thing but that is no part of it: a property, a shape, a state, a step, a quantity, data, an act. */
const ABSTRACT =
  /(?:こと|もの|構成|状態|形状|形態|方向|機能|工程|ステップ|段階|構造|特性|性質|厚さ|厚み|長さ|幅|高さ|径|面積|体積|重量|質量|密度|粘度|硬度|強度|温度|濃度|含有量|割合|比率|範囲|値|数|量|角度|曲率|寸法|大きさ|組成|比|率|度|性|時間|期間|速度|波長|成分|情報|データ|信号|番号|番組|ストリーム|メッセージ|コンテンツ|権限|関係|特徴|作用|効果|運転|動作|処理|制御|群|場合|とき|ため)$/u;
/** A bare word that names no particular component (「…記録する手段」, 「…が形成される領域」). */
const GENERIC = /^(?:手段|部|部材|部分|領域|要素|装置|機構|一部|全部|少なくとも一方)$/u;
/** A count, not a thing: 「少なくとも一つ」, 「１種」, 「８ビット」. */
const COUNT = /^[０-９0-9一二三四五六七八九十百千]+(?:つ|種類?|個|本|枚|ビット|バイト|箇所|以上)?$/u;
/** A substance or a chemical moiety, which a drawing does not show with a sign: 「アルキル基」, 「繰り返し単位」, 「イオン交換樹脂」. */
const SUBSTANCE = /(?:基|原子|単位|元素|骨格|結合|配列|類|化合物|酸化物|窒化物|炭化物|硫化物|水和物|混合物|樹脂|重合体|ポリマー|剤|充填材|補強材|繊維|粒子|凝集体|バインダー|半導体|ウム|[水炭窒酸]素|ホウ素|ケイ素)$/u;
/** A claimed thing that is a material: what it contains is what it is made of, not a component with a sign. */
const MATERIAL = /(?:組成物|剤|樹脂|重合体|ポリマー|化合物|インク|材料|物質|基|膜|コーティング|塗料|合金|粒子|粉末|ガラス)$/u;
/** Before the name, a count or an ordinal (「複数の」, 「第１の」): the name is still its own; another 「の」 owns it (「利用者の行先階」). */
const COUNTED = /(?:[０-９0-9一二三四五六七八九十]+(?:つ|個|種|種類|本|枚)(?:以上)?|複数|一対|少なくとも|第[０-９0-9一二三四五六七八九十]+)の$/u;
/** The last of several joined names (「ゲート絶縁層及び第２の絶縁層」): the list is read as one (joined), never its last name alone. */
const JOINED = /(?:及び|および|並びに|ならびに|又は|または|若しくは|もしくは|や|と|[\p{Script=Han}\p{Script=Katakana}ー０-９0-9Ａ-Ｚａ-ｚA-Za-z）)]、)$/u;

const component = (name: string): boolean => !ABSTRACT.test(name) && !GENERIC.test(name) && !COUNT.test(name) && !SUBSTANCE.test(name);

/**
 * 「前記導電機構は、導電性ローラ、チタンバスケット及び整流器を含み」: every conjunct of the clause is a component, each
 * signed unless it points back (「前記…」); none when one of them is no component, the list is not one of bare names,
 * or the clause is about something that has no sign (「前記コンテンツ制作者は、…プロデューサ及びディレクタを含む」).
 */
async function joined(before: string, name: string, known: Set<string>): Promise<string[]> {
  const topic = /(?:前記|上記|当該|該)([^、。]{1,30}?)[はが]、(?!.*[はが]、)/su.exec(before)?.[1];
  if (topic && !known.has(topic)) return [];
  const clause = before.replace(/^.*(?:[はが]|[しえりみて])、/su, '');
  const names = (await coordinatedParts(clause, name))?.map((part) => part.name ?? '') ?? (await pairedByTo(clause, name));
  if (!names || !names.every((each) => each && component(each))) return [];
  return names.filter((each) => !new RegExp(`(?:前記|上記|当該|該)${escapeRegExp(each)}`).test(clause));
}

/**
 * 「…第１の薄膜トランジスタを有する画素部と第２の薄膜トランジスタを有し」 (JP2011054946A): two components joined by a
 * bare 「と」, the first with what modifies it. Not a thing's property (「部材の長さと幅」), nor the complement of a clause
 * (「…が骨格ポリマーと…」).
 */
async function pairedByTo(clause: string, name: string): Promise<string[] | null> {
  const pair = new RegExp(`^(.*[\\p{Script=Han}\\p{Script=Katakana}ーＡ-Ｚａ-ｚ０-９）)])と(?:前記|上記|当該|該)?${escapeRegExp(name)}$`, 'su').exec(clause);
  if (!pair || depthAt(clause, pair[1]!.length) > 0) return null;
  const first = pair[1]!;
  const { compound } = trailingCompound((await japaneseMorphology()).tokenize(first));
  if (compound.length < 2) return null;
  const firstName = withOrdinal(first, compound);
  const rest = first.slice(0, -firstName.length).replace(/(?:前記|上記|当該|該)$/, '');
  if ((rest.endsWith('の') && !COUNTED.test(rest)) || /[がはをと]$/.test(rest) || /[がは]、/.test(rest)) return null;
  return [firstName, name];
}

/**
 * 「前記磁気ヘッドは、磁極と、第１シールドと、…積層体と、を含み」: the parts a signed component is listed to have, each
 * a component unless it points back; none when the clause is not about a signed component or one piece names no part.
 */
async function listedParts(before: string, known: Set<string>): Promise<string[]> {
  const topic = /(?:前記|上記|当該|該)([^、。]{1,30}?)は、(?!.*は、)/su.exec(before);
  if (!topic || !known.has(topic[1]!)) return [];
  return listNames(before.slice(topic.index + topic[0].length));
}

/** The names of a list of parts (「磁極と、第１シールドと、…積層体と」), none when one piece names no part; those pointing back left out. */
async function listNames(list: string): Promise<string[]> {
  const segmenter = await japaneseMorphology();
  const names: string[] = [];
  for (const piece of list.replace(/と、?$/, '').split(/と、/)) {
    const tokens = segmenter.tokenize(piece.trim());
    const { compound, start } = trailingCompound(tokens);
    const name = withOrdinal(piece.trim(), compound);
    // An act (当選, a kanji サ変 noun; シールド is one too, but in katakana a thing) or a name that opens in kana (a misread 「ご選択部」) is no part: the list is not one of parts.
    if (compound.length < 2 || !component(name) || depthAt(piece, piece.length) !== 0 || (tokens.at(-1)?.pos_detail_1 === 'サ変接続' && /^\p{Script=Han}+$/u.test(tokens.at(-1)!.surface_form)) || /^[\p{Script=Hiragana}]/u.test(name)) return [];
    if (!['前記', '上記', '当該', '該'].includes(tokens[start - 1]?.surface_form ?? '')) names.push(name);
  }
  return names;
}

/** A list's verb of having after its last 「と(、)」, 「を含んで構成された」 too. */
const LIST_HAVING = /と、?を(?:更に|さらに)?(?:備え|有し|有す|含み|含む|含ん|具備し|具備す)/gu;

/**
 * The parts a listed component is given in its own element: 「…車両取付部材であって、前記車両に取り付けられる取付部と、
 * 前記取付部に支持される被支持部と、を有する前記車両取付部材」 (JP7550342B2), 「…一対のサイドフレーム部と、…背面
 * パネル部と、を含んで構成されたシートバックフレーム」 (JP2014218185A). The list opens after 「…であって、」 when the
 * element has one, at the element's start otherwise.
 */
async function nestedParts(part: { text: string; name: string }): Promise<string[]> {
  const opening = part.text.indexOf(`${part.name}であって、`);
  const from = opening >= 0 ? opening + part.name.length + 'であって、'.length : 0;
  const names: string[] = [];
  for (const match of part.text.slice(from).matchAll(LIST_HAVING)) {
    const list = part.text.slice(from, from + match.index + 1);
    if (depthAt(list, list.length) === 0 && list.includes('と、')) names.push(...(await listNames(list)));
  }
  return names;
}

/** The components a claim's text newly introduces with a verb of having, in order. */
async function introduced(text: string, known: Set<string>): Promise<string[]> {
  const segmenter = await japaneseMorphology();
  const names: string[] = [];
  // A part listed here may own the next list (「…積層体と、を含み、前記積層体は、第１磁性層と、…」).
  const owners = new Set(known);
  for (const match of text.matchAll(HAVING)) {
    const consisting = match[0].startsWith('から');
    // 「からなり」 says what the clause's topic is made up of: only a signed component's parts are signed.
    const topic = /(?:前記|上記|当該|該)([^、。]{1,30}?)は、(?!.*は、)/su.exec(text.slice(0, match.index))?.[1];
    if (consisting && !(topic && owners.has(topic))) continue;
    if (/と、?$/.test(text.slice(0, match.index))) {
      const parts = await listedParts(text.slice(0, match.index), owners);
      for (const part of parts) owners.add(part);
      names.push(...parts);
      continue;
    }
    const before = text.slice(Math.max(0, match.index - 40), match.index);
    const tokens = segmenter.tokenize(before);
    const { compound, start } = trailingCompound(tokens);
    if (compound.length < 2 || !/[\p{Script=Han}\p{Script=Katakana}]/u.test(compound)) continue;
    // 「前記付勢部材を有する」 points back to one already named.
    if (['前記', '上記', '当該', '該'].includes(tokens[start - 1]?.surface_form ?? '')) continue;
    const name = withOrdinal(before, compound);
    const lead = before.slice(0, -name.length);
    if (JOINED.test(lead)) {
      names.push(...(await joined(text.slice(0, match.index), name, known)));
      continue;
    }
    if (!component(name) || (lead.endsWith('の') && !COUNTED.test(lead)) || (consisting && !PART.test(name))) continue;
    names.push(name);
  }
  return names;
}

/** Whether `claim` depends on `on`, directly or through other claims. */
function dependsOn(claim: ReadClaim, on: ReadClaim, claims: ReadClaim[]): boolean {
  const byNumber = new Map(claims.map((each) => [each.number, each]));
  const seen = new Set<number>();
  const walk = (current: ReadClaim): boolean =>
    current.refersTo.some((n) => {
      if (n === on.number) return true;
      if (seen.has(n)) return false;
      seen.add(n);
      const parent = byNumber.get(n);
      return parent ? walk(parent) : false;
    });
  return walk(claim);
}

/**
 * The names the signed claim adds after its list (its limitation clauses), then those its dependent
 * product claims add, each once and none already in `taken` (the subject and the listed components).
 */
export async function addedComponents(signed: ReadClaim, claims: ReadClaim[], taken: string[]): Promise<string[]> {
  if (signed.language !== 'ja' || signed.method || MATERIAL.test(signed.subject)) return [];
  const seen = new Set(taken);
  const texts = [signed.parts.filter((part) => !part.name).map((part) => part.text).join('、')];
  for (const claim of claims) if (claim !== signed && !claim.method && dependsOn(claim, signed, claims)) texts.push(claim.body);
  const added: string[] = [];
  // The listed components' own parts first, so a dependent claim's list of theirs is signed too (JP7550342B2's 「前記スタブシャフト部は、…接続部と、…を有し」).
  for (const part of signed.parts) {
    if (!part.name) continue;
    for (const name of await nestedParts({ text: part.text, name: part.name })) {
      if (seen.has(name)) continue;
      seen.add(name);
      added.push(name);
    }
  }
  for (const text of texts) {
    for (const name of await introduced(text, seen)) {
      if (seen.has(name)) continue;
      seen.add(name);
      added.push(name);
    }
  }
  // A name the claims sign themselves (「基部（１４０）をさらに備え」 JP2012247417A) keeps that sign in the text; numbered on here it
  // would get another (基部４０ beside 基部（１４０）).
  return added.filter((name) => !hasOwnSign(name, claims.map((claim) => claim.text)));
}
