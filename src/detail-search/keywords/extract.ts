// Keyword extraction without GPT: candidate terms from the subject-matter text, ranked by
// tf-idf against the region's corpus.
//
// Candidates
//   Japanese: noun compounds (japaneseNounPhrases: レーザ加工機, 機械学習装置) and the nouns
//     inside them (レーザ, 加工); 【…】 headings, reference numerals (装置120) and patent
//     boilerplate (課題, 解決手段, 請求項 …) are dropped, line breaks inside words joined, and a
//     closing 用 ("for": リチウム二次電池用 → リチウム二次電池) cut off.
//   Chinese: jieba nouns and runs of up to three nouns (液压缸, 影像装置), without boilerplate.
//   English (and the Latin-script parts of CJK text): noun-phrase runs of up to three words,
//     by spelling and claim-grammar rules (english-candidates.ts).
// Ranking: tf × idf × form weight, where tf counts the occurrences in the text (a noun inside a
//   compound counts with it, minus what longer candidates take, as C-value does),
//   idf = ln((N + 1) / (df + 1)) + 1 with df the region's documents matching the term (as the
//   formula search reads it, terms.ts termReading: CJK by its words and the bigrams they leave
//   out, so 正極 is not 極 alone; other words a phrase) through the tsv_all GIN index and N the
//   region's documents, and a form weight: 1 + ½ per extra word for CJK compounds (they name
//   things more precisely than their parts; Japanese keywords are compounds) and for English
//   phrases whose words the corpus does not know (where it does, idf already prefers the
//   rarer phrase), ½ for a lone Japanese verbal noun (加工, 学習: an action, not a thing).
//   A phrase whose words the corpus knows but never side by side is rated like its rarest
//   word (not as the rarest term of all: it may be word salad across a clause boundary).
// Selection: best first, skipping a term whose words are all in an already chosen one or
//   that contains all the words of one (the detailed search ANDs keywords, so レーザ next to
//   レーザ加工機 would add nothing).
import { Jieba } from '@node-rs/jieba';
import { dict } from '@node-rs/jieba/dict.js';
import { detectLanguage, japaneseMorphology, japaneseNounPhrases, normalizeText, toTsqueryText } from '../../patents/analysis/index.ts';
import type { Database } from '../../platform/database.ts';
import type { Region } from '../input.ts';
import { countDocuments, regionDocumentCount } from '../../patents/term-statistics.ts';
import { englishCandidates } from './english-candidates.ts';
import { termReading, termTokens, type TermReading } from './terms.ts';

export const DEFAULT_KEYWORD_LIMIT = 8;
/** Candidates whose document frequency is looked up (the best by tf and length); the rest cannot win. */
const MAX_CANDIDATES_CHECKED = 200;
const MAX_TEXT_LENGTH = 20_000;

export interface ExtractedKeyword {
  keyword: string;
  /** Occurrences in the text. */
  tf: number;
  /** Documents of the region matching the keyword in any field (capped at dfCap). */
  df: number;
  score: number;
}

export interface Candidate {
  surface: string;
  /** Its reading's tokens (words, and for CJK the bigrams a formula asks for besides). */
  tokens: string[];
  /** The tsquery its formula row is matched by (termReading), so its df is the row's hit count. */
  query: string | null;
  words: number;
  tf: number;
  /** Weight of the term's form: CJK compounds by length, a lone verbal noun half (set by the CJK extractors). */
  weight?: number;
}

// ---------------------------------------------------------------------------------------
// Japanese

const HEADING = /【[^】]{0,30}】/g;
const CJK_CHAR = '[\\p{Script=Han}\\p{Script=Hiragana}\\p{Script=Katakana}\\u30FC\\u3006]';
const SPACE_INSIDE_CJK = new RegExp(`(?<=${CJK_CHAR})\\s+(?=${CJK_CHAR})`, 'gu');
/** Reference numerals after a word (装置120, 端部41a, 外壁20a); not ordinals (第1電極). */
const REFERENCE_NUMERAL = /(?<=[\p{Script=Han}\p{Script=Katakana}\u30FC])(?<!第)[0-9]+[a-z]?(?![0-9a-z])/giu;
const FIGURE_REFERENCE = /図[0-9]+/g;

/** Patent boilerplate and general nouns that are never a subject's keyword. */
const JAPANESE_BOILERPLATE: ReadonlySet<string> = new Set([
  '要約', '課題', '解決手段', '選択図', '特許請求', '範囲', '請求項', '発明', '本発明', '実施形態', '実施例', '実施', '形態',
  '技術分野', '背景技術', '効果', '手段', '構成', '提供', '場合', '方法', '技術', '目的', '問題', '必要', '特徴', '可能',
  '最適', '所定', '複数', '一方', '他方', '同様', '以下', '以上', '上記', '下記', '一端', '他端', '一端部', '他端部',
  '近傍', '前記', '当該', '各種', '一部', '全体', '状態', '内部', '外部', '部分', '少なくとも', '一つ', '一実施形態',
]);

const ORDINAL_OR_NUMBER = /^(?:第)?[0-9一二三四五六七八九十百]+(?:つ|個|本|枚)?$/u;
const HAS_CJK = /[\p{Script=Han}\p{Script=Katakana}]/u;

function occurrences(text: string, term: string): number {
  if (!term) return 0;
  let count = 0;
  for (let at = text.indexOf(term); at !== -1; at = text.indexOf(term, at + term.length)) count++;
  return count;
}

/** CJK text without headings, figure references and reference numerals, words unbroken by line wrapping; case kept. */
function stripCjkNoise(text: string): string {
  return text
    .normalize('NFKC')
    .replace(HEADING, '\n')
    .replace(SPACE_INSIDE_CJK, '')
    .replace(FIGURE_REFERENCE, '')
    .replace(REFERENCE_NUMERAL, '');
}

/** The text as the CJK extractors read it (normalised like the index). */
export const cleanCjkText = (text: string): string => normalizeText(stripCjkNoise(text));

/**
 * Share of a term's characters its index tokens account for. kuromoji sometimes cuts a compound
 * so that its words vanish (第一流路 → 一流): a term with under MIN_TOKEN_COVERAGE would search
 * for something else than it says.
 */
const tokenCoverage = (surface: string, tokens: string[]): number => tokens.reduce((sum, token) => sum + [...token].length, 0) / Math.max(1, [...surface].length);
const MIN_TOKEN_COVERAGE = 0.6;

/**
 * A compound without a closing 用 ("for"): リチウム二次電池用 (正極) names what the part is for,
 * the keyword is リチウム二次電池. 作用, 使用, 費用 are words of their own (kuromoji: not a suffix).
 */
function withoutForSuffix(phrase: string, segmenter: Awaited<ReturnType<typeof japaneseMorphology>>): string {
  const tokens = segmenter.tokenize(phrase);
  const last = tokens.at(-1);
  return tokens.length > 1 && last?.surface_form === '用' && last.pos_detail_1 === '接尾' ? phrase.slice(0, -1) : phrase;
}

async function japaneseCandidates(text: string, region: Region): Promise<Candidate[]> {
  const cleaned = cleanCjkText(text);
  const segmenter = await japaneseMorphology();
  const compounds = new Map<string, number>();
  for (const phrase of await japaneseNounPhrases(cleaned)) {
    const compound = withoutForSuffix(phrase, segmenter);
    if (HAS_CJK.test(compound) && !JAPANESE_BOILERPLATE.has(compound)) compounds.set(compound, (compounds.get(compound) ?? 0) + 1);
  }
  // Terms a formula reads alike are one candidate, shown as the compound written most often.
  const groups = new Map<string, { reading: TermReading; tf: number; surfaces: Map<string, number> }>();
  const add = (surface: string, reading: TermReading, preference: number) => {
    const { tokens } = reading;
    if (tokens.length === 0 || ORDINAL_OR_NUMBER.test(surface) || tokenCoverage(surface, tokens) < MIN_TOKEN_COVERAGE) return;
    const tf = occurrences(cleaned, surface);
    if (tf === 0) return;
    const key = sequenceOf(tokens);
    let group = groups.get(key);
    if (!group) groups.set(key, (group = { reading, tf: 0, surfaces: new Map() }));
    group.tf = Math.max(group.tf, tf);
    group.surfaces.set(surface, Math.max(group.surfaces.get(surface) ?? 0, preference));
  };
  const verbalNouns = new Set<string>();
  for (const [compound, count] of compounds) {
    // Read as a formula reads it: by its words and the bigrams they leave out (正極 is 正極,
    // 正極集電体 all of it), so a compound whose words cover little of it is still what it says.
    add(compound, await termReading(compound, region), 1 + count);
    for (const token of segmenter.tokenize(compound)) if (token.pos_detail_1 === 'サ変接続') verbalNouns.add(token.surface_form);
    // The nouns inside a compound are candidates of their own (レーザ in レーザ加工機).
    const words = await termTokens(compound, region);
    if (words.length > 1) {
      for (const word of words) {
        if ([...word].length >= 2 && HAS_CJK.test(word) && !JAPANESE_BOILERPLATE.has(word)) add(word, await termReading(word, region), 0);
      }
    }
  }
  return [...groups.values()].map((group) => ({
    surface: [...group.surfaces].sort((a, b) => b[1] - a[1] || a[0].length - b[0].length)[0]![0],
    tokens: group.reading.tokens,
    query: group.reading.tsquery,
    words: group.reading.tokens.length,
    tf: group.tf,
    // 加工, 学習, 切断 alone name an action; the compounds around them (レーザ加工機) name the
    // thing, and a longer compound names it more precisely.
    weight: group.reading.tokens.length === 1 && verbalNouns.has(group.reading.tokens[0]!) ? 0.5 : lengthWeight(group.reading.tokens.length),
  }));
}

// ---------------------------------------------------------------------------------------
// Chinese

/** Patent boilerplate and general words of Chinese abstracts (本发明公开了一种…, 技术领域, 提高…效果). */
const CHINESE_BOILERPLATE: ReadonlySet<string> = new Set([
  '本发明', '本实用新型', '发明', '实用新型', '公开', '技术', '领域', '技术领域', '方法', '效果', '问题', '目的', '方案', '实施例',
  '实现', '提高', '具有', '包括', '进行', '设置', '用于', '通过', '能够', '可以', '使得', '方便', '结构', '一端', '另一端',
  '时候', '过程', '作用', '方式', '部分', '位置', '现有', '缺点', '优点', '特点', '工作', '使用', '保证', '避免',
]);
/** jieba tags of nouns (n, nz, ng, nr…, vn a verbal noun, an an adjectival one, eng a Latin word). */
const CHINESE_NOUN = /^(n[a-z]*|vn|an)$/;

let jieba: Jieba | null = null;
/** Our own segmenter with part-of-speech tags (the analyser's has no tags): built on first use, about 35 MB. */
const chineseTagger = (): Jieba => (jieba ??= Jieba.withDict(dict));

async function chineseCandidates(text: string, region: Region): Promise<Candidate[]> {
  const cleaned = cleanCjkText(text);
  const compounds = new Map<string, number>();
  let run: string[] = [];
  const flush = () => {
    // Nouns side by side make one term (液压 缸 → 液压缸, 影像 装置 → 影像装置), at most three.
    for (let start = 0; start < run.length; start++) {
      for (let length = 1; length <= 3 && start + length <= run.length; length++) {
        const words = run.slice(start, start + length);
        const term = words.join('');
        if ([...term].length < 2 || words.some((word) => CHINESE_BOILERPLATE.has(word))) continue;
        compounds.set(term, (compounds.get(term) ?? 0) + 1);
      }
    }
    run = [];
  };
  for (const { word, tag } of chineseTagger().tag(cleaned, true)) {
    if (/\p{Script=Han}/u.test(word) && CHINESE_NOUN.test(tag)) run.push(word);
    else flush();
  }
  flush();
  const candidates: Candidate[] = [];
  for (const [term, count] of compounds) {
    const { tokens, tsquery } = await termReading(term, region);
    if (tokens.length === 0) continue;
    const words = Math.min(3, Math.max(1, tokens.length));
    candidates.push({ surface: term, tokens, query: tsquery, words, tf: Math.max(count, occurrences(cleaned, term)), weight: lengthWeight(words) });
  }
  return candidates;
}

// ---------------------------------------------------------------------------------------

async function candidatesOf(text: string, region: Region): Promise<Candidate[]> {
  const language = detectLanguage(text);
  const cjk = language === 'ja' || (language === 'zh' && region === 'jp') ? await japaneseCandidates(text, region) : language === 'zh' ? await chineseCandidates(text, region) : [];
  // Latin-script words in CJK text (USB, IoT) and English text alike.
  return [...cjk, ...(await englishCandidates(language === 'en' ? text : stripCjkNoise(text), region))];
}

const tokenSetOf = (tokens: string[]): Set<string> => new Set(tokens);
const isSubset = (a: Set<string>, b: Set<string>): boolean => [...a].every((token) => b.has(token));
const sequenceOf = (tokens: string[]): string => `\u0001${tokens.join('\u0001')}\u0001`;

/**
 * Occurrences that are the candidate's own, as C-value counts them (Frantzi et al. 2000): a
 * term seen mostly inside longer candidates loses those occurrences — 本体 that only occurs in
 * カテーテル本体 scores nothing of its own, カテーテル that also stands alone keeps the rest.
 */
function ownFrequencies(candidates: Candidate[]): number[] {
  const indexBySequence = new Map(candidates.map((candidate, index) => [sequenceOf(candidate.tokens), index]));
  const containing = candidates.map(() => ({ sum: 0, count: 0 }));
  candidates.forEach((candidate) => {
    const tokens = candidate.tokens;
    const seen = new Set<number>();
    for (let start = 0; start < tokens.length; start++) {
      for (let end = start + 1; end <= tokens.length; end++) {
        if (end - start === tokens.length) continue;
        const inner = indexBySequence.get(sequenceOf(tokens.slice(start, end)));
        if (inner === undefined || seen.has(inner)) continue;
        seen.add(inner);
        containing[inner]!.sum += candidate.tf;
        containing[inner]!.count++;
      }
    }
  });
  return candidates.map((candidate, index) => {
    const { sum, count } = containing[index]!;
    return count ? Math.max(0, candidate.tf - sum / count) : candidate.tf;
  });
}

const lengthWeight = (words: number): number => 1 + 0.5 * (Math.min(words, 3) - 1);
/** The form's weight: the CJK extractor's, else by length (used where the corpus cannot tell). */
const weightOf = (candidate: Candidate): number => candidate.weight ?? lengthWeight(candidate.words);

/**
 * The subject matter's keywords for a region's corpus, best first (at most `limit`).
 * `signal` stops the work between database round trips (a cancelled job).
 */
export async function extractKeywords(
  db: Database,
  text: string,
  region: Region,
  options: { limit?: number; signal?: AbortSignal } = {},
): Promise<ExtractedKeyword[]> {
  const limit = options.limit ?? DEFAULT_KEYWORD_LIMIT;
  const subject = text.slice(0, MAX_TEXT_LENGTH);
  if (!subject.trim()) return [];
  const all = await candidatesOf(subject, region);
  options.signal?.throwIfAborted();
  const own = ownFrequencies(all);
  const candidates = all
    .map((candidate, index) => ({ candidate, own: own[index]! }))
    .filter((c) => c.own > 0)
    .sort((a, b) => b.own * weightOf(b.candidate) - a.own * weightOf(a.candidate))
    .slice(0, MAX_CANDIDATES_CHECKED);
  if (candidates.length === 0) return [];
  const documents = await regionDocumentCount(db, region);
  // Above this, a term is common in the corpus whatever its exact count; counting on costs time.
  const dfCap = Math.max(1000, Math.ceil(documents * 0.2));
  const dfs = await countDocuments(db, region, candidates.map((c) => c.candidate.query), { cap: dfCap });
  // How common each word is: whether the corpus knows it, and what a phrase absent from it is worth.
  const words = [...new Set(candidates.flatMap((c) => c.candidate.tokens))];
  const wordDf = new Map((await countDocuments(db, region, words.map((token) => toTsqueryText([token])), { cap: dfCap })).map((n, i) => [words[i]!, n]));
  options.signal?.throwIfAborted();
  const scored = candidates
    .map(({ candidate, own: tf }, index) => {
      const df = dfs[index]!;
      const wordDfs = candidate.tokens.map((token) => wordDf.get(token) ?? 0);
      const allKnown = wordDfs.every((n) => n > 0);
      // A phrase the corpus lacks although it knows the words is rated like its rarest word:
      // absence from a small corpus is no sign of a precise term (and a phrase made across a
      // clause boundary, "section radiates", must not get the highest idf for it).
      const idfDf = candidate.words > 1 && df === 0 && allKnown ? Math.min(...wordDfs) : df;
      const idf = Math.log((documents + 1) / (idfDf + 1)) + 1;
      // Where the corpus knows an English phrase's words, idf already prefers it to its words.
      const known = candidate.weight === undefined && wordDfs.some((n) => n > 0);
      return { candidate, df, score: tf * idf * (known ? 1 : weightOf(candidate)) };
    })
    .sort((a, b) => b.score - a.score || b.candidate.tf - a.candidate.tf || a.candidate.surface.localeCompare(b.candidate.surface));
  const chosen: Array<{ keyword: ExtractedKeyword; tokens: Set<string> }> = [];
  for (const { candidate, df, score } of scored) {
    if (chosen.length >= limit) break;
    // An English phrase of three words no document has would empty the search it is ANDed
    // into; the two-word phrase ending on the same head noun is a candidate too (finger nail
    // tip → nail tip). Two-word phrases stay: in a small corpus "knee joint" may have no hits
    // and still be the subject's keyword, where its head alone (joint) says little.
    if (candidate.weight === undefined && candidate.words > 2 && df === 0) continue;
    const tokens = tokenSetOf(candidate.tokens);
    if (chosen.some((c) => isSubset(tokens, c.tokens) || isSubset(c.tokens, tokens))) continue;
    chosen.push({ keyword: { keyword: candidate.surface, tf: candidate.tf, df, score }, tokens });
  }
  return chosen.map((c) => c.keyword);
}
