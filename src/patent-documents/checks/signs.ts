// Reference signs as the sign checks read them (references.ts, sign-names.ts): a sign as written after a name, a sign's key,
// the number of its group, and the names a list of signs (【符号の説明】) gives each.
import type { PatentDocument, PatentSections } from '../model.ts';
import { halfWidth } from './types.ts';

export interface Use {
  sign: string;
  text: string;
  /** The name the sign is written after (「第１駆動体」 of 「前記第１駆動体１６」, "housing" of "housing 10"); none for the later signs of a list. */
  name?: string;
  section: keyof PatentSections;
  item?: number;
}

/** A sign as the checks compare it: half-width, lower case, ’ as '. */
export const signKey = (sign: string): string => halfWidth(sign).toLowerCase().replace(/[’]/g, "'");

/** A listed name as the text writes it: without what the list adds in brackets (「背面液晶モニタ（タッチパネル付き）」). */
export const listedName = (name: string): string => name.replace(/[（(][^）)]*[）)]\s*$/u, '').replace(/\s+/g, ' ').trim();

/** The listed names of each sign, as the text writes them. */
export function listedNames(document: PatentDocument): Map<string, string[]> {
  const names = new Map<string, string[]>();
  for (const entry of document.sections.symbol_descriptions) {
    const name = listedName(entry.name);
    if (name) names.set(signKey(entry.sign), [...(names.get(signKey(entry.sign)) ?? []), name]);
  }
  return names;
}

/** Words before a name that refer back to it (「前記ローラ」, 「この演算回路」). */
export const REFERRING = /^(?:前記|上記|当該|該|この|その)+/u;

/** A name as the sign checks compare it: katakana long marks and small vowels aside (「ローラー」 = 「ローラ」, 「ウェハ」 = 「ウエハ」). */
export const nameKey = (name: string): string =>
  name.replace(/(?<=\p{Script=Katakana})ー/gu, '').replace(/[ァィゥェォ]/gu, (small) => String.fromCharCode(small.charCodeAt(0) + 1));

/** Whether two names are one, one said shorter (「ローラ」 of 「第１ローラー」): the one ends with the other. */
export const namesMeet = (a: string, b: string): boolean => {
  const [x, y] = [nameKey(a), nameKey(b)];
  return x.endsWith(y) || y.endsWith(x);
};

/** 「２」 for 「２Ａ」: a list or a text may name a group by its number (「２ チェンバー」 for 「チェンバー２Ａ及びチェンバー２Ｂ」, JP2011213351A). */
export const baseSign = (sign: string): string => sign.replace(/[a-z]'?$|'$/u, '');
