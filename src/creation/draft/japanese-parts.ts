// What the Japanese embodiment says of a signed component after the sentence listing them all (「塗工機１は、塗液吐出部１０を備える。」).
// A modifier that is neither a clause nor an owner (「塗液の液溜め部及び塗液吐出部」, 「（Ａ）酸分解性繰り返し単位」) was said in a second
// sentence of the same form, 「塗工機１は、塗液の液溜め部及び塗液吐出部１０を備える。」 (JP2010051953A, JP2010164958A): the component twice.
// It is said in the list itself; a place (「上記第１のゲート電極層上にゲート絶縁層」, JP2011054946A) is said of the component. Used by japanese.ts.
import { COUNT_ONLY } from './japanese-clauses.ts';
import { escapeRegExp } from './text.ts';

/**
 * Where a component is: 「…電極基材上に」, 「…両側縁部に」, not an adverb or a time (「更に」, 「共に」, 「…する際に」, 「…ように」,
 * 「…ために」, 「…的に」).
 */
const PLACE = /(?<=[\p{Script=Han}\p{Script=Katakana}ー])(?<![際時毎共更特為様常既主単逆次先互別直仮的順])に$/u;

/**
 * How a component's modifier is said: none (its make is open), as a clause of its own (「…は、…する。」), as what it is (「…のXである」),
 * where it is (「…は、…上に設けられている。」), in the components' list (「塗液の液溜め部及び塗液吐出部１０」), or restated in a sentence of
 * its own (「成形品１は、上記基材上に下から順次積層するアンダーコート層、銀鏡層、トップコート層２０を備える。」): a modifier with a subject
 * of its own (「上記第一のブロックポリマーが骨格ポリマーおよび」, JP2014111763A) or a list (「、」) among other components would not read as
 * one item of theirs. The claimed thing opening the modifier (「このコーティングが、」, JP2012040876A) is the sentence's topic already.
 */
export type ModifierUse = 'none' | 'clause' | 'attribute' | 'place' | 'listed' | 'restated';

export function modifierUse(modifier: string, thing: string, alone: boolean): ModifierUse {
  if (!modifier || COUNT_ONLY.test(modifier)) return 'none';
  if (/[るたいだうくすつぬぶむ]$/.test(modifier)) return 'clause';
  if (/[のな]$/.test(modifier)) return 'attribute';
  if (PLACE.test(modifier)) return 'place';
  const own = modifier.replace(new RegExp(`^(?:この|上記|当該)?${escapeRegExp(thing)}[０-９]*(?:が|は)、?`), '');
  return /(?<=[\p{Script=Han}\p{Script=Katakana}ー０-９Ａ-Ｚａ-ｚ）])(?<![又或])[がは]/u.test(own) || (!alone && own.includes('、')) ? 'restated' : 'listed';
}

/** The components' sentence: 「Aを備える」 for one, 「Aと、Bと、を備える」 for more (the description's list style). */
export const componentList = (items: string[]): string => (items.length === 1 ? items[0]! : items.map((item) => `${item}と、`).join(''));
