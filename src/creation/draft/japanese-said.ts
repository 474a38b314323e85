// How the Japanese embodiment says something of a part without naming it twice or giving it two subjects: 「…ためのものである」 for a
// modifier that names it again, and the part a dependent claim opens on (「前記フィラーが、…」) as the sentence's topic. Used by japanese.ts.

/**
 * What a modifier says of the thing it modifies, without naming it again: 「計時ユニット４０は、時刻データを出力するための計時ユニットである。」
 * (JP2010002181A) as 「…出力するためのものである。」, 「ラジオデータ変調信号生成装置１は、…を生成するラジオデータ変調信号生成装置である。」 as
 * 「…を生成するものである。」, and a count after a clause (「…光を発生する複数のバックライト光源」, JP2011128587A) as 「…光を発生するもので
 * あり、複数設けられている。」. null when the modifier ends otherwise (an owner 「…電極上の」, a shape 「一対の略コ形の」).
 */
export function saidWithoutName(modifier: string): string | null {
  if (/(?:ための|[るた])$/.test(modifier)) return `${modifier}ものである`;
  const counted = /^(.*[るた])((?:少なくとも)?(?:[０-９0-9一二三四五六七八九十]+(?:つ|個|本|枚)|複数|一対))の$/su.exec(modifier);
  return counted ? `${counted[1]}ものであり、${counted[2]}設けられている` : null;
}

/** A dependent claim opening on a part it points back at as its subject, set off by a comma: 「前記フィラーが、」, 「前記構造部位（Ｓ１）が、」. */
export const OPENING_SUBJECT = /^((?:前記|上記|当該)[^、。はがをにでと]{1,40}?)が、/u;
