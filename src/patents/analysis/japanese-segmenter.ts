// The Japanese segmenter, one per process: morphology.ts over kuromoji's dictionary, or kuromoji
// itself in the reference mode (HATSUMEI_JAPANESE_SEGMENTER=kuromoji).
//
// Text is segmented by morphology.ts over kuromoji's dictionary and Viterbi search: the same
// tokens as kuromoji's own tokenize, about 4× faster on gazette text. The dictionary is loaded
// once per process, lazily, on the first call that needs it (a module-level promise; a failed
// load is forgotten so the next call retries), straight from kuromoji's files by dictionary.ts
// (about the CPU of kuromoji's builder, ~1.2 s at load 6, but ~100 MB of shareable arrays
// instead of ~340 MB); a worker thread of the ingest pool is given the pool's dictionary instead
// (useSharedDictionary).
// kuromojiBuildCount() tells how often a dictionary was loaded.
import { createRequire } from 'node:module';
import type { IpadicFeatures, Tokenizer } from 'kuromoji';
import { kuromojiDictionaryPath, loadSharedDictionary, morphologyDictionary, type SharedMorphologyDictionary } from './dictionary.ts';
import { Morphology, type Morpheme } from './morphology.ts';

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
