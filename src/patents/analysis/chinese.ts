// Chinese tokens: @node-rs/jieba (Rust jieba with its bundled dictionary) in search mode,
// which adds the dictionary words inside long words (半导体 → 半导, 导体, 半导体), minus
// punctuation and function words, plus character bigrams for recall. Latin text inside
// Chinese goes through the English analyser. The Jieba instance (~0.2 s to load the
// dictionary) is built once per process, on first use.
import { createRequire } from 'node:module';
import type { Jieba } from '@node-rs/jieba';
import { englishTokensNormalized } from './english.ts';
import { cjkBigramsNormalized, HAN, splitCjk } from './japanese.ts';
import { normalizeText } from './normalize.ts';

// Required on first use, not imported: every ingest thread and the server load this module, most never see Chinese
// text, and the package's dict.js reads its 5 MB dictionary files as it loads (with the addon ~30 ms of CPU apiece).
const require = createRequire(import.meta.url);
let jieba: Jieba | null = null;
let builds = 0;

/** How many times this process built the jieba segmenter (0 or 1). */
export const jiebaBuildCount = (): number => builds;

function segmenter(): Jieba {
  if (!jieba) {
    builds++;
    const { Jieba: JiebaClass } = require('@node-rs/jieba') as typeof import('@node-rs/jieba');
    const { dict } = require('@node-rs/jieba/dict.js') as typeof import('@node-rs/jieba/dict.js');
    jieba = JiebaClass.withDict(dict);
  }
  return jieba;
}

/**
 * Function words and patent boilerplate: 所述 / 该 / 一种 are "said" / "the" / "a", as the
 * English and Japanese lists drop them; 本发明 / 本实用新型 open nearly every abstract.
 */
const CHINESE_STOP_WORDS: ReadonlySet<string> = new Set([
  '的', '了', '和', '与', '及', '或', '在', '是', '对', '将', '把', '被', '其', '该', '之', '于', '为',
  '并', '而', '也', '则', '就', '以', '所', '从', '由', '等', '着', '这', '那', '个', '各',
  '所述', '一种', '以及', '或者', '并且', '其中', '本发明', '本实用新型', '本申请',
]);

export interface ChineseOptions {
  /** Add the character bigrams of each Han run after its words (default true). */
  bigrams?: boolean;
}

/** chineseTokens for text that is already normalizeText()-ed (internal fast path). */
export function chineseTokensNormalized(normalized: string, options: ChineseOptions = {}, out: string[] = []): string[] {
  for (const segment of splitCjk(normalized)) {
    if (!segment.cjk) {
      englishTokensNormalized(segment.text, out);
      continue;
    }
    for (const word of segmenter().cutForSearch(segment.text, true)) {
      if (HAN.test(word) && !CHINESE_STOP_WORDS.has(word)) out.push(word);
    }
    if (options.bigrams !== false) cjkBigramsNormalized(segment.text, out);
  }
  return out;
}

/**
 * Index/query tokens of Chinese text, in text order: for each Han run the jieba search-mode
 * words (no punctuation or function words), then its character bigrams; Latin text in
 * between goes through the English analyser. All NFKC-normalised.
 */
export function chineseTokens(text: string, options: ChineseOptions = {}): string[] {
  return chineseTokensNormalized(normalizeText(text), options);
}
