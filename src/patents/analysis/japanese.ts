// Japanese tokens: kuromoji (IPADIC) content words plus character bigrams, and the
// noun-compound extractor used by keyword extraction.
//
// Text is segmented by morphology.ts over kuromoji's dictionary and Viterbi search: the same
// tokens as kuromoji's own tokenize, about 4× faster on gazette text. The dictionary is loaded
// once per process, lazily, on the first call that needs it (a module-level promise; a failed
// load is forgotten so the next call retries), straight from kuromoji's files by dictionary.ts
// (about the CPU of kuromoji's builder, ~1.2 s at load 6, but ~100 MB of shareable arrays
// instead of ~340 MB); a worker thread of the ingest pool is given the pool's dictionary instead
// (useSharedDictionary).
// kuromojiBuildCount() tells how often a dictionary was loaded.
//
// This module also holds the CJK script helpers (runs, bigrams, katakana stem) that the
// Chinese analyser shares.
import { createRequire } from 'node:module';
import type { IpadicFeatures, Tokenizer } from 'kuromoji';
import { kuromojiDictionaryPath, loadSharedDictionary, morphologyDictionary, type SharedMorphologyDictionary } from './dictionary.ts';
import { englishTokensNormalized } from './english.ts';
import { Morphology, type Morpheme } from './morphology.ts';
import { normalizeText } from './normalize.ts';

// ---------------------------------------------------------------------------------------
// CJK script helpers

const CJK_CLASS = '\\p{Script=Han}\\p{Script=Hiragana}\\p{Script=Katakana}\\u30FC\\u3006';
/** Han, kana, ー and 〆: the characters the CJK analysers own. */
export const CJK_RUN = new RegExp(`[${CJK_CLASS}]+`, 'gu');
export const KANA = /[\p{Script=Hiragana}\p{Script=Katakana}]/u;
export const HAN = /\p{Script=Han}/u;

/** A character of the runs that bigrams are made of: Han and katakana (with ー). Hiragana is mostly grammar. */
const BIGRAM_CHARACTER = /^[\p{Script=Han}\p{Script=Katakana}\u30FC\u3006]$/u;
const KATAKANA_WORD_FINAL_CHOONPU = /(?<=[\p{Script=Katakana}\u30FC]{3})\u30FC(?![\p{Script=Katakana}\u30FC])/gu;

/**
 * Drops the long-vowel mark that ends a katakana word of four or more characters, as JIS
 * style and most gazettes write them (コンピューター → コンピュータ, サーバー → サーバ),
 * while short words keep it (キー, カバー). Same rule as Lucene's JapaneseKatakanaStemFilter.
 */
export function stemKatakana(text: string): string {
  return text.includes('\u30FC') ? text.replace(KATAKANA_WORD_FINAL_CHOONPU, '') : text;
}

/** Splits text into CJK runs and the text between them, in order. */
export function splitCjk(text: string): { text: string; cjk: boolean }[] {
  const segments: { text: string; cjk: boolean }[] = [];
  let last = 0;
  for (const match of text.matchAll(CJK_RUN)) {
    const start = match.index;
    if (start > last) segments.push({ text: text.slice(last, start), cjk: false });
    segments.push({ text: match[0], cjk: true });
    last = start + match[0].length;
  }
  if (last < text.length) segments.push({ text: text.slice(last), cjk: false });
  return segments;
}

/**
 * Whether a code point belongs to a bigram run (BIGRAM_CHARACTER), by BMP code unit from a
 * table filled on first sight (0 unknown, 1 yes, 2 no).
 */
const bigramUnits = new Uint8Array(0x10000);
export function isBigramCharacter(code: number): boolean {
  if (code > 0xffff) return BIGRAM_CHARACTER.test(String.fromCodePoint(code));
  let known = bigramUnits[code]!;
  if (known === 0) bigramUnits[code] = known = BIGRAM_CHARACTER.test(String.fromCharCode(code)) ? 1 : 2;
  return known === 1;
}

// Bigrams of BMP characters are interned: the same string for every occurrence, made on first sight from its two
// code units, so a new run's bigrams cost a table read each instead of a new string (the run memo of
// japaneseTokensNormalized holds ~4.7 million bigrams of jp-fulltext's 314,000 distinct runs, ~300,000 distinct
// ones: the copies were garbage to collect or old-generation memory to mark). Keys are (first << 16 | second) and a
// lone character's code unit (never a pair's: a pair's first unit is a Han or katakana one). Bounded: when full, start over.
const BIGRAM_BITS = 20;
const BIGRAM_SLOTS = 1 << BIGRAM_BITS;
const BIGRAM_LIMIT = (BIGRAM_SLOTS >> 1) + (BIGRAM_SLOTS >> 3);
const bigramKeys = new Int32Array(BIGRAM_SLOTS);
const bigramIndex = new Int32Array(BIGRAM_SLOTS);
const bigramList: string[] = [];

/** The interned text[from, to) (one or two BMP code units) under its key. */
function internedBigram(text: string, from: number, to: number, key: number): string {
  for (let slot = Math.imul(key, 0x9e3779b1) >>> (32 - BIGRAM_BITS); ; slot = (slot + 1) & (BIGRAM_SLOTS - 1)) {
    const index = bigramIndex[slot]!;
    if (index === 0) {
      const bigram = text.slice(from, to);
      if (bigramList.length >= BIGRAM_LIMIT) {
        bigramIndex.fill(0);
        bigramList.length = 0;
        return bigram;
      }
      bigramKeys[slot] = key;
      bigramIndex[slot] = bigramList.push(bigram);
      return bigram;
    }
    if (bigramKeys[slot] === key) return bigramList[index - 1]!;
  }
}

/** text[from, to): interned when it is one or two BMP code units of BIGRAM_CHARACTERs. */
function bigramOf(text: string, from: number, to: number): string {
  const units = to - from;
  if (units === 2) {
    const first = text.charCodeAt(from);
    const second = text.charCodeAt(from + 1);
    // Not a surrogate pair (one character beyond the BMP).
    if (first < 0xd800 || first > 0xdbff) return internedBigram(text, from, to, (first << 16) | second);
  } else if (units === 1) return internedBigram(text, from, to, text.charCodeAt(from));
  return text.slice(from, to);
}

/**
 * cjkBigrams for text that is already normalizeText()-ed (internal fast path). The runs of
 * BIGRAM_CHARACTERs found by one scan of the code points, each bigram a slice of the text (the same
 * strings as matching the runs and joining their characters, a quarter of the time: the memo of
 * japaneseTokensNormalized makes them for every new run, ~300,000 in jp-fulltext), interned (bigramOf).
 */
export function cjkBigramsNormalized(normalized: string, out: string[] = []): string[] {
  const text = stemKatakana(normalized);
  // Where the run's previous character starts and ends, and how many characters the run has so far.
  let previous = 0;
  let previousEnd = 0;
  let characters = 0;
  for (let i = 0; i < text.length; ) {
    const code = text.codePointAt(i)!;
    const end = i + (code > 0xffff ? 2 : 1);
    if (isBigramCharacter(code)) {
      if (characters > 0) out.push(bigramOf(text, previous, end));
      previous = i;
      previousEnd = end;
      characters++;
    } else {
      // A run of one character gives that character.
      if (characters === 1) out.push(bigramOf(text, previous, previousEnd));
      characters = 0;
    }
    i = end;
  }
  if (characters === 1) out.push(bigramOf(text, previous, previousEnd));
  return out;
}

/**
 * Overlapping character bigrams of every Han/katakana run, in text order (半導体装置 →
 * 半導, 導体, 体装, 装置); a run of one character gives that character, so one-character
 * words stay findable. Hiragana, Latin, digits and punctuation break runs. Katakana words
 * are stemmed first (stemKatakana) so コンピューター and コンピュータ share their bigrams.
 */
export function cjkBigrams(text: string): string[] {
  return cjkBigramsNormalized(normalizeText(text));
}

// ---------------------------------------------------------------------------------------
// kuromoji, built once per process

type KuromojiTokenizer = Tokenizer<IpadicFeatures>;

// kuromoji itself is required when its tokenizer is asked for (the reference mode, tests): the segmenter reads only its
// dictionary files, and loading the package cost each ingest thread 40–55 ms of CPU.
const require = createRequire(import.meta.url);
let tokenizerPromise: Promise<KuromojiTokenizer> | null = null;
let builds = 0;

export { kuromojiDictionaryPath } from './dictionary.ts';

/** How many times this process built kuromoji's tokenizer or loaded its dictionary for the segmenter (0 or 1 unless a build failed). */
export const kuromojiBuildCount = (): number => builds;

/** The process-wide tokenizer, built on first use. */
export function kuromojiTokenizer(): Promise<KuromojiTokenizer> {
  if (!tokenizerPromise) {
    builds++;
    tokenizerPromise = new Promise<KuromojiTokenizer>((resolve, reject) => {
      const kuromoji = require('kuromoji') as typeof import('kuromoji');
      kuromoji.builder({ dicPath: kuromojiDictionaryPath() }).build((error, tokenizer) => {
        if (error) reject(error);
        else resolve(tokenizer);
      });
    });
    tokenizerPromise.catch(() => {
      tokenizerPromise = null;
    });
  }
  return tokenizerPromise;
}

/** What segments Japanese text: morphology.ts, or kuromoji itself in the reference mode. */
export interface Segmenter {
  tokenize(text: string): Morpheme[];
}

/**
 * HATSUMEI_JAPANESE_SEGMENTER=kuromoji: kuromoji's own tokenize and no memo, as the analyser was
 * before morphology.ts (same tokens, ~5× slower); bench/search measures it as the "before".
 */
const REFERENCE = process.env.HATSUMEI_JAPANESE_SEGMENTER === 'kuromoji';
export const REFERENCE_SEGMENTER = REFERENCE;

let segmenterPromise: Promise<Segmenter> | null = null;

/** Gives this thread a dictionary loaded elsewhere (the ingest pool's, index-pool.ts), before its first Japanese text. */
export function useSharedDictionary(dictionary: SharedMorphologyDictionary): void {
  if (REFERENCE || segmenterPromise) return;
  segmenterPromise = Promise.resolve(new Morphology(morphologyDictionary(dictionary)));
}

/** The process-wide segmenter over kuromoji's dictionary (kuromoji's tokens, faster). */
export function japaneseMorphology(): Promise<Segmenter> {
  if (!segmenterPromise) {
    if (REFERENCE) {
      segmenterPromise = kuromojiTokenizer().then((tokenizer) => ({ tokenize: (text: string) => tokenizer.tokenize(text) }));
    } else {
      builds++;
      segmenterPromise = loadSharedDictionary().then((dictionary) => new Morphology(morphologyDictionary(dictionary)));
    }
    segmenterPromise.catch(() => {
      segmenterPromise = null;
    });
  }
  return segmenterPromise;
}

// ---------------------------------------------------------------------------------------
// Content words

/** Patent boilerplate and light verbs that carry no meaning for retrieval (base forms). */
const JAPANESE_STOP_WORDS: ReadonlySet<string> = new Set([
  // 前記 / 該 / 当該 are "said" / "the", as in the English and Chinese lists.
  '前記', '該', '当該',
  // light and auxiliary verbs (する in 接続する, いる in している …)
  'する', 'ある', 'いる', 'なる', 'おる', 'できる', 'れる', 'られる', 'せる', 'させる', 'くる', 'いく',
  // formal nouns IPADIC sometimes tags as 一般
  'こと', 'もの', 'ため', 'よう', 'とき', 'ところ',
]);

const SINGLE_KANA = /^[\p{Script=Hiragana}\p{Script=Katakana}\u30FC]$/u;
const HAS_WORD_CHAR = /[\p{L}\p{N}]/u;

function basicForm(token: Morpheme): string {
  return token.basic_form && token.basic_form !== '*' ? token.basic_form : token.surface_form;
}

/** Content-word form of one kuromoji token, or null for particles, auxiliaries, symbols … */
function contentWord(token: Morpheme): string | null {
  const { pos, pos_detail_1: detail } = token;
  let word: string;
  if (pos === '名詞') {
    // 非自立 (こと, ため), 代名詞 (これ), 特殊, 接尾 (性, 部, 上: kept in compounds only).
    if (detail === '非自立' || detail === '代名詞' || detail === '特殊' || detail === '接尾') return null;
    word = token.surface_form;
  } else if (pos === '動詞' || pos === '形容詞') {
    if (detail !== '自立') return null;
    word = basicForm(token);
  } else {
    return null;
  }
  if (JAPANESE_STOP_WORDS.has(word) || SINGLE_KANA.test(word) || !HAS_WORD_CHAR.test(word)) return null;
  return stemKatakana(word);
}

// A CJK run holds no punctuation, so the morphological analyser sees it alone and its tokens
// depend on nothing else: its words and its bigrams are memoised, and so are the tokens of the
// text between runs (numbers, reference signs, Latin words). Patent text repeats itself
// (前記第, 半導体装置, を備える, 、(1)): over the 281 gazettes of the corpus 70 % of runs, half of
// the run characters, had been seen before. Bounded like the English stem cache: when full, start over.
const RUN_CACHE_LIMIT = REFERENCE ? 0 : 300_000;

// The run memo as an open-addressing table keyed by a hash that the scan of japaneseTokensNormalized
// computes as it reads the run's characters, and a run found by comparing it in place (startsWith at
// the run's start): no string sliced out of the text and hashed again for each of the ~3,700 runs of a
// gazette (a Map<string, …> lookup was ~7 % of the analysis). Slots are [hash, index + 1 into runTexts, first token,
// end of its tokens] side by side (one cache line per probe); 2^19 of them keep the table at most 57 % full.
// A run's tokens (its words, then its bigrams) lie one after another in memoTokens, one array for all runs, instead of
// an array and an object per run: a hit reads the slot, the run's text and one stretch of memoTokens rather than
// chasing four objects scattered over the old generation (runTokens' own time was ~10 % of the analysis, mostly misses).
const RUN_SLOTS = 1 << 19;
const RUN_STRIDE = 4;
const runSlots = new Int32Array(RUN_STRIDE * RUN_SLOTS);
const runTexts: string[] = [];
/** Per run (index into runTexts): where its bigrams start in memoTokens (its words end there). */
let runWordsEnd = new Int32Array(1 << 16);
const memoTokens: string[] = [];
/** memoTokens is emptied (with the whole memo) once it holds this many. */
const MEMO_TOKEN_LIMIT = 8_000_000;
/** FNV-1a over the run's code points (runHash, then runHashStep per code point). */
const RUN_HASH_SEED = 0x811c9dc5 | 0;
const runHashStep = (hash: number, code: number): number => Math.imul(hash ^ code, 0x01000193);

/** The slot of the memoised run text[start, end) with this hash, or -1 - the slot where it would go. */
function findRun(text: string, start: number, end: number, hash: number): number {
  const length = end - start;
  for (let slot = hash & (RUN_SLOTS - 1); ; slot = (slot + 1) & (RUN_SLOTS - 1)) {
    const at = RUN_STRIDE * slot;
    const entry = runSlots[at + 1]!;
    if (entry === 0) return -1 - slot;
    if (runSlots[at] === hash) {
      const run = runTexts[entry - 1]!;
      if (run.length === length && text.startsWith(run, start)) return slot;
    }
  }
}

function forgetRuns(): void {
  runSlots.fill(0);
  runTexts.length = 0;
  memoTokens.length = 0;
}

/** Files the run whose tokens are memoTokens[first, end) (bigrams from wordsEnd) in `slot` (found free by findRun before they were added). */
function rememberRun(slot: number, hash: number, run: string, first: number, wordsEnd: number, end: number): number {
  const index = runTexts.length;
  if (index >= runWordsEnd.length) {
    const bigger = new Int32Array(2 * runWordsEnd.length);
    bigger.set(runWordsEnd);
    runWordsEnd = bigger;
  }
  runTexts.push(run);
  runWordsEnd[index] = wordsEnd;
  const at = RUN_STRIDE * slot;
  runSlots[at] = hash;
  runSlots[at + 1] = index + 1;
  runSlots[at + 2] = first;
  runSlots[at + 3] = end;
  return slot;
}

function remember<T>(cache: Map<string, T>, key: string, value: T): T {
  if (cache.size >= RUN_CACHE_LIMIT) cache.clear();
  if (RUN_CACHE_LIMIT > 0) cache.set(key, value);
  return value;
}

const betweenCache = new Map<string, readonly string[]>();

/** Whether a code point can be part of an English word (a letter, digit or mark: englishTokens' WORD), as isCjk keeps it. */
const wordUnits = new Uint8Array(0x10000);
const WORD_CHARACTER = /^[\p{L}\p{N}\p{M}]$/u;
function isWordCharacter(code: number): boolean {
  if (code > 0xffff) return WORD_CHARACTER.test(String.fromCodePoint(code));
  let known = wordUnits[code]!;
  if (known === 0) wordUnits[code] = known = WORD_CHARACTER.test(String.fromCharCode(code)) ? 1 : 2;
  return known === 1;
}

/** English tokens of the text between two CJK runs. */
function betweenTokens(text: string, out: string[]): void {
  // Most of it is punctuation alone (、 is a third of the million in jp-fulltext, 。 ( ) next), which gives no token: skip the memo.
  let word = false;
  for (let i = 0; i < text.length && !word; i++) {
    const code = text.codePointAt(i)!;
    word = isWordCharacter(code);
    if (code > 0xffff) i++;
  }
  if (!word) return;
  const tokens = betweenCache.get(text) ?? remember(betweenCache, text, englishTokensNormalized(text));
  for (const token of tokens) out.push(token);
}

/** Content words, then (with `bigrams`) character bigrams, of the normalised CJK run text[start, end) (no Latin in it) whose runHash is `hash`. */
function runTokens(segmenter: Segmenter, text: string, start: number, end: number, hash: number, bigrams: boolean, out: string[]): void {
  let slot = findRun(text, start, end, hash);
  if (slot < 0) {
    // Full: start over, and find the run's slot in the emptied table (without a memo, RUN_CACHE_LIMIT 0: its tokens only).
    if (RUN_CACHE_LIMIT === 0) memoTokens.length = 0;
    else if (runTexts.length >= RUN_CACHE_LIMIT || memoTokens.length >= MEMO_TOKEN_LIMIT) {
      forgetRuns();
      slot = findRun(text, start, end, hash);
    }
    const run = text.slice(start, end);
    const first = memoTokens.length;
    for (const token of segmenter.tokenize(run)) {
      const word = contentWord(token);
      if (word) memoTokens.push(word);
    }
    const wordsEnd = memoTokens.length;
    cjkBigramsNormalized(run, memoTokens);
    if (RUN_CACHE_LIMIT === 0) {
      for (let i = first; i < (bigrams ? memoTokens.length : wordsEnd); i++) out.push(memoTokens[i]!);
      return;
    }
    slot = rememberRun(-1 - slot, hash, run, first, wordsEnd, memoTokens.length);
  }
  const at = RUN_STRIDE * slot;
  const first = runSlots[at + 2]!;
  const last = bigrams ? runSlots[at + 3]! : runWordsEnd[runSlots[at + 1]! - 1]!;
  for (let i = first; i < last; i++) out.push(memoTokens[i]!);
}

/**
 * Whether a code point belongs to a CJK run (CJK_RUN's class), by BMP code unit from a table
 * filled on first sight (the scan of japaneseTokensNormalized reads every character of a
 * description: ~40,000 per gazette). 0 unknown, 1 yes, 2 no.
 */
const cjkUnits = new Uint8Array(0x10000);
const CJK_CHARACTER = new RegExp(`^[${CJK_CLASS}]$`, 'u');
export function isCjk(code: number): boolean {
  if (code > 0xffff) return CJK_CHARACTER.test(String.fromCodePoint(code));
  let known = cjkUnits[code]!;
  if (known === 0) cjkUnits[code] = known = CJK_CHARACTER.test(String.fromCharCode(code)) ? 1 : 2;
  return known === 1;
}

export interface JapaneseOptions {
  /** Add the character bigrams of each CJK run after its words (default true). */
  bigrams?: boolean;
}

/** japaneseTokens for text that is already normalizeText()-ed (internal fast path). */
export async function japaneseTokensNormalized(normalized: string, options: JapaneseOptions = {}): Promise<string[]> {
  const out: string[] = [];
  if (!normalized) return out;
  const segmenter = await japaneseMorphology();
  const bigrams = options.bigrams !== false;
  // splitCjk's segments (CJK_RUN's matches and the text between), found by one scan of the
  // code points instead of the regular expression: no match object per run (a description has thousands).
  let last = 0;
  let runStart = -1;
  let hash = RUN_HASH_SEED;
  const length = normalized.length;
  for (let i = 0; i < length; ) {
    const code = normalized.codePointAt(i)!;
    const cjk = isCjk(code);
    if (cjk) {
      if (runStart < 0) {
        runStart = i;
        hash = RUN_HASH_SEED;
        if (runStart > last) betweenTokens(normalized.slice(last, runStart), out);
      }
      hash = runHashStep(hash, code);
    } else if (runStart >= 0) {
      runTokens(segmenter, normalized, runStart, i, hash, bigrams, out);
      last = i;
      runStart = -1;
    }
    i += code > 0xffff ? 2 : 1;
  }
  if (runStart >= 0) runTokens(segmenter, normalized, runStart, length, hash, bigrams, out);
  else if (last < length) betweenTokens(normalized.slice(last), out);
  return out;
}

/**
 * Index/query tokens of Japanese text, in text order: for each CJK run its content words
 * (nouns; verbs and adjectives in base form; no particles, auxiliaries, symbols, formal
 * nouns or patent boilerplate such as 前記) followed by its character bigrams; Latin text
 * in between goes through the English analyser (stemmed). All NFKC-normalised.
 */
export async function japaneseTokens(text: string, options: JapaneseOptions = {}): Promise<string[]> {
  return japaneseTokensNormalized(normalizeText(text), options);
}

// ---------------------------------------------------------------------------------------
// Noun compounds

type CompoundPart = 'prefix' | 'noun' | 'suffix' | 'joiner';

function compoundPart(token: Morpheme): CompoundPart | null {
  // ・ between nouns keeps a transliterated name or a listing together (画像・音声処理装置).
  if (token.surface_form === '・') return 'joiner';
  // kuromoji tags unknown punctuation (',') as a noun: only letters and digits make words.
  if (!HAS_WORD_CHAR.test(token.surface_form)) return null;
  if (token.pos === '接頭詞') return token.pos_detail_1 === '名詞接続' || token.pos_detail_1 === '数接続' ? 'prefix' : null;
  if (token.pos !== '名詞') return null;
  switch (token.pos_detail_1) {
    case '非自立':
    case '代名詞':
    case '特殊':
      return null;
    case '接尾':
      return 'suffix';
    default:
      return JAPANESE_STOP_WORDS.has(token.surface_form) ? null : 'noun';
  }
}

const NUMBER_ONLY = /^[\p{N}.]+$/u;
const LATIN_ONLY = /^[\p{Script=Latin}\p{N}.\-_]+$/u;

/**
 * Noun compounds in text order, duplicates kept (callers count them): maximal runs of
 * nouns with a leading prefix (再送信, 第1電極), inner or trailing suffixes (安全性, 制御部,
 * 二次電池) and ・ between nouns: 半導体装置, 画像認識装置, usbメモリ. A compound does not
 * start with a suffix, does not end with an adverbial suffix (基板上 → 基板), and drops
 * 前記 / 該. A lone verbal noun used as a verb (記憶 in 記憶された) is not a compound.
 * Single one-character nouns, bare numbers and purely Latin words are left out (the English
 * side handles those). Surfaces are normalizeText()-ed but not katakana-stemmed, for display.
 */
export async function japaneseNounPhrases(text: string): Promise<string[]> {
  const normalized = normalizeText(text);
  const phrases: string[] = [];
  if (!normalized) return phrases;
  const segmenter = await japaneseMorphology();
  let current: Morpheme[] = [];
  const flush = (next?: Morpheme) => {
    while (current.length > 0) {
      const last = current[current.length - 1]!;
      const trailingAdverbialSuffix = last.pos_detail_1 === '接尾' && last.pos_detail_2 === '副詞可能';
      if (last.pos === '接頭詞' || last.surface_form === '・' || trailingAdverbialSuffix) current.pop();
      else break;
    }
    const verbalNounAsVerb =
      current.length === 1 && current[0]!.pos_detail_1 === 'サ変接続' && next?.pos === '動詞' && next.basic_form === 'する';
    // At least one real noun: not only prefixes, suffixes and numbers (第1, 10個).
    const hasNoun = current.some((t) => t.pos === '名詞' && t.pos_detail_1 !== '接尾' && t.pos_detail_1 !== '数');
    if (hasNoun && !verbalNounAsVerb) {
      const phrase = current.map((t) => t.surface_form).join('');
      const single = current.length === 1 && [...phrase].length === 1;
      if (!single && !NUMBER_ONLY.test(phrase) && !LATIN_ONLY.test(phrase)) phrases.push(phrase);
    }
    current = [];
  };
  for (const token of segmenter.tokenize(normalized)) {
    const part = compoundPart(token);
    if (part === null) flush(token);
    else if (part === 'joiner') {
      if (current.length > 0) current.push(token);
    } else if (part === 'prefix') {
      // A prefix opens a new compound unless it follows prefixes only.
      if (current.some((t) => t.pos !== '接頭詞')) flush(token);
      current.push(token);
    } else if (part === 'suffix' && current.length === 0) {
      continue;
    } else current.push(token);
  }
  flush();
  return phrases;
}
