// The keyword panel of the detailed search, server side: what routes and the job runner call.
// formulasFromKeywords is browser-safe and imported from its own module by the builder island.
export { extractKeywords, type ExtractedKeyword } from './extract.ts';
export { mineSynonyms, type SynonymCandidate } from './synonyms.ts';
export { HIGH_FREQUENCY_SHARE, keywordHitCounts, SEARCH_FIELDS, withHitCounts, type KeywordHitCounts, type SearchField } from './hit-counts.ts';
export { acceptGptFormulas, generateKeywordsWithGpt, GPT_KEYWORDS_PURPOSE } from './gpt-keywords.ts';
export { formulasFromKeywords } from './formulas-from-keywords.ts';
export {
  extractKeywordsForUser,
  gptAvailable,
  keywordsWithHitCounts,
  suggestSynonyms,
  type ExtractKeywordsInput,
  type ExtractKeywordsResult,
  type KeywordServiceDeps,
} from './service.ts';
export { KEYWORD_JOB_TYPES, keywordJobHandlers, registerKeywordJobs, type KeywordJobContext, type KeywordJobRegistry } from './jobs.ts';
