// Japanese tokens: kuromoji (IPADIC) content words plus character bigrams, memoised per CJK
// run. The segmenter is japanese-segmenter.ts, the noun-compound extractor used by keyword
// extraction japanese-noun-phrases.ts, and the CJK script helpers (runs, bigrams, katakana
// stem) that the Chinese analyser shares cjk-script.ts; their names are importable from here
// as before.
import { cjkBigramsNormalized, isCjk } from './cjk-script.ts';
import { englishTokensNormalized } from './english.ts';
import { contentWord } from './japanese-content-words.ts';
import { japaneseMorphology, REFERENCE_SEGMENTER as REFERENCE, type Segmenter } from './japanese-segmenter.ts';
import { normalizeText } from './normalize.ts';

export { CJK_RUN, cjkBigrams, cjkBigramsNormalized, HAN, isBigramCharacter, isCjk, KANA, splitCjk, stemKatakana } from './cjk-script.ts';
export {
  japaneseMorphology,
  kuromojiBuildCount,
  kuromojiDictionaryPath,
  kuromojiTokenizer,
  REFERENCE_SEGMENTER,
  useSharedDictionary,
  type Segmenter,
} from './japanese-segmenter.ts';
export { japaneseNounPhrases } from './japanese-noun-phrases.ts';

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
