// What the Japanese embodiment says of a signed component after the sentence listing them all (「塗工機１は、塗液吐出部１０を備える。」).
// A modifier that is neither a clause nor an attribute (「（Ａ）酸分解性繰り返し単位」, a bare owner 「塗液の液溜め部」) was said in a second
// sentence of the same form, 「…組成物１は、（Ａ）酸分解性繰り返し単位１０を備える。」 (JP2010164958A, JP2010051953A): the component twice.
// It is said in the list itself; a place (「上記第１のゲート電極層上にゲート絶縁層」, JP2011054946A) is said of the component. Used by japanese.ts.
import { COUNT_ONLY } from './japanese-clauses.ts';
import { escapeRegExp } from './text.ts';

/**
 * Where a component is: 「…電極基材上に」, 「…両側縁部に」, not an adverb or a time (「更に」, 「共に」, 「…する際に」, 「…ように」,
 * 「…ために」, 「…的に」).
 */
const PLACE = /(?<=[\p{Script=Han}\p{Script=Katakana}ー])(?<![際時毎共更特為様常既主単逆次先互別直仮的順])に$/u;

/** A noun owner alone before the name (「塗液の」, 「ポリエチレングリコールの」), no make, shape or kind of the part (「円筒状の」, 「樹脂製の」), nor a part said before (「上記外殻の」, said of the part). */
const OWNER = /^(?!上記|前記|当該|該)[\p{Script=Han}\p{Script=Katakana}ー]{2,}(?<![状性型製系用式形色質的])の$/u;

/**
 * How a component's modifier is said: none (its make is open), as a clause of its own (「…は、…する。」), as what it is (「…のXである」),
 * where it is (「…は、…上に設けられている。」), in the components' list (「塗液の液溜め部１０と、塗液吐出部３と、」), or restated in a sentence of
 * its own (「成形品１は、上記基材上に下から順次積層するアンダーコート層、銀鏡層、トップコート層２０を備える。」): a modifier with a subject
 * of its own (「上記第一のブロックポリマーが骨格ポリマーおよび」, JP2014111763A) or a list (「、」) among other components would not read as
 * one item of theirs. The claimed thing opening the modifier (「このコーティングが、」, JP2012040876A) is the sentence's topic already.
 */
export type ModifierUse = 'none' | 'clause' | 'attribute' | 'place' | 'listed' | 'restated';

export function modifierUse(modifier: string, thing: string, alone: boolean): ModifierUse {
  if (!modifier || COUNT_ONLY.test(modifier)) return 'none';
  if (/[るたいだうくすつぬぶむ]$/.test(modifier)) return 'clause';
  // A bare owner (「塗液の液溜め部」, JP2010051953A) names which part it is, in the list: 「液溜め部１０は、塗液の液溜め部である。」 said the
  // name twice and no more. Not a make or a kind (「円筒状の」, 「樹脂製の」), which the part is.
  if (OWNER.test(modifier)) return 'listed';
  if (/[のな]$/.test(modifier)) return 'attribute';
  if (PLACE.test(modifier)) return 'place';
  const own = modifier.replace(new RegExp(`^(?:この|上記|当該)?${escapeRegExp(thing)}[０-９]*(?:が|は)、?`), '');
  return /(?<=[\p{Script=Han}\p{Script=Katakana}ー０-９Ａ-Ｚａ-ｚ）])(?<![又或])[がは]/u.test(own) || (!alone && own.includes('、')) ? 'restated' : 'listed';
}

/** The components' sentence: 「Aを備える」 for one, 「Aと、Bと、を備える」 for more (the description's list style). */
export const componentList = (items: string[]): string => (items.length === 1 ? items[0]! : items.map((item) => `${item}と、`).join(''));
