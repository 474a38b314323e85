// Keywords, synonyms and formulas from GPT (the detailed search's GPT mode). The company's
// budget is checked before the call and the call's cost recorded (src/gpt-usage). GPT's
// formulas go through the same parser as typed ones: a row it got wrong is dropped (never
// passed on), the combination is renumbered to the rows kept, and when nothing usable is left
// the rows are made from its keywords instead.
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import {
  combinationRows,
  FORMULA_LIMITS,
  FORMULA_TAGS,
  parseCombination,
  parseFormula,
  validateDetailFormulas,
  type FormulaTag,
} from '../../patents/query/formula.ts';
import type { Database } from '../../platform/database.ts';
import type { GptClient, GptSettings, StructuredRequest } from '../../platform/gpt.ts';
import { callGptMetered, type GptUser } from '../../gpt-usage/service.ts';
import type { FormulaRowInput, Keyword, Region } from '../input.ts';
import { combineRows, formulasFromKeywords } from './formulas-from-keywords.ts';
import { MAX_SYNONYM_LENGTH } from './synonyms.ts';

export const GPT_KEYWORDS_PURPOSE = 'detail_search_keywords';
/** §9 (simple search): 15 keywords of 50 characters, 10 synonyms of 50 each. */
export const GPT_KEYWORD_LIMITS = { keywords: 15, keywordLength: 50, synonyms: 10 } as const;

export interface GptKeywordAnswer {
  keywords: Array<{ keyword: string; synonyms: string[] }>;
  formulas: Array<{ text: string; tag: FormulaTag }>;
  combination: string;
}

/** Strict structured-output schema: every property required, nothing else allowed. */
export const GPT_KEYWORD_SCHEMA = {
  name: 'detail_search_formulas',
  description: 'Search keywords with synonyms, and patent search formulas that combine them.',
  schema: {
    type: 'object',
    additionalProperties: false,
    required: ['keywords', 'formulas', 'combination'],
    properties: {
      keywords: {
        type: 'array',
        items: {
          type: 'object',
          additionalProperties: false,
          required: ['keyword', 'synonyms'],
          properties: { keyword: { type: 'string' }, synonyms: { type: 'array', items: { type: 'string' } } },
        },
      },
      formulas: {
        type: 'array',
        items: {
          type: 'object',
          additionalProperties: false,
          required: ['text', 'tag'],
          properties: { text: { type: 'string' }, tag: { type: 'string', enum: [...FORMULA_TAGS] } },
        },
      },
      combination: { type: 'string' },
    },
  },
} as const;

const answerSchema = z.object({
  keywords: z.array(z.object({ keyword: z.string(), synonyms: z.array(z.string()) })),
  formulas: z.array(z.object({ text: z.string(), tag: z.enum(FORMULA_TAGS) })),
  combination: z.string(),
});

/** The answer's shape checked (a model may still break a strict schema); throws when it does not fit. */
export const parseGptKeywordAnswer = (value: unknown): GptKeywordAnswer => answerSchema.parse(value);

const LANGUAGE_OF_REGION: Record<Region, string> = {
  jp: 'Japanese, as Japanese patent gazettes write them (kanji and katakana terms)',
  us: 'English, as US patents write them',
  cn: 'Simplified Chinese, as Chinese patent documents write them',
};

const SYSTEM_PROMPT = `You help patent professionals build search formulas for a patent database.
From the user's subject matter, choose the search keywords and their synonyms, and write search formulas.

Formula language (one formula per row; each row has a tag saying which fields it searches):
- Operators: + means OR, * means AND, - means AND NOT (A-B: A without B). Parentheses group: (A+B)*C.
- A term is a word or several words; several words are searched as a phrase. Put a term in double quotes when it contains any of + * - ( ) [ ] / , (for example "non-volatile memory"); a term cannot contain a double quote.
- Proximity: A,10C,B finds B within 10 words after A; A,10N,B within 10 words either side.
- Text tags: abst_claim_desc_title (full text), claim_desc, title, abst_claim, abst_claim_title, abst_title, abst, claim, desc.
- Classification tags ipc, fi, fterm, cpc, usc take codes such as H01M10/052 (a code also finds everything below it). Use them only when you are sure of the code.
- Do not use the name, number, date or right tags.
The combination joins the rows by their numbers (rows are numbered 1, 2, 3 … in the order you give them) with the same operators, for example 1*2*(3+4). Every row must appear in the combination.

Rules: at most ${GPT_KEYWORD_LIMITS.keywords} keywords, each at most ${GPT_KEYWORD_LIMITS.keywordLength} characters, with at most ${GPT_KEYWORD_LIMITS.synonyms} synonyms each (other spellings, abbreviations, narrower or equivalent terms used in patents); at most 8 formula rows of at most ${FORMULA_LIMITS.length} characters. Prefer one row per concept, the concept's keyword and synonyms ORed, and the rows ANDed.`;

/** The chat request for a subject matter (exported for tests and for looking at what is sent). */
export function gptKeywordRequest(subjectMatter: string, region: Region, signal?: AbortSignal): StructuredRequest<GptKeywordAnswer> {
  return {
    messages: [
      { role: 'system', content: SYSTEM_PROMPT },
      { role: 'user', content: `Search region: ${region}. Write keywords, synonyms and formula terms in ${LANGUAGE_OF_REGION[region]}.\n\nSubject matter:\n${subjectMatter}` },
    ],
    schema: GPT_KEYWORD_SCHEMA,
    parse: parseGptKeywordAnswer,
    signal,
    temperature: 0.2,
  };
}

const cleanTerm = (term: string): string => term.replace(/\s+/g, ' ').trim();

/** GPT's keywords as the form's keywords (auto, enabled), within the limits, duplicates left out. */
export function keywordsFromAnswer(answer: GptKeywordAnswer): Keyword[] {
  const keywords: Keyword[] = [];
  const seen = new Set<string>();
  for (const entry of answer.keywords) {
    const keyword = cleanTerm(entry.keyword);
    if (!keyword || keyword.length > GPT_KEYWORD_LIMITS.keywordLength || seen.has(keyword.toLowerCase())) continue;
    seen.add(keyword.toLowerCase());
    const synonyms: string[] = [];
    for (const raw of entry.synonyms) {
      const synonym = cleanTerm(raw);
      if (!synonym || synonym.length > MAX_SYNONYM_LENGTH || synonym.toLowerCase() === keyword.toLowerCase() || synonyms.some((s) => s.toLowerCase() === synonym.toLowerCase())) continue;
      if (synonyms.length >= GPT_KEYWORD_LIMITS.synonyms) break;
      synonyms.push(synonym);
    }
    keywords.push({ keywordId: randomUUID(), keyword, hitCount: null, origin: 'auto', isDisabled: false, isRemoved: false, synonyms });
    if (keywords.length >= GPT_KEYWORD_LIMITS.keywords) break;
  }
  return keywords;
}

/**
 * GPT's rows and combination as the form's, valid ones only: rows the parser rejects are
 * dropped, the rows are renumbered from 1 and the combination with them. A combination that
 * names a dropped row, or is itself invalid, gives way to the default (all rows ANDed); rows
 * it leaves out are dropped too (an unused row is an error in the form).
 */
export function acceptGptFormulas(answer: Pick<GptKeywordAnswer, 'formulas' | 'combination'>, region: Region): { formulas: FormulaRowInput[]; combination: string; dropped: number } {
  const proposed = answer.formulas.slice(0, FORMULA_LIMITS.rows).map((formula, index) => ({ id: index + 1, text: formula.text.trim(), tag: formula.tag }));
  const valid = proposed.filter((formula) => parseFormula(formula.text, formula.tag, region).ok);
  const validIds = new Set(valid.map((formula) => formula.id));
  let combination = answer.combination.trim();
  let kept = valid;
  if (combination) {
    const parsed = parseCombination(combination, proposed.map((formula) => formula.id));
    const used = parsed.ok ? combinationRows(parsed.node) : [];
    if (!parsed.ok || used.some((id) => !validIds.has(id))) combination = '';
    else kept = valid.filter((formula) => used.includes(formula.id));
  }
  const newId = new Map(kept.map((formula, index) => [formula.id, index + 1]));
  const formulas: FormulaRowInput[] = kept.map((formula) => ({ id: newId.get(formula.id)!, text: formula.text, tag: formula.tag, valid: true }));
  if (combination) combination = combination.replace(/\d+/g, (id) => String(newId.get(Number(id)) ?? id));
  if (formulas.length && !validateDetailFormulas({ formulas, combination }, region).valid) combination = '';
  return { formulas, combination, dropped: answer.formulas.length - formulas.length };
}

export interface GptKeywordResult {
  keywords: Keyword[];
  formulas: FormulaRowInput[];
  combination: string;
  /** GPT's rows that were not usable (dropped). */
  droppedFormulas: number;
}

/** One metered GPT call for a subject matter: E098 over the budget (no call), E417 when GPT fails. */
export async function generateKeywordsWithGpt(
  db: Database,
  call: { client: GptClient; settings: Pick<GptSettings, 'pricePerMillion' | 'defaultMonthlyQuotaUsd'>; user: GptUser; subjectMatter: string; region: Region; signal?: AbortSignal },
): Promise<GptKeywordResult> {
  const answer = await callGptMetered(db, {
    client: call.client,
    settings: call.settings,
    user: call.user,
    purpose: GPT_KEYWORDS_PURPOSE,
    request: gptKeywordRequest(call.subjectMatter, call.region, call.signal),
  });
  const keywords = keywordsFromAnswer(answer.value);
  const accepted = acceptGptFormulas(answer.value, call.region);
  if (accepted.formulas.length > 0) return { keywords, formulas: accepted.formulas, combination: accepted.combination, droppedFormulas: accepted.dropped };
  const fallback = formulasFromKeywords(keywords, call.region);
  const usable = fallback.formulas.filter((formula) => formula.valid);
  return {
    keywords,
    formulas: usable.map((formula, index) => ({ ...formula, id: index + 1 })),
    // GPT's keywords are not counted yet: the first rows (GPT's order) are ANDed, any one of the rest.
    combination: combineRows(usable.map(() => null)),
    droppedFormulas: answer.value.formulas.length,
  };
}
