// One name, several signs: 「第１ローラ１２」 throughout and 「第１ローラ１４」 once. A part keeps its sign; a name written once or
// twice with another sign than the one it has everywhere else is a slip when that sign is another part's (written after another
// name more often) or no part's (written nowhere else). Two parts of one kind (「演算回路１５１、演算回路１５２」, 「ソレノイド８１」 and
// 「ソレノイド８２」) are told apart by using each sign alike, or by a list that gives the name to both. Told with a list or without.
// bench/drafting-checks.ts (2026-11-29): 64 findings in 136 real gazettes (half A, 0.47 a gazette), 44 in 139 (half B, 0.32), most
// of them slips as read (JP2018027464A 「上皿１０１」 where 上皿 is 301 eighty-one times and 101 the 遊技窓, JP2010017197A 「回動軸４７」,
// JP2010244524A 「業務情報テーブル３１７」 for 316), 40 of the 108 in five pachinko gazettes of 1,000 signs and more; the false ones are
// a second embodiment's own part (「摩擦攪拌接合装置１」 beside 100) and the corpus's spaces inside numbers. A planted slip (a later
// 「X a」 made 「X b」, b another part's) found 95.7 % (89/93) half A, 91.8 % (78/85) half B. A name is compared by its key
// (「ローラー」 = 「ローラ」, signs.ts nameKey): JP2018027464A writes 「アタッカユニット２１００」 49 times and 「アタッカーユニット２１００」
// once, one name; no finding on the real texts came or went by it (2026-11-29).
import type { PatentDocument } from '../model.ts';
import { baseSign, nameKey, namesMeet, REFERRING, type Use } from './signs.ts';
import type { DraftingFinding } from './types.ts';

/** Uses of the name with its own sign, at least this many times as with the other one (and at least this many). */
export const DOMINANT = 3;
const RARE = 2;

/** `listed` is the document's listedNames (signs.ts), read once by checkSigns. */
export function severalSigns(document: PatentDocument, uses: Use[], reported: DraftingFinding[], listed: Map<string, string[]>): DraftingFinding[] {
  if (document.lang !== 'ja') return [];
  const named = uses.filter((use) => use.name && use.section !== 'background');
  // 「ローラー１２」 and 「ローラ１２」 are one name (nameKey), told as first written.
  const nameOf = (use: Use) => nameKey(use.name!.replace(REFERRING, ''));
  const written = new Map<string, string>();
  // How often each name is written with each sign, and each sign after any name.
  const byName = new Map<string, Map<string, Use[]>>();
  for (const use of named) {
    const name = nameOf(use);
    // A run of 12 may be the end of a longer name: 「演出制御用マイクロコンピュータ１２０」 and 「遊技制御用マイクロコンピュータ１００」 both
    // read as 「御用マイクロコンピュータ」 (JP2015123134A).
    if ([...name].length < 2 || [...use.name!].length >= 12) continue;
    if (!written.has(name)) written.set(name, use.name!.replace(REFERRING, ''));
    const signs = byName.get(name) ?? new Map<string, Use[]>();
    signs.set(use.sign, [...(signs.get(use.sign) ?? []), use]);
    byName.set(name, signs);
  }
  const already = new Set(reported.map((finding) => `${finding.values.sign} ${nameKey(String(finding.values.name))}`));
  const findings: DraftingFinding[] = [];
  for (const [name, signs] of byName) {
    // Three signs or more after one name are a kind of part with several of them, or numbered items (「出力ポート０」…「出力ポート９」,
    // 「態様１」…「態様１２」, JP2020028455A, JP2018027464A): each told by its own sign.
    if (signs.size !== 2) continue;
    const [own, ownUses] = [...signs].sort((a, b) => b[1].length - a[1].length)[0]!;
    if (ownUses.length < DOMINANT) continue;
    for (const [sign, slips] of signs) {
      if (sign === own || slips.length > RARE || ownUses.length < DOMINANT * slips.length) continue;
      // 「ローラ１２ａ」 beside 「ローラ１２」: a part of it, or one of a pair told apart by the letter.
      if (baseSign(sign) === baseSign(own)) continue;
      // A list that gives the name to the sign too makes them two parts of one kind.
      if (listed.get(sign)?.some((entry) => namesMeet(entry, name))) continue;
      // The sign is another part's: written after other names, more often than after this one.
      const others = [...byName].filter(([other, signs]) => other !== name && !other.endsWith(name) && !name.endsWith(other) && signs.has(sign));
      const otherUses = others.reduce((sum, [, signs]) => sum + signs.get(sign)!.length, 0);
      if (otherUses < RARE || otherUses <= slips.length) continue;
      if (already.has(`${sign} ${name}`)) continue;
      const first = slips[0]!;
      findings.push({
        check: 'signs',
        severity: 'warning',
        section: first.section,
        ...(first.item !== undefined && { item: first.item }),
        text: first.text,
        key: 'checks.signs.severalSigns',
        values: { sign, name: written.get(name)!, signs: own, count: ownUses.length },
      });
    }
  }
  return findings;
}
