// Query terms in another language than the text's: a Japanese or Chinese invention searched
// against US documents, an English one against Japanese or Chinese documents (and Japanese ↔
// Chinese through English). Dictionary translation of the query, not of the documents: the
// indexes stay as they are, and the translated terms are analysed exactly as the target
// region's documents were (English glosses stemmed, Japanese headwords cut by kuromoji with
// their bigrams), so they meet the index's own tokens.
//
// Ambiguity is what costs precision (装置 is equipment, device, installation, apparatus), so
// each source word gives at most MAX_ALTERNATIVES translations, the first weighing more, and
// only terms the target index holds are kept. Where the target is Japanese or Chinese, an
// English word has many headwords (device → 装置, 機器, デバイス, 素子 …): the ones the target
// documents use most are taken — the corpus decides which word patents write.
// The dictionaries (data/dictionaries/, EDICT/COMPDIC and CC-CEDICT) are read once per process, lazily.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { gunzip as gunzipCallback } from 'node:zlib';
import { turnTaker } from '../../platform/turns.ts';
import { analyzeField, englishTokens, fieldLanguage, japaneseNounPhrases, type TextLanguage } from '../analysis/index.ts';
import { stemKatakana } from '../analysis/japanese.ts';
import { normalizeText } from '../analysis/normalize.ts';
import type { Region } from '../record.ts';
import type { TermIndex } from '../term-index.ts';

const DIRECTORY = path.resolve(import.meta.dirname, '../../../data/dictionaries');
const LANGUAGE_OF: Record<Region, TextLanguage> = { jp: 'ja', cn: 'zh', us: 'en' };
const REGION_OF: Record<TextLanguage, Region> = { ja: 'jp', zh: 'cn', en: 'us' };

/** Translations kept per source word, and the weight of each (the dictionary's first sense counts most). */
const MAX_ALTERNATIVES = 2;
const ALTERNATIVE_WEIGHT = [1, 0.5];
/** Longest headword tried when matching inside a compound or a Han run. */
const LONGEST_HEADWORD = 8;
/** English n-grams tried against the reverse map (semiconductor device → 半導体装置). */
const LONGEST_PHRASE = 3;

export interface Crossing {
  from: TextLanguage;
  to: TextLanguage;
}

/**
 * The languages a search crosses, or null when the text is in the region's own language. Kanji
 * without kana is Japanese for a Japanese search (a title such as 半導体装置), Chinese otherwise,
 * as the analysers decide.
 */
export function crossingOf(text: string, region: Region): Crossing | null {
  const from = fieldLanguage(normalizeText(text), region);
  const to = LANGUAGE_OF[region];
  return from === to ? null : { from, to };
}

// ---------------------------------------------------------------------------------------
// Dictionaries

type Dictionary = Map<string, string[]>;
const loaded = new Map<string, Promise<Dictionary>>();
const gunzip = promisify(gunzipCallback);

/** headword → English glosses of 'ja' or 'zh', read on first use. */
export function dictionaryOf(language: 'ja' | 'zh'): Promise<Dictionary> {
  let dictionary = loaded.get(language);
  if (!dictionary) {
    dictionary = readFile(path.join(DIRECTORY, `${language}-en.tsv.gz`)).then(async (gz) => {
      const entries: Dictionary = new Map();
      // Loaded in the process that answers pages: the event loop gets its turns (whole, it was held 1–4 s).
      const turn = turnTaker();
      for (const line of (await gunzip(gz)).toString('utf8').split('\n')) {
        await turn();
        const tab = line.indexOf('\t');
        if (tab > 0) entries.set(line.slice(0, tab), line.slice(tab + 1).split('|'));
      }
      return entries;
    });
    dictionary.catch(() => loaded.delete(language));
    loaded.set(language, dictionary);
  }
  return dictionary;
}

const reverses = new Map<string, Promise<Map<string, Array<{ headword: string; rank: number }>>>>();

/** English gloss (as stems joined by spaces) → headwords whose first senses say it, with the sense's rank. */
function reverseOf(language: 'ja' | 'zh'): Promise<Map<string, Array<{ headword: string; rank: number }>>> {
  let reverse = reverses.get(language);
  if (!reverse) {
    reverse = dictionaryOf(language).then(async (dictionary) => {
      const map = new Map<string, Array<{ headword: string; rank: number }>>();
      // Word by word with a memo (glosses are ASCII words separated by spaces, few distinct): 6.5 → ~1.5 s.
      const stems = new Map<string, string>();
      const stemmed = (word: string) => stems.get(word) ?? (stems.set(word, englishTokens(word).join(' ')), stems.get(word)!);
      const turn = turnTaker();
      for (const [headword, glosses] of dictionary) {
        await turn();
        glosses.slice(0, MAX_ALTERNATIVES).forEach((gloss, rank) => {
          const key = gloss.split(' ').map(stemmed).filter(Boolean).join(' ');
          if (!key) return;
          const list = map.get(key);
          if (list) list.push({ headword, rank });
          else map.set(key, [{ headword, rank }]);
        });
      }
      return map;
    });
    reverse.catch(() => reverses.delete(language));
    reverses.set(language, reverse);
  }
  return reverse;
}

// ---------------------------------------------------------------------------------------
// Source words

/**
 * Dictionary words of a compound or Han run, longest match first from the left; the whole
 * when the dictionary has it (二次電池 → rechargeable battery, not secondary + battery).
 */
export function longestMatches(run: string, dictionary: Dictionary): string[] {
  const chars = [...run];
  const words: string[] = [];
  for (let i = 0; i < chars.length; ) {
    let found = 0;
    for (let length = Math.min(LONGEST_HEADWORD, chars.length - i); length >= 2; length--) {
      if (dictionary.has(chars.slice(i, i + length).join(''))) {
        found = length;
        break;
      }
    }
    if (found) words.push(chars.slice(i, i + found).join(''));
    i += found || 1;
  }
  return words;
}

/** The words of a Japanese or Chinese text to look up: the analyser's words and the dictionary's longest matches in compounds. */
async function sourceWords(text: string, from: 'ja' | 'zh', dictionary: Dictionary): Promise<string[]> {
  const words = await analyzeField(text, REGION_OF[from], { bigrams: false });
  const runs = from === 'ja' ? (await japaneseNounPhrases(text)).map(stemKatakana) : (normalizeText(text).match(/\p{Script=Han}+/gu) ?? []);
  for (const run of runs) words.push(...longestMatches(run, dictionary));
  return [...new Set(words)].filter((word) => !CLAIM_WORDS.has(word));
}

/**
 * Words of claim language, not of the invention: 「…を有することを特徴とする」, "comprising", "configured
 * to", "optionally". In their own language every claim has them (a low idf); translated, they become
 * words of content with the other language's idf (特徴 → feature, 有する → possess, optionally → 選択,
 * configured → 構成・可能・設定), and a passage holding those was taken to disclose an element.
 * English ones as stems (englishTokens).
 */
const CLAIM_WORDS = new Set([
  ...['特徴', '有する', '有す', '備える', '具備', '含む', '少なくとも', '前記', '当該', '該'],
  ...['所述', '特征', '包括', '具有', '至少'],
  ...['option', 'compris', 'includ', 'consist', 'configur', 'substanti', 'respect'],
]);

// ---------------------------------------------------------------------------------------
// Translation

export interface Translation {
  /** Target-index terms and their weight (1 for the surest, less for alternatives). */
  weights: Map<string, number>;
  /** The target words as a reader sees them (no bigrams), surest first. */
  words: string[];
  /**
   * Source words the dictionary gave no term of the target index for (photoinitiator, gellant):
   * an element still holds them, so a passage holding only its other words (選択 for
   * "optionally") is not taken to disclose it: the term as the target index would hold it (an
   * English stem, a Japanese or Chinese word) and the word as the text writes it.
   */
  unmatched: Array<{ term: string; word: string }>;
}

const documentFrequency = (index: TermIndex, term: string) => {
  const id = index.terms.get(term);
  return id === undefined ? 0 : index.postingDocs[id]!.length;
};

/** Adds the terms the index holds; whether any was. */
function add(into: Translation, terms: readonly string[], weight: number, index: TermIndex | undefined): boolean {
  let added = false;
  for (const term of terms) {
    if (index && !index.terms.has(term)) continue;
    added = true;
    if ((into.weights.get(term) ?? 0) < weight) into.weights.set(term, weight);
  }
  return added;
}

/**
 * Japanese or Chinese headwords for English stems: for each n-gram of the text that a gloss
 * says, the MAX_ALTERNATIVES headwords the target documents use most (all of their words in
 * the index); without an index, the dictionary's order.
 */
async function headwordsFor(stems: readonly string[], to: 'ja' | 'zh', index: TermIndex | undefined, covered = new Set<number>()): Promise<Array<{ headword: string; weight: number }>> {
  const reverse = await reverseOf(to);
  const found: Array<{ headword: string; weight: number }> = [];
  for (let n = LONGEST_PHRASE; n >= 1; n--) {
    for (let i = 0; i + n <= stems.length; i++) {
      const candidates = reverse.get(stems.slice(i, i + n).join(' '));
      if (!candidates) continue;
      // Use in the target documents decides, a headword's second sense counting half (battery → 電池, not 台場).
      const ranked: Array<{ headword: string; use: number }> = [];
      for (const { headword, rank } of candidates) {
        const words = await analyzeField(headword, REGION_OF[to], { bigrams: false });
        const df = index ? Math.min(...words.map((word) => documentFrequency(index, word))) : 1;
        if (words.length && df > 0) ranked.push({ headword, use: df * ALTERNATIVE_WEIGHT[rank]! });
      }
      ranked.sort((a, b) => b.use - a.use || a.headword.length - b.headword.length);
      if (ranked.length) for (let k = i; k < i + n; k++) covered.add(k);
      ranked.slice(0, MAX_ALTERNATIVES).forEach(({ headword }, k) => found.push({ headword, weight: ALTERNATIVE_WEIGHT[k]! }));
    }
  }
  return found;
}

/**
 * The text's terms in the target region's index: the dictionary's translations of its words,
 * analysed as that region's documents are, plus its Latin-script tokens (USB, LED, 5G), which
 * every index shares. With `index`, only terms it holds are kept and alternatives are chosen
 * by use.
 */
export async function translateText(text: string, crossing: Crossing, index?: TermIndex): Promise<Translation> {
  const translation: Translation = { weights: new Map(), words: [], unmatched: [] };
  const targetRegion = REGION_OF[crossing.to];
  // English glosses of the source words (English text: its own words), each with the word it says.
  let englishGlosses: Array<{ gloss: string; weight: number; source: string }>;
  let sources: string[] = [];
  if (crossing.from === 'en') {
    englishGlosses = [{ gloss: text, weight: 1, source: text }];
  } else {
    const dictionary = await dictionaryOf(crossing.from);
    sources = await sourceWords(text, crossing.from, dictionary);
    // A single character (極, 层) is the most ambiguous word: its first sense only, at half weight.
    englishGlosses = sources.flatMap((source) => {
      const single = [...source].length === 1;
      return (dictionary.get(source) ?? []).slice(0, single ? 1 : MAX_ALTERNATIVES).map((gloss, k) => ({ gloss, weight: ALTERNATIVE_WEIGHT[k]! * (single ? 0.5 : 1), source }));
    });
    // Latin-script tokens of the source text are already English index terms.
    add(translation, englishTokens(text.replace(/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]+/gu, ' ')), 1, index);
  }
  // Source words translated into terms the index holds, or into stop words only (有す: have).
  const matched = new Set<string>();
  if (crossing.to === 'en') {
    for (const { gloss, weight, source } of englishGlosses) {
      const terms = await analyzeField(gloss, 'us');
      if (add(translation, terms, weight, index) || terms.length === 0) matched.add(source);
    }
    translation.words = [...translation.weights.keys()];
  } else {
    // Through English: each gloss (or the English text) to the target's headwords.
    const words: string[] = [];
    // An English text's words as written, to name the ones left untranslated.
    const written = crossing.from === 'en' ? writtenWords(text) : undefined;
    for (const { gloss, weight, source } of englishGlosses) {
      const stems = crossing.from === 'en' ? englishTokens(gloss).filter((stem) => !CLAIM_WORDS.has(stem)) : englishTokens(gloss);
      const covered = new Set<number>();
      for (const { headword, weight: alternative } of await headwordsFor(stems, crossing.to, index, covered)) {
        if (add(translation, await analyzeField(headword, targetRegion), weight * alternative, index)) matched.add(source);
        words.push(...(await analyzeField(headword, targetRegion, { bigrams: false })));
      }
      if (written) translation.unmatched.push(...unmatchedStems(stems, covered).map((term) => ({ term, word: written.get(term) ?? term })));
    }
    translation.words = [...new Set(words)];
  }
  if (crossing.from !== 'en') translation.unmatched = unmatchedWords(sources, matched).map((word) => ({ term: word, word }));
  translation.unmatched = [...new Map(translation.unmatched.map((entry) => [entry.term, entry])).values()];
  translation.words.sort((a, b) => (translation.weights.get(b) ?? 0) - (translation.weights.get(a) ?? 0));
  return translation;
}

/** A word worth missing: letters, more than one character (a numeral or a lone 部 says too little to count). */
const COUNTED_WORD = /^(?=.*\p{L})(?!\p{Script=Hiragana}+$).{2,}$/u;

/** English stem → the word the text writes for it (photoiniti → photoinitiator); a sentence's capital lowered. */
function writtenWords(text: string): Map<string, string> {
  const written = new Map<string, string>();
  for (const [word] of normalizeText(text).matchAll(/[\p{L}\p{Nd}]+/gu)) {
    const stems = englishTokens(word);
    const plain = /^\p{Lu}\p{Ll}+$/u.test(word) ? word.toLowerCase() : word;
    if (stems.length === 1 && !written.has(stems[0]!)) written.set(stems[0]!, plain);
  }
  return written;
}

/**
 * English stems no n-gram translated: words, not reference numerals, and not the joined form of
 * a hyphenated word whose parts stand before it (gel-forming → gel, form, gelform).
 */
function unmatchedStems(stems: readonly string[], covered: ReadonlySet<number>): string[] {
  return stems.filter((stem, i) => {
    if (covered.has(i) || !COUNTED_WORD.test(stem) || /\p{Nd}/u.test(stem)) return false;
    // Its parts are stemmed one by one (radiation-curable → radiat, curabl, radiationcur).
    for (let j = i - 2; j >= Math.max(0, i - 4); j--) if (stem.startsWith(stems[j]!) && stem.includes(stems[i - 1]!.slice(0, 3))) return false;
    return true;
  });
}

/**
 * Japanese or Chinese source words no gloss translated, less those the translated words spell
 * whole or hold (圧縮比 when 圧縮 and 比 were translated, 内燃 when 内燃機関 was: kuromoji's
 * words and the dictionary's pieces overlap).
 */
function unmatchedWords(sources: readonly string[], matched: ReadonlySet<string>): string[] {
  const spelled = (word: string): boolean => {
    const reach = new Array<boolean>(word.length + 1).fill(false);
    reach[0] = true;
    for (let i = 0; i < word.length; i++) if (reach[i]) for (const piece of matched) if (word.startsWith(piece, i)) reach[i + piece.length] = true;
    return reach[word.length]!;
  };
  const within = (word: string): boolean => [...matched].some((piece) => piece.includes(word));
  return sources.filter((word) => !matched.has(word) && COUNTED_WORD.test(word) && !/\p{Nd}/u.test(word) && !within(word) && !spelled(word));
}
