// Components joined by 及び / 並びに in one element of a claim (「ゴムタイヤ、小エアバッグ層、中空層及び金属ハブ」,
// 「第１および第２の駆動体」): each is a component of its own, with its own sign, unless the 及び joins things
// inside a modifier, the complement of a clause, or two of one name. Used by the claim reader (claims.ts) and
// for the components the claims add (added-signs.ts).
import { japaneseMorphology } from '../../patents/analysis/index.ts';
import { depthAt } from '../../patents/claim-text.ts';
import type { ClaimPart } from './claims.ts';
import { japaneseName, trailingCompound, withOrdinal } from './japanese-names.ts';
import { escapeRegExp } from './text.ts';

const AND = '(?:及び|および|並びに|ならびに)、?';
const ANTECEDENT_PREFIX = /^(?:前記|上記|当該|該)/;
/** What may come before a conjunct's noun and still leave it a bare name: 「前記」, 「少なくとも１つの」, 「複数の」. */
const CONJUNCT_PREFIX = /^(?:前記|上記|当該|該)?(?:少なくとも)?(?:(?:[０-９0-9一二三四五六七八九十]+(?:つ|個|種|種類|本|枚)(?:以上)?|複数|一対|１以上)の)?$/u;
/** Before a conjunct, a 「の」 that makes it a property of a thing (「部材の長さ及び幅」), unless it counts it (「１つの」, 「第１の」). */
const OWNED = /(?<!(?:[０-９0-9一二三四五六七八九十]+(?:つ|個|種|種類|本|枚)(?:以上)?|複数|一対|第[０-９0-9一二三四五六七八九十]+))の$/u;

/** A conjunct that is a bare name (「前記第１のソース電極層」, 「少なくとも１つの光開始剤」): its name, or null. */
async function bareConjunct(text: string): Promise<string | null> {
  const tokens = (await japaneseMorphology()).tokenize(text);
  const { compound } = trailingCompound(tokens);
  if (!compound || compound.length < 2) return null;
  const name = withOrdinal(text, compound);
  return CONJUNCT_PREFIX.test(text.slice(0, -name.length)) ? name.replace(ANTECEDENT_PREFIX, '') : null;
}

/**
 * 「ゴムタイヤ、小エアバッグ層、中空層及び金属ハブ」, 「…上に第１のソース電極層及び第１のドレイン電極層」,
 * 「一対の板状体からなる第１および第２の駆動体」: an element naming two or more components joined by
 * 及び or 並びに is a component each, each with the element's shared modifier. Not split: 又は / 若しくは
 * (one component that is either), 「及び／又は」, a 及び inside a modifier (「…の画素値及び…の画素値を用いて
 * …する解析処理手段」: the last conjunct must be the bare name), properties of one thing (「部材の長さ及び
 * 幅」), the complement of a clause (「前記ブロックポリマーが骨格ポリマー及び…」), and two conjuncts of
 * one name (「式（Ｉ）で表される構造単位及び式（ａ４）で表される構造単位」, which is not a bare name anyway).
 */
export async function coordinatedParts(text: string, name: string): Promise<ClaimPart[] | null> {
  // 「第１および第２の駆動体」: two ordinals of one noun.
  const ordinals = new RegExp(`(第[０-９0-9一二三四五六七八九十]+)(の)?${AND}(第[０-９0-9一二三四五六七八九十]+)(の)?([^第]+)$`, 'u').exec(text);
  if (ordinals && name === `${ordinals[3]}${ordinals[4] ?? ''}${ordinals[5]}` && depthAt(text, ordinals.index) === 0) {
    const modifier = text.slice(0, ordinals.index);
    const joint = ordinals[4] ?? ordinals[2] ?? '';
    return [`${ordinals[1]}${joint}${ordinals[5]}`, `${ordinals[3]}${joint}${ordinals[5]}`].map((each) => ({ text: `${modifier}${each}`, name: each }));
  }
  const last = new RegExp(`${AND}((?:前記|上記|当該|該)?${escapeRegExp(name)})$`, 'u').exec(text);
  if (!last || depthAt(text, last.index) > 0) return modifiedConjuncts(text);
  const before = text.slice(0, last.index);
  // The conjuncts before 及び: 「、」-separated bare names, the first of which may carry the shared modifier.
  const segments = before.split('、');
  const names: string[] = [];
  const conjuncts: string[] = [];
  let modifier = '';
  for (let i = segments.length - 1; i >= 0; i--) {
    const segment = segments[i]!;
    const bare = await bareConjunct(segment);
    if (bare) {
      names.unshift(bare);
      conjuncts.unshift(segment);
      continue;
    }
    // The first conjunct with what modifies them all: 「外側から内側へ順に配置されているゴムタイヤ」.
    const tokens = (await japaneseMorphology()).tokenize(segment);
    const { compound } = trailingCompound(tokens);
    if (!compound || compound.length < 2 || /^(?:こと|もの|ため|場合|とき|状態)$/.test(compound)) return null;
    const first = withOrdinal(segment, compound);
    const head = segment.slice(0, -first.length).replace(ANTECEDENT_PREFIX, '');
    const rest = segment.slice(0, -first.length);
    // 「部材の長さ及び幅」 are one part's properties; 「…ブロックポリマーが骨格ポリマー及び…」 says what something is.
    if (OWNED.test(rest) || /[がは]$/.test(rest) || head.endsWith('、')) return null;
    // 「前記化合物が、…ポリマー材料及び熱伝導充填剤」: a clause with its own subject is a limitation, not a list of components.
    if (/[がは]、/.test([...segments.slice(0, i), rest].join('、'))) return null;
    names.unshift(first);
    conjuncts.unshift(first);
    modifier = [...segments.slice(0, i), rest].join('、');
    break;
  }
  const lastName = last[1]!.replace(ANTECEDENT_PREFIX, '');
  const all = [...names, lastName];
  if (all.length < 2 || new Set(all).size < all.length) return null;
  return all.map((each, i) => ({ text: `${modifier}${i < conjuncts.length ? conjuncts[i]!.replace(ANTECEDENT_PREFIX, '') : lastName}`, name: each }));
}

/** Text that reads as a name with its own modifier (「前記主体部の頂部に設置される薬物攪拌筐体」): a clause ends right before the name. */
async function modifiedName(text: string): Promise<string | null> {
  const name = await japaneseName(text);
  if (!name || /[がは]、/.test(text)) return null;
  const before = text.slice(0, -name.length).replace(/(?:前記|上記|当該|該)$/, '');
  return /(?:[るたい]|される|された|ている)$/.test(before) ? name : null;
}

/**
 * 「主体部、前記主体部の頂部に設置される薬物攪拌筐体及び前記主体部に設置される駆動収容筐体」 (JP2022008730A, translated word for word):
 * components listed with 「、」 and a last 及び, each with a modifier of its own, are a component each (read before as one, 駆動収容筐体,
 * written 「駆動収容筐体１０は、主体部、上記主体部の頂部に設置される薬物攪拌筐体及び上記主体部に設置される。」). Only when the conjunct
 * before 及び has a clause of its own: in 「Ｘ、Ｙ及びＺに接続される制御部」 the clause may be said of all three, and the parts are not read.
 * The first conjunct may be a bare name (「主体部」).
 */
async function modifiedConjuncts(text: string): Promise<ClaimPart[] | null> {
  const and = [...text.matchAll(new RegExp(AND, 'gu'))].filter((match) => depthAt(text, match.index) === 0);
  const joint = and.at(-1);
  if (!joint || and.length > 1) return null;
  const head = text.slice(0, joint.index);
  const commas = [...head.matchAll(/、/g)].filter((match) => depthAt(head, match.index) === 0).map((match) => match.index);
  if (commas.length === 0) return null;
  const pieces = [...[-1, ...commas].map((at, i, all) => head.slice(at + 1, all[i + 1] ?? head.length)), text.slice(joint.index + joint[0].length)];
  const beforeAnd = pieces.at(-2)!;
  if (!(await modifiedName(beforeAnd)) || !(await modifiedName(pieces.at(-1)!))) return null;
  const parts: ClaimPart[] = [];
  for (const piece of pieces) {
    const own = await modifiedName(piece);
    const name = own ?? (await bareConjunct(piece));
    if (!name) return null;
    // A modifier's 「前記」 points back at a part listed before (「前記主体部の頂部に」); a bare name's is dropped, as above.
    parts.push({ text: own ? piece : piece.replace(ANTECEDENT_PREFIX, ''), name });
  }
  return new Set(parts.map((part) => part.name)).size === parts.length ? parts : null;
}
