// Notation (表記ゆれ): one word written more than one way in one document — ローラ/ローラー,
// ウエハ/ウェハ, インターフェース/インタフェース, ＣＰＵ/CPU; colour/color, non-woven/nonwoven.
// Attorneys unify these before filing; a claim that writes a word otherwise than the description
// is the case that matters (clarity, support), so a finding stands where the less-used spelling
// does, in a claim when one writes it.
//
// The spellings are the search's (detail-search/keywords/synonyms.ts): katakanaVariants for a
// katakana word, spellingVariants for an English word and two words written as one. Besides them,
// two spellings count as one key here: a katakana word with or without its final ー (the
// analysers unify that for search, so the generator leaves it out — ローラ/ローラー, モータ/モーター
// are the commonest 表記ゆれ of all), and Latin letters and digits full- or half-width.
// A word is a whole run (a katakana run between kanji and kana, an ASCII word), so ローラ inside
// ローラー is no use of ローラ, and 搬送ローラ/搬送ローラー are found as ローラ/ローラー.
//
// Measured by bench/drafting-checks.ts, 2026-11-29: on the real texts (where the gazettes' own
// 表記ゆれ are the findings) JP 0.63 / 0.47 findings per document on half A / B, US 0.98 / 0.88;
// planted slips found 100 % on both halves and languages; of 30 JP and 30 US findings read on
// half B, 30 and 29 were one word written two ways (the other was represents/re-presents, now
// RE_HYPHENATED). Tuned on half A: counting digits in a Latin word gave 20 findings in one
// chemistry gazette (ＣＦ3/ＣＦ３, Ｒa/Ｒｂ subscripts) — JP half A 0.75 → 0.62 without them; a ー
// before a lone digit is a long vowel before a sign (カバー２), not a hyphen (JP half A 1.24 when read so).
//
// 送り仮名 variants (取り付け/取付け, 組み合わせ/組合せ) are found apart, by checkOkurigana, as they need
// the segmenter (okurigana.ts, where the rules are), one finding a word with its noun and verb forms
// (切り替え/切替え and 切り替える/切替える), the spellings ordered there (notationFinding's ordered).
// bench/drafting-checks.ts, 2026-11-29: JP notation findings per document 0.63 → 1.46 → 1.35 on half
// A, 0.47 → 1.24 → 1.12 on half B (the others unchanged; the second step a verb before 易い read as
// a verb, a word's noun and verb one finding); of the first 30 okurigana findings on half B, 30 one word
// written two ways; planted 送り仮名 slips (取り付け → 取付け once) found 68.4 → 84.2 % / 62.5 → 68.8 % on
// half A / B; ~10–15 ms a gazette on a loaded machine, against ~5–9 ms for the rest.
import { KATAKANA_RUN, katakanaVariants, spellingVariants } from '../../detail-search/keywords/synonyms.ts';
import { TEXT_SECTIONS, type PatentDocument } from '../model.ts';
import { okuriganaGroups, type Texts } from './okurigana.ts';
import { halfWidth, type DraftingFinding } from './types.ts';
import { languageTranslator } from '../../platform/i18n.ts';

interface Place {
  section: DraftingFinding['section'];
  item?: number;
}

interface Spelling {
  written: string;
  places: Place[];
}

/**
 * A ー before a locant is a hyphen of a chemical name (２－メチルー１－プロパノール, メチルーＮ－),
 * no long vowel. Before a lone digit it is one: a reference sign (カバー２).
 */
const HYPHEN_AFTER = /^(?:[0-9０-９]+|[NOSＮＯＳ])[－−\-‐,，]/u;
/**
 * Latin letters, full- or half-width, two at least (ＣＰＵ, ｍｍ); digits end a word, as a sign or a
 * subscript follows it (ＣＰＵ２０, ＣＦ３), so a width mix in digits is not counted.
 */
const LATIN_RUN = /(?<![A-Za-zＡ-Ｚａ-ｚ])[A-Za-zＡ-Ｚａ-ｚ]{2,}(?![A-Za-zＡ-Ｚａ-ｚ])/g;
const ENGLISH_WORD = /(?<![A-Za-z-])[A-Za-z]+(?:-[A-Za-z]+)*(?![A-Za-z])/g;

/**
 * English pairs the suffix rules make of two different words. The doubled-l rule (travelling/
 * traveling) applies only where the stem has two syllables: filed/filled, polled/poled are words.
 * The -our rule needs two letters before it: four/for, hour/hor. A hyphen after re- makes another
 * word of some (re-present, present again, is not represent: half B of bench/drafting-checks).
 */
const RE_HYPHENATED = /^re-(?:present|cover|sign|form|lease|creat|treat|press|solve|count|serve|sort|store|act|collect|mark|side|sent|fund)/;
function differentEnglishWords(a: string, b: string): boolean {
  const [shortWord, longWord] = a.length < b.length ? [a, b] : [b, a];
  if (RE_HYPHENATED.test(longWord)) return true;
  if (/ll/.test(longWord) && longWord.replace('ll', 'l') === shortWord) {
    const stem = shortWord.slice(0, shortWord.search(/[aeiou]l(?:ing|ed|er|ers)$/) + 1);
    return (stem.match(/[aeiouy]+/g) ?? []).length < 2;
  }
  const our = /^(.*)our(s?)$/.exec(longWord);
  if (our && `${our[1]}or${our[2]}` === shortWord) return our[1]!.length < 2;
  return false;
}

/** Every place of every word in the document, by its spelling as written. */
function spellingsOf(document: PatentDocument, pattern: RegExp): Map<string, Spelling> {
  const spellings = new Map<string, Spelling>();
  const read = (text: string, place: Place) => {
    for (const match of text.matchAll(pattern)) {
      let written = match[0];
      if (written.endsWith('ー') && HYPHEN_AFTER.test(text.slice(match.index + written.length))) written = written.slice(0, -1);
      if (pattern === KATAKANA_RUN && [...written].length < 3) continue;
      // Ｒa, ＬＣa: a symbol with its subscript written half-width, the way a formula is set, not a word.
      if (pattern === LATIN_RUN && /[Ａ-Ｚａ-ｚ]/.test(written) && /[A-Za-z]/.test(written)) continue;
      const spelling = spellings.get(written) ?? { written, places: [] };
      spelling.places.push(place);
      spellings.set(written, spelling);
    }
  };
  for (const [text, place] of textsOf(document)) read(text, place);
  return spellings;
}

/** The texts the check reads, each with its place. */
function textsOf(document: PatentDocument): Texts<Place> {
  const { sections } = document;
  return [
    ...TEXT_SECTIONS.map((section): [string, Place] => [sections[section], { section }]),
    ...sections.claims.map((claim, item): [string, Place] => [claim, { section: 'claims', item }]),
    ...sections.symbol_descriptions.map((entry, item): [string, Place] => [entry.name, { section: 'symbol_descriptions', item }]),
    ...document.drawings.map((drawing, item): [string, Place] => [drawing.description, { section: 'drawings', item }]),
  ];
}

/** The spellings of one word as groups of the spellings the document uses (union of variant links). */
function group(spellings: Map<string, Spelling>, keyOf: (word: string) => string, variantsOf: (word: string) => string[], apart: (a: string, b: string) => boolean = () => false): Spelling[][] {
  const parent = new Map<string, string>([...spellings.keys()].map((word) => [word, word]));
  const find = (word: string): string => {
    let root = word;
    while (parent.get(root) !== root) root = parent.get(root)!;
    return root;
  };
  const union = (a: string, b: string) => parent.set(find(a), find(b));
  const byKey = new Map<string, string>();
  for (const word of spellings.keys()) {
    const key = keyOf(word);
    const other = byKey.get(key);
    if (other === undefined) byKey.set(key, word);
    else if (!apart(word, other)) union(word, other);
  }
  for (const word of spellings.keys()) {
    for (const variant of variantsOf(word)) {
      const other = byKey.get(keyOf(variant));
      if (other !== undefined && !apart(word, other)) union(word, other);
    }
  }
  const groups = new Map<string, Spelling[]>();
  for (const [word, spelling] of spellings) groups.set(find(word), [...(groups.get(find(word)) ?? []), spelling]);
  return [...groups.values()].filter((members) => members.length > 1);
}

/**
 * Katakana pairs the variants make of two different words, all chemistry on half A of the
 * corpus: silicon/silicone, allyl/aryl, and -ato/-ate (イソシアナト/イソシアナート, a substituent
 * and a compound). Any word holding one and the other holding the other at the same place.
 */
const DIFFERENT_KATAKANA: ReadonlyArray<[string, string]> = [['シリコン', 'シリコーン'], ['アリル', 'アリール']];
function differentKatakanaWords(a: string, b: string): boolean {
  const [one, other] = a.length < b.length ? [a, b] : [b, a];
  if (/[ナラタ]ート$/.test(other) && `${other.slice(0, -2)}ト` === one) return true;
  return DIFFERENT_KATAKANA.some(([x, y]) => [...one.matchAll(new RegExp(x, 'g'))].some((m) => other === one.slice(0, m.index) + y + one.slice(m.index + x.length)));
}

/** A katakana word's key: final ー dropped (ローラー = ローラ). */
const katakanaKey = (word: string) => word.replace(/ー$/, '');
/** The variants of a katakana word and of it with its final ー toggled. */
const katakanaSpellings = (word: string) => [...katakanaVariants(word), ...katakanaVariants(word.endsWith('ー') ? word.slice(0, -1) : `${word}ー`)];

/**
 * Spellings of one word: the most used is the word, the others (least used first) its variants; the
 * finding stands at the first place of the least used, a claim's before the description's. Ordered
 * spellings come so already (the word, then the variant to name: okurigana.ts's byStyle).
 */
function notationFinding(spellings: Spelling[], lang: PatentDocument['lang'], ordered = false): DraftingFinding {
  const order = (place: Place) => (place.section === 'claims' ? -1 : 0);
  const claimFirst = (a: Spelling, b: Spelling) => Math.min(...a.places.map(order)) - Math.min(...b.places.map(order));
  const [term, ...variants] = ordered ? spellings : [...spellings].sort((a, b) => b.places.length - a.places.length || claimFirst(a, b));
  if (!ordered) variants.reverse();
  const variant = variants[0]!;
  const at = [...variant.places].sort((a, b) => order(a) - order(b))[0]!;
  const others = variants.slice(1);
  // The claims write the word one way, the rest of the document another: the case that raises clarity and support.
  const claimsOnly = variant.places.every((place) => place.section === 'claims') && !term!.places.some((place) => place.section === 'claims');
  return {
    check: 'notation',
    severity: 'warning',
    section: at.section,
    ...(at.item !== undefined && { item: at.item }),
    text: variant.written,
    key: others.length > 0 ? 'checks.notation.several' : claimsOnly ? 'checks.notation.claims' : 'checks.notation.two',
    values: {
      term: term!.written,
      termCount: term!.places.length,
      // The plural the English messages choose by ("1 place against 1").
      count: term!.places.length,
      variant: variant.written,
      variantCount: variant.places.length,
      // Written in the document's language (as the signs checks join their lists), in its words from locales: 「ウエハ」が2箇所, “mould” in 2 places.
      ...(others.length > 0 && { others: otherSpellings(others, lang) }),
    },
  };
}

/** The further spellings of a several-ways finding as one list, in the document's language (checks.notation.otherSpelling). */
function otherSpellings(others: Spelling[], lang: PatentDocument['lang']): string {
  const t = languageTranslator(lang, 'edit-checks');
  return others.map((other) => t('checks.notation.otherSpelling', { variant: other.written, count: other.places.length })).join(t('checks.notation.otherSpellingsSeparator'));
}

/** Words of the document written more than one way, one finding each (most used spelling named first). */
export function checkNotation(document: PatentDocument): DraftingFinding[] {
  const groups: Spelling[][] = [];
  if (document.lang === 'ja') {
    groups.push(...group(spellingsOf(document, KATAKANA_RUN), katakanaKey, katakanaSpellings, differentKatakanaWords));
    groups.push(...group(spellingsOf(document, LATIN_RUN), halfWidth, () => []));
  } else {
    // Case is no spelling (Colour at a sentence's start is colour); a hyphen between the parts of
    // one closed word is (non-woven/nonwoven), and two words written as one (web site/website).
    const words = new Map<string, Spelling>();
    for (const [written, spelling] of spellingsOf(document, ENGLISH_WORD)) {
      const lower = written.toLowerCase();
      const merged = words.get(lower) ?? { written: lower, places: [] };
      merged.places.push(...spelling.places);
      words.set(lower, merged);
    }
    const key = (word: string) => word.replace(/-/g, '');
    const variants = (word: string) => (word.includes('-') ? [] : spellingVariants(word).filter((variant) => !variant.includes(' ')));
    groups.push(...group(words, key, variants, differentEnglishWords));
  }
  return groups.map((spellings) => notationFinding(spellings, document.lang)).sort((a, b) => (a.section === 'claims' ? 0 : 1) - (b.section === 'claims' ? 0 : 1) || (a.item ?? 0) - (b.item ?? 0));
}

/**
 * Words of a Japanese document written with different okurigana (取り付け/取付け), one finding each,
 * worded as 送り仮名 variants (checks.notation.okurigana.*). Apart from checkNotation as it needs the
 * segmenter (okurigana.ts).
 */
export async function checkOkurigana(document: PatentDocument): Promise<DraftingFinding[]> {
  if (document.lang !== 'ja') return [];
  const groups = await okuriganaGroups(textsOf(document));
  return groups.map((spellings) => {
    const finding = notationFinding(spellings, document.lang, true);
    return { ...finding, key: finding.key.replace('checks.notation.', 'checks.notation.okurigana.') };
  });
}
