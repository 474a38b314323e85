// Synonym candidates for a keyword, mined from the region's corpus. Two sources, and a
// candidate is only offered when the corpus shows it:
//
// 1. Definitions in documents that contain the keyword (up to MINING_DOCUMENTS of them, their
//    title, abstract, claims and the opening of the description, where terms are introduced):
//    - abbreviations, "artificial neural network (ANN)" and "ANN (artificial neural network)",
//      paired by the Schwartz–Hearst algorithm (the short form's letters, in order, in the long
//      form, the first one starting a word, and nearly all of them word initials), so ANN ↔
//      artificial neural network, GPU ↔ graphics processing unit;
//    - CJK terms with a Latin gloss or abbreviation, 液晶表示装置(LCD), 半导体(semiconductor), and
//      the reverse LCD(液晶表示装置);
//    - aliases introduced as （以下、「X」という） / (以下「X」と称する).
//    Ranked by the number of documents that state the pair. A document that pairs the keyword
//    with MAX_GLOSSES_A_DOCUMENT or more different terms names things with it, it does not
//    translate it (実施例１の電池（Neo coupling）, 比較例の電池（NEO V2）): none of its pairs counts.
// 2. Spelling variants that the index does not already unify, kept when documents use them:
//    British and American spelling (colour/color, aluminium/aluminum, analyse/analyze,
//    centre/center, sulphur/sulfur, modelling/modeling, grey/gray …), two words written as
//    one (web site → website), and katakana variants (インターフェース/インタフェース/
//    インターフェイス, ヴァイオリン/バイオリン). Word-final ー and case are unified by the
//    analysers already, and e-mail is indexed as email too, so those are no synonyms. A variant
//    is offered only when documents use it without the keyword; ranked by how many do.
import { japaneseNounPhrases, normalizeText } from '../../patents/analysis/index.ts';
import { isEnglishStopWord } from '../../patents/analysis/english.ts';
import type { Database } from '../../platform/database.ts';
import type { Region } from '../input.ts';
import { countDocuments, textsMatching, type MiningText } from '../../patents/term-statistics.ts';
import { containsRun, termKey, termReading, termTokens } from './terms.ts';

export const MINING_DOCUMENTS = 100;
const DESCRIPTION_CHARS = 20_000;
/** §9: a synonym is at most 50 characters. */
export const MAX_SYNONYM_LENGTH = 50;
export const DEFAULT_SYNONYM_LIMIT = 5;
/** Different terms one document may pair the keyword with before they count as labels (JP2013197100A gives 電池 three). */
const MAX_GLOSSES_A_DOCUMENT = 3;

export interface SynonymCandidate {
  term: string;
  source: 'definition' | 'variant';
  /** Documents stating the pair (definitions), or using the variant but not the keyword (variants; counted up to 1,000). */
  documents: number;
}

// ---------------------------------------------------------------------------------------
// Abbreviations (Schwartz & Hearst, "A simple algorithm for identifying abbreviation
// definitions in biomedical text", PSB 2003)

const ALNUM = /[\p{L}\p{N}]/u;
const isAlnum = (ch: string | undefined): boolean => ch !== undefined && ALNUM.test(ch);

/** The shortest end of `text` whose words hold the short form's characters in order; null if none. */
export function bestLongForm(shortForm: string, text: string): string | null {
  const short = shortForm.toLowerCase();
  const long = text.toLowerCase();
  let s = short.length - 1;
  let l = long.length - 1;
  while (s >= 0) {
    const ch = short[s]!;
    if (!isAlnum(ch)) {
      s--;
      continue;
    }
    // The short form's first character must start a word of the long form.
    while (l >= 0 && (long[l] !== ch || (s === 0 && l > 0 && isAlnum(long[l - 1])))) l--;
    if (l < 0) return null;
    l--;
    s--;
  }
  const start = text.lastIndexOf(' ', l) + 1;
  return text.slice(start);
}

const SHORT_FORM = /^[\p{L}\p{N}][\p{L}\p{N}\-./&]{1,9}$/u;
const HAS_UPPER = /\p{Lu}/u;
const HAS_LETTER = /\p{L}/u;
const PAREN = /\(([^()]{1,80})\)/g;
const LATIN_GLOSS = /^[A-Za-z][A-Za-z0-9 .\-/&]{1,48}$/;
const CJK_BEFORE = /[\p{Script=Han}\p{Script=Katakana}\u30FC・]+$/u;
const LATIN_WORDS_BEFORE = /[A-Za-z][A-Za-z0-9\-]*(?: [A-Za-z][A-Za-z0-9\-]*){0,5}$/;
const CJK_ONLY = /^[\p{Script=Han}\p{Script=Katakana}\u30FC・]{2,30}$/u;
const ALIAS = /^以下[、,]?\s*[「『"“]([^」』"”]{1,30})[」』"”]\s*(?:という|と称する|と呼ぶ|と略す|と略称する|と記す|と記載する|とする)/u;
/** Where the words that a parenthesis defines begin: the sentence or clause before it. */
const CLAUSE_BREAK = /[.;:!?。、，；：,]\s|[()]/g;

const isShortForm = (text: string): boolean => SHORT_FORM.test(text) && HAS_UPPER.test(text) && HAS_LETTER.test(text);

interface DefinitionPair {
  /** The text as written on each side. */
  a: string;
  b: string;
}

function clauseBefore(text: string, end: number): string {
  const window = text.slice(Math.max(0, end - 200), end);
  let start = 0;
  for (const match of window.matchAll(CLAUSE_BREAK)) start = match.index + match[0].length;
  return window.slice(start).trimEnd();
}

const wordsOf = (text: string): string[] => text.split(/\s+/).filter(Boolean);
/**
 * Schwartz–Hearst lets a short form's letters fall anywhere in a word; abbreviations in patents
 * take (nearly) all of them from word initials: graphics processing unit (GPU), radio frequency
 * identification (RFID: all but the D). "rely on near field chip (RFID)" is not one.
 */
function initialsAgree(short: string, long: string): boolean {
  const letters = [...short.replace(/s$/, '').toLowerCase()].filter((ch) => isAlnum(ch));
  const initials = long.toLowerCase().split(/[\s\-/]+/).filter(Boolean).map((word) => word[0]!);
  let matched = 0;
  let at = 0;
  for (const letter of letters) {
    const found = initials.indexOf(letter, at);
    if (found === -1) continue;
    matched++;
    at = found + 1;
  }
  return matched >= letters.length - 1 && matched >= 1;
}

/** "a neural network (ANN)": the article took the A; such a long form is wrong. */
const startsWithStopWord = (text: string): boolean => isEnglishStopWord(wordsOf(text)[0]!.toLowerCase());

async function lastJapaneseCompound(run: string): Promise<string | null> {
  const phrases = await japaneseNounPhrases(run);
  const last = phrases[phrases.length - 1];
  return last && normalizeText(run).endsWith(last) ? last : null;
}

/** Definition pairs stated in one text (NFKC-normalised, so full-width brackets are ASCII). */
export async function definitionPairs(raw: string): Promise<DefinitionPair[]> {
  const text = raw.normalize('NFKC').replace(/\s+/g, ' ');
  const pairs: DefinitionPair[] = [];
  for (const match of text.matchAll(PAREN)) {
    const inside = match[1]!.trim();
    const before = clauseBefore(text, match.index);
    if (!before) continue;
    const alias = ALIAS.exec(inside);
    const cjkBefore = CJK_BEFORE.exec(before)?.[0];
    if (cjkBefore && before.endsWith(cjkBefore)) {
      const term = (await lastJapaneseCompound(cjkBefore)) ?? (cjkBefore.length <= 12 ? cjkBefore : null);
      if (!term) continue;
      if (alias) pairs.push({ a: term, b: alias[1]! });
      else if (LATIN_GLOSS.test(inside) && inside.length >= 2) pairs.push({ a: term, b: inside });
      continue;
    }
    if (CJK_ONLY.test(inside)) {
      // LCD(液晶表示装置): a Latin term glossed in Japanese or Chinese.
      const latin = LATIN_WORDS_BEFORE.exec(before)?.[0];
      if (latin && (isShortForm(latin) || wordsOf(latin).length <= 3)) pairs.push({ a: isShortForm(wordsOf(latin).at(-1)!) ? wordsOf(latin).at(-1)! : latin, b: inside });
      continue;
    }
    const insideWords = wordsOf(inside);
    if (insideWords.length === 0) continue;
    if (insideWords.length <= 2) {
      // long form (SF)
      const short = insideWords[0]!.replace(/[,;]$/, '');
      if (!isShortForm(short)) continue;
      const letters = short.replace(/s$/, '').length;
      const words = wordsOf(before);
      const window = words.slice(-Math.min(letters + 5, letters * 2)).join(' ');
      const long = bestLongForm(short.replace(/s$/, ''), window);
      if (long && long.length > short.length && !long.toLowerCase().split(/\s+/).includes(short.toLowerCase()) && wordsOf(long).length >= 2 && !startsWithStopWord(long) && initialsAgree(short, long)) {
        pairs.push({ a: long, b: short });
      }
    } else {
      // SF (long form)
      const short = wordsOf(before).at(-1);
      if (!short || !isShortForm(short)) continue;
      const long = bestLongForm(short.replace(/s$/, ''), inside);
      if (long && long === inside && wordsOf(long).length >= 2 && !startsWithStopWord(long) && initialsAgree(short, long)) pairs.push({ a: long, b: short });
    }
  }
  return pairs;
}

// ---------------------------------------------------------------------------------------
// Spelling variants

/** Whole-word British/American pairs the suffix rules below do not reach. */
const SPELLING_PAIRS: ReadonlyArray<[string, string]> = [
  ['aluminium', 'aluminum'], ['sulphur', 'sulfur'], ['sulphate', 'sulfate'], ['sulphide', 'sulfide'], ['grey', 'gray'],
  ['tyre', 'tire'], ['mould', 'mold'], ['moulding', 'molding'], ['plough', 'plow'], ['programme', 'program'],
  ['analogue', 'analog'], ['catalogue', 'catalog'], ['dialogue', 'dialog'], ['defence', 'defense'], ['licence', 'license'],
  ['kerb', 'curb'], ['draught', 'draft'], ['cheque', 'check'], ['storey', 'story'], ['oestrogen', 'estrogen'],
  ['haemoglobin', 'hemoglobin'], ['anaesthesia', 'anesthesia'], ['foetus', 'fetus'], ['manoeuvre', 'maneuver'],
];

/** Suffix rewrites, both ways: colour/color, optimise/optimize, analyse/analyze, centre/center, modelling/modeling. */
const SUFFIX_RULES: ReadonlyArray<[RegExp, string]> = [
  [/our(s?)$/, 'or$1'], [/([^aeiou])or(s?)$/, '$1our$2'],
  [/is(e|es|ed|ing|ation|ations|er|ers)$/, 'iz$1'], [/iz(e|es|ed|ing|ation|ations|er|ers)$/, 'is$1'],
  [/ys(e|es|ed|ing|er|ers)$/, 'yz$1'], [/yz(e|es|ed|ing|er|ers)$/, 'ys$1'],
  [/([^aeiou])re(s?)$/, '$1er$2'], [/([^aeiou])er(s?)$/, '$1re$2'],
  [/([aeiou])ll(ing|ed|er|ers)$/, '$1l$2'], [/([aeiou])l(ing|ed|er|ers)$/, '$1ll$2'],
];

function wordVariants(word: string): string[] {
  const lower = word.toLowerCase();
  if (lower.length < 4 || !/^[a-z]+$/.test(lower)) return [];
  const out = new Set<string>();
  for (const [a, b] of SPELLING_PAIRS) {
    if (lower === a) out.add(b);
    if (lower === b) out.add(a);
    if (lower === `${a}s`) out.add(`${b}s`);
    if (lower === `${b}s`) out.add(`${a}s`);
  }
  for (const [pattern, replacement] of SUFFIX_RULES) if (pattern.test(lower)) out.add(lower.replace(pattern, replacement));
  out.delete(lower);
  return [...out];
}

const SMALL_OR_SPECIAL_KANA = /[ァィゥェォャュョッヮンー・]/u;

// Small vowel kana after the consonants that take them (ウェ, フィ, ティ, ディ, シェ, ジェ, チェ, ツァ …)
// written full size, as gazettes often do (ウェハ / ウエハ, フィルム / フイルム), and back.
const SMALL_VOWEL_KANA: Record<string, string> = { ァ: 'ア', ィ: 'イ', ゥ: 'ウ', ェ: 'エ', ォ: 'オ' };
const TAKES_SMALL_VOWEL = /[ウクグスズツテデトドフヴシジチ]/u;

/** One vowel kana written the other size (small ↔ full), one place at a time. */
function vowelSizeVariants(word: string): string[] {
  const chars = [...word];
  const out: string[] = [];
  chars.forEach((ch, i) => {
    if (i === 0 || !TAKES_SMALL_VOWEL.test(chars[i - 1]!)) return;
    const full = SMALL_VOWEL_KANA[ch];
    const small = Object.keys(SMALL_VOWEL_KANA).find((key) => SMALL_VOWEL_KANA[key] === ch);
    const other = full ?? small;
    if (other) out.push([...chars.slice(0, i), other, ...chars.slice(i + 1)].join(''));
  });
  return out;
}

/**
 * Katakana spelling variants: inner ー dropped or added, ェー/ェイ, ヴ/バ行, a vowel kana small or
 * full size, and those combined once (ウェハ → ウエハ → ウエーハ). Many are no words; the miner
 * keeps those the documents use.
 */
export function katakanaVariants(word: string): string[] {
  const out = new Set<string>(lengthAndSoundVariants(word));
  // Combined only with a change of size, so a long word gives tens of variants, not hundreds.
  for (const sized of vowelSizeVariants(word)) {
    out.add(sized);
    for (const second of lengthAndSoundVariants(sized)) out.add(second);
  }
  for (const changed of lengthAndSoundVariants(word)) for (const sized of vowelSizeVariants(changed)) out.add(sized);
  out.delete(word);
  return [...out];
}

/** Inner ー dropped or added, ェー/ェイ, ヴ/バ行. */
function lengthAndSoundVariants(word: string): string[] {
  const out = new Set<string>();
  const chars = [...word];
  const katakana = (ch: string | undefined) => ch !== undefined && /[\p{Script=Katakana}\u30FC]/u.test(ch);
  for (let i = 1; i < chars.length - 1; i++) {
    // Inner long-vowel mark dropped: インターフェース → インタフェース.
    if (chars[i] === 'ー' && katakana(chars[i - 1]) && katakana(chars[i + 1])) out.add([...chars.slice(0, i), ...chars.slice(i + 1)].join(''));
  }
  for (let i = 0; i < chars.length - 1; i++) {
    // Long-vowel mark added inside: インタフェース → インターフェース.
    const here = chars[i]!;
    const next = chars[i + 1]!;
    if (katakana(here) && !SMALL_OR_SPECIAL_KANA.test(here) && katakana(next) && !SMALL_OR_SPECIAL_KANA.test(next)) {
      out.add([...chars.slice(0, i + 1), 'ー', ...chars.slice(i + 1)].join(''));
    }
  }
  const replacements: Array<[RegExp, string]> = [
    [/ェー/g, 'ェイ'], [/ェイ/g, 'ェー'],
    [/ヴァ/g, 'バ'], [/ヴィ/g, 'ビ'], [/ヴェ/g, 'ベ'], [/ヴォ/g, 'ボ'], [/ヴ(?![ァィェォ])/g, 'ブ'],
    [/バ/g, 'ヴァ'], [/ビ/g, 'ヴィ'], [/ベ/g, 'ヴェ'], [/ボ/g, 'ヴォ'],
  ];
  for (const [pattern, replacement] of replacements) if (pattern.test(word)) out.add(word.replace(pattern, replacement));
  out.delete(word);
  return [...out];
}

/** A katakana word of 3 characters at least (a 2-kana variant, デタ for データ, is no one's spelling); the notation check reads words so too. */
export const KATAKANA_RUN = /[\p{Script=Katakana}\u30FC]{3,}/gu;

/** Spelling variants of a term: each word varied alone, and two words written as one. */
export function spellingVariants(term: string): string[] {
  const out = new Set<string>();
  const words = term.trim().split(/\s+/);
  words.forEach((word, index) => {
    for (const variant of wordVariants(word)) out.add([...words.slice(0, index), variant, ...words.slice(index + 1)].join(' '));
  });
  if (words.length === 2 && words.every((w) => /^[A-Za-z]{2,}$/.test(w))) out.add(words.join('').toLowerCase());
  for (const match of term.matchAll(KATAKANA_RUN)) {
    for (const variant of katakanaVariants(match[0])) out.add(term.slice(0, match.index) + variant + term.slice(match.index + match[0].length));
  }
  out.delete(term);
  return [...out];
}

// ---------------------------------------------------------------------------------------

const textOf = (document: MiningText): string[] => [document.title, document.abstract, document.claims, document.description].filter((t): t is string => Boolean(t));

const INNER_UPPER = /^.+\p{Lu}|^\p{Lu}{2,}/u;
/** A mined term as shown: acronyms and capitalised words inside kept, other Latin words lower case. */
const displayTerm = (term: string): string =>
  term
    .split(' ')
    .map((word) => (INNER_UPPER.test(word) ? word : word.toLowerCase()))
    .join(' ');

/**
 * Synonym candidates of a keyword found in the region's corpus, best first (at most `limit`),
 * never the keyword itself or a term the index reads the same way, nor one in `exclude`.
 */
export async function mineSynonyms(
  db: Database,
  keyword: string,
  region: Region,
  options: { limit?: number; exclude?: readonly string[]; signal?: AbortSignal } = {},
): Promise<SynonymCandidate[]> {
  const limit = options.limit ?? DEFAULT_SYNONYM_LIMIT;
  // The keyword and the mined terms as a formula reads them (termReading): 制御部 is not 制御.
  const { tsquery } = await termReading(keyword, region);
  if (!tsquery) return [];
  const keywordTokens = await termTokens(keyword, region);
  const keywordKey = await termKey(keyword, region);
  const taken = new Set([keywordKey, ...(await Promise.all((options.exclude ?? []).map((term) => termKey(term, region))))]);

  // 1. Definitions stated in documents that use the keyword.
  const documents = await textsMatching(db, region, tsquery, { limit: MINING_DOCUMENTS, descriptionChars: DESCRIPTION_CHARS });
  options.signal?.throwIfAborted();
  const mined = new Map<string, { surfaces: Map<string, number>; documents: Set<string> }>();
  const keyCache = new Map<string, Promise<string>>();
  const keyOf = (term: string) => {
    let key = keyCache.get(term);
    if (!key) keyCache.set(term, (key = termKey(term, region)));
    return key;
  };
  for (const document of documents) {
    const stated = new Map<string, string[]>();
    for (const text of textOf(document)) {
      for (const pair of await definitionPairs(text)) {
        for (const [mine, other] of [[pair.a, pair.b], [pair.b, pair.a]] as const) {
          const mineKey = await keyOf(mine);
          // Only the keyword itself: a longer term ending in it names a kind of it
          // (convolutional neural network (CNN) is no synonym of neural network).
          if (mineKey !== keywordKey) continue;
          const otherKey = await keyOf(other);
          if (!otherKey || taken.has(otherKey) || other.length > MAX_SYNONYM_LENGTH) continue;
          stated.set(otherKey, [...(stated.get(otherKey) ?? []), displayTerm(other)]);
        }
      }
    }
    if (stated.size >= MAX_GLOSSES_A_DOCUMENT) continue;
    for (const [otherKey, shownForms] of stated) {
      let entry = mined.get(otherKey);
      if (!entry) mined.set(otherKey, (entry = { surfaces: new Map(), documents: new Set() }));
      for (const shown of shownForms) entry.surfaces.set(shown, (entry.surfaces.get(shown) ?? 0) + 1);
      entry.documents.add(document.id);
    }
  }
  const candidates: SynonymCandidate[] = [...mined.values()]
    .map((entry) => ({ term: [...entry.surfaces].sort((a, b) => b[1] - a[1])[0]![0], source: 'definition' as const, documents: entry.documents.size }))
    .sort((a, b) => b.documents - a.documents || a.term.localeCompare(b.term));
  for (const candidate of candidates) taken.add(await keyOf(candidate.term));

  // 2. Spelling variants the corpus uses.
  const variants: string[] = [];
  for (const variant of spellingVariants(keyword)) {
    const key = await keyOf(variant);
    if (key && !taken.has(key) && variant.length <= MAX_SYNONYM_LENGTH) {
      taken.add(key);
      variants.push(variant);
    }
  }
  if (variants.length) {
    // Only a variant that finds documents the keyword misses is worth adding (neuralnetwork
    // occurs only as neural-network, which the keyword already finds).
    const readings = await Promise.all(variants.map((variant) => termReading(variant, region)));
    const counts = await countDocuments(db, region, readings.map((reading) => (reading.tsquery ? `${reading.tsquery} & !${tsquery}` : null)), { cap: 1000 });
    variants
      .map((term, index) => ({ term, source: 'variant' as const, documents: counts[index]! }))
      .filter((variant) => variant.documents > 0)
      .sort((a, b) => b.documents - a.documents || a.term.localeCompare(b.term))
      .forEach((variant) => candidates.push(variant));
  }
  // A candidate that is the keyword or a better candidate with words around it finds only
  // documents those find (the neural network model next to neural network).
  const chosen: SynonymCandidate[] = [];
  const chosenTokens: string[][] = [keywordTokens];
  for (const candidate of candidates) {
    if (chosen.length >= limit) break;
    const tokens = await termTokens(candidate.term, region);
    if (chosenTokens.some((other) => containsRun(tokens, other))) continue;
    chosen.push(candidate);
    chosenTokens.push(tokens);
  }
  return chosen;
}
