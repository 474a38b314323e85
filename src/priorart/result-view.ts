// What the result page shows of a finished simulation (§2 /priorart/result, §3 result with
// rank_description): the conclusion in the reader's language, the cited documents with why
// each was chosen, the claim chart's columns (each cell a verdict and a snippet of its
// evidence with the matched words marked, linked to the paragraph in the document details)
// and a page of the candidate list, sorted on the server.
import type { GptTranslationRecord } from './gpt-translation.ts';
import type { Region } from '../patents/record.ts';
import { applicantNamesOf } from '../patents/applicants-repository.ts';
import { displayNumberOfId, type NumberLanguage } from '../patents/numbers.ts';
import { findPatentTitles } from '../patents/repository.ts';
import type { InferredIpc } from '../patents/ipc-inference.ts';
import { highlighter, matchedWordsMarking, type HighlightOptions, type HighlightPart } from '../search/highlight.ts';
import { markedWindow } from '../search/snippet.ts';
import type { Database } from '../platform/database.ts';
import { turnTaker } from '../platform/turns.ts';
import type { CandidateDocument, ChartedDocument, Rank } from './chart.ts';
import type { Element } from './elements.ts';
import type { UntranslatedWords } from './engine.ts';
import type { ListedCandidate } from './list-figures.ts';
import type { ElementEvidence, Passage, Verdict } from './evidence.ts';
import { passageHref } from './passage-href.ts';
import type { StoredSimulation } from './repository.ts';

export { passageHref };

export type Role = 'main' | 'secondary' | 'other';
export const VERDICT_MARKS: Record<Verdict, string> = { disclosed: '○', partly: '△', not_found: '×' };
/** Documents the chart shows side by side at first (main, secondary, then the next best). */
export const INITIAL_COLUMNS = 4;
/** At most this many columns (the chart stays readable on an A4 landscape page). */
export const MAX_COLUMNS = 6;
export const LIST_PAGE_SIZE = 50;
export const LIST_SORTS = ['rate', 'score', 'number'] as const;
export type ListSort = (typeof LIST_SORTS)[number];
/** Characters of a passage shown in a chart cell around its first matched word. */
const SNIPPET_LENGTH = 150;
/**
 * A ✕ cell shows only a glimpse of the closest passage, around its matched words. Its first three
 * pieces were shown before, which could be a fragment such as 「【図１】第」 of a list of figures.
 */
const NOT_FOUND_LENGTH = 60;

export interface StoredResult {
  elements: Element[];
  ipc: InferredIpc;
  candidates: CandidateDocument[];
  charts: ChartedDocument[];
  mainDocumentId: string | null;
  secondaryDocumentIds: string[];
  rank: Rank;
  rank_description: { ja: string; en: string };
  /** How a cross-language simulation was translated (absent: dictionary only, as before GPT translation existed). */
  translation?: StoredTranslation;
  /** Per region, the invention's words the dictionary could not translate (absent: none, or a result from before they were kept). */
  untranslated?: UntranslatedWords[];
}

/** GPT's part in the translation: asked for or not, and per region its element translations or why there are none. */
export interface StoredTranslation {
  gptRequested: boolean;
  gpt: GptTranslationRecord[];
}

export interface ChartCell {
  elementId: number;
  verdict: Verdict;
  mark: string;
  score: number;
  place: { kind: Passage['kind']; number: string | null } | null;
  /** The snippet as alternating runs, plain at even indexes and marked at odd ones (see compactSnippet). */
  snippet: string[];
  /** The words matched in the passage (at most 12), marked when it is opened. */
  words: string[];
  /** For an element with numerical limitations: the passage's quantities meeting them, or null (evidence.ts LIMIT_RULE). */
  limit?: ElementEvidence['limit'];
  /**
   * The passage in the document details, its words marked (passageHref). Absent in the result
   * page's island props: the island builds it from place and words (it is in the markup already).
   */
  href?: string | null;
}

export interface ChartColumn {
  documentId: string;
  /** Where it was found: the simulation's region or the second one (subLang). */
  region: Region;
  number: string;
  title: string | null;
  applicants: string[];
  matchRate: number;
  role: Role;
  cells: ChartCell[];
}

export interface ListRow {
  rank: number;
  documentId: string;
  region: Region;
  number: string;
  title: string | null;
  applicants: string[];
  matchRate: number;
  score: number;
  subclasses: string[];
  marks: string[];
  charted: boolean;
}

/**
 * The passage text cut around the place where most of the element's matched words meet, with
 * the marks (the chart's cells, the export, the print page). A claim of 1,500 characters that
 * names the wafer on its first line and the grinding step near its end must show the grinding
 * step: a cell is how the reader checks its ○, so its words should be in sight. `marking`
 * (matchedWordsMarking) marks a one-character word only where the passage has it as a word.
 */
export function snippetOf(text: string, words: readonly string[], length = SNIPPET_LENGTH, marking: HighlightOptions = {}): HighlightPart[] {
  return markedWindow(text, highlighter(words, marking).parts(text), length, marking.oneCharacterWords?.covers(text) ? 1 : 0.5);
}

/**
 * A snippet as alternating plain and marked runs (["…plain", "marked", "plain", …]), adjacent
 * marked words joined: the 120 cells of a 30 × 4 chart took 107 KB as {text, mark} parts with a
 * median of 18 parts a cell, and went both into the page's markup and its island props.
 */
export function compactSnippet(parts: readonly HighlightPart[]): string[] {
  const runs: string[] = [''];
  for (const part of parts) {
    const marked = runs.length % 2 === 0;
    if (part.mark === marked) runs[runs.length - 1] += part.text;
    else runs.push(part.text);
  }
  return runs.length === 1 && runs[0] === '' ? [] : runs;
}

export function cellOf(evidence: ElementEvidence, documentId: string, marking: HighlightOptions = {}): ChartCell {
  const { passage } = evidence;
  const snippet = (text: string) => snippetOf(text, evidence.words, SNIPPET_LENGTH, marking);
  return {
    elementId: evidence.elementId,
    verdict: evidence.verdict,
    mark: VERDICT_MARKS[evidence.verdict],
    score: evidence.score,
    place: passage ? { kind: passage.kind, number: passage.number } : null,
    snippet: compactSnippet(passage && evidence.verdict !== 'not_found' ? snippet(passage.text) : passage ? snippetOf(passage.text, evidence.words, NOT_FOUND_LENGTH, marking) : []),
    words: evidence.words,
    href: passage ? passageHref(documentId, passage, evidence.words) : null,
    ...(evidence.limit && { limit: evidence.limit }),
  };
}

export function roleOf(result: Pick<StoredResult, 'mainDocumentId' | 'secondaryDocumentIds'>, documentId: string): Role {
  return documentId === result.mainDocumentId ? 'main' : result.secondaryDocumentIds.includes(documentId) ? 'secondary' : 'other';
}

/** The charted documents as an examiner cites them: main, secondary (in their order), then the others by match rate. */
export function chartOrder(result: StoredResult): ChartedDocument[] {
  const place = (chart: ChartedDocument) => {
    const role = roleOf(result, chart.documentId);
    return role === 'main' ? 0 : role === 'secondary' ? 1 + result.secondaryDocumentIds.indexOf(chart.documentId) : 1 + result.secondaryDocumentIds.length;
  };
  return result.charts.map((chart, index) => ({ chart, index })).sort((a, b) => place(a.chart) - place(b.chart) || b.chart.matchRate - a.chart.matchRate || a.index - b.index).map(({ chart }) => chart);
}

/**
 * The charted documents the result page shows at first: main, every secondary, then the next
 * best up to INITIAL_COLUMNS. Only these are made into columns (snippets marked) for the page: a
 * simulation charts 10 documents, and the other 6 columns' 180 snippets were computed and unused.
 */
export function initialCharts(result: StoredResult): ChartedDocument[] {
  return chartOrder(result).slice(0, Math.max(INITIAL_COLUMNS, 1 + result.secondaryDocumentIds.length));
}

/** Charted documents as columns (every one, in chartOrder, unless told which). */
export async function chartColumnsOf(db: Database, simulation: StoredSimulation, result: StoredResult, lang: NumberLanguage, charts: ChartedDocument[] = chartOrder(result)): Promise<ChartColumn[]> {
  const [applicants, marking] = await Promise.all([applicantNamesOf(db, charts.map((chart) => chart.documentId), simulation.lang), matchedWordsMarking()]);
  // 10 charted documents × 30 elements are 300 snippets marked: other requests get a turn between columns.
  const turn = turnTaker();
  const columns: ChartColumn[] = [];
  for (const chart of charts) {
    await turn();
    columns.push({
      documentId: chart.documentId,
      region: chart.region ?? simulation.lang,
      number: displayNumberOfId(chart.documentId, lang),
      title: chart.title,
      applicants: applicants.get(chart.documentId) ?? [],
      matchRate: chart.matchRate,
      role: roleOf(result, chart.documentId),
      cells: chart.evidence.map((evidence) => cellOf(evidence, chart.documentId, marking)),
    });
  }
  return columns;
}

/** Why a cited document was chosen: the elements it discloses (main) or those it adds to the main one (secondary). */
export function reasonsOf(result: StoredResult): Record<string, number[]> {
  const disclosed = (id: string) => result.charts.find((chart) => chart.documentId === id)?.evidence.filter((e) => e.verdict === 'disclosed').map((e) => e.elementId) ?? [];
  const reasons: Record<string, number[]> = {};
  if (!result.mainDocumentId) return reasons;
  const covered = new Set(disclosed(result.mainDocumentId));
  reasons[result.mainDocumentId] = [...covered];
  for (const id of result.secondaryDocumentIds) {
    reasons[id] = disclosed(id).filter((elementId) => !covered.has(elementId));
    for (const elementId of reasons[id]!) covered.add(elementId);
  }
  return reasons;
}

const SORTS: Record<Exclude<ListSort, 'rate'>, (a: ListedCandidate, b: ListedCandidate) => number> = {
  score: (a, b) => b.score - a.score || b.matchRate - a.matchRate,
  number: (a, b) => a.documentId.localeCompare(b.documentId),
};

/** Candidates the chart's menu offers: the best by match rate. */
const CHART_MENU_SIZE = 100;

/** One entry of the chart's menu (islands/ClaimChart.tsx). */
export interface ChartMenuCandidate {
  documentId: string;
  number: string;
  /** The opening 40 characters (the menu shows no more). */
  title: string | null;
  /** The chart's when it is charted, as in the candidate list (list-figures.ts). */
  matchRate: number;
  /** Its chart is already made (the simulation's, or one a claim chart list's job stored): adding it evaluates nothing. */
  charted: boolean;
}

/** The chart's menu: the list's best (listedCandidates), each saying whether its chart is already made. */
export function chartMenuOf(listed: readonly ListedCandidate[], lang: NumberLanguage): ChartMenuCandidate[] {
  return listed.slice(0, CHART_MENU_SIZE).map((candidate) => ({
    documentId: candidate.documentId,
    number: displayNumberOfId(candidate.documentId, lang),
    title: candidate.title?.slice(0, 40) ?? null,
    matchRate: candidate.matchRate,
    charted: candidate.charted,
  }));
}

/** One page of the candidate list (listedCandidates, in their order); the rank is the position by match rate whatever the sort. */
export async function candidatePage(db: Database, simulation: StoredSimulation, listed: readonly ListedCandidate[], options: { page: number; sort: ListSort; lang: NumberLanguage }) {
  const rankOf = new Map(listed.map((candidate, i) => [candidate.documentId, i + 1]));
  const sorted = options.sort === 'rate' ? listed : [...listed].sort(SORTS[options.sort]);
  const pageCount = Math.max(1, Math.ceil(sorted.length / LIST_PAGE_SIZE));
  // A page past the last one stays the one asked for, with no rows: the page says there is none.
  const page = Math.max(1, options.page);
  const shown = sorted.slice((page - 1) * LIST_PAGE_SIZE, page * LIST_PAGE_SIZE);
  const [applicants, titles] = await Promise.all([
    applicantNamesOf(db, shown.map((candidate) => candidate.documentId), simulation.lang),
    // Results stored before candidates carried every title.
    findPatentTitles(db, shown.filter((candidate) => !candidate.title).map((candidate) => candidate.documentId)),
  ]);
  const rows: ListRow[] = shown.map((candidate) => ({
    rank: rankOf.get(candidate.documentId)!,
    documentId: candidate.documentId,
    region: candidate.region ?? simulation.lang,
    number: displayNumberOfId(candidate.documentId, options.lang),
    title: candidate.title ?? titles.get(candidate.documentId) ?? null,
    applicants: applicants.get(candidate.documentId) ?? [],
    matchRate: candidate.matchRate,
    score: candidate.score,
    subclasses: candidate.subclasses,
    marks: candidate.verdicts.map((verdict) => VERDICT_MARKS[verdict.verdict]),
    charted: candidate.charted,
  }));
  return { rows, page, pageCount, total: sorted.length, sort: options.sort };
}

export type CandidatePage = Awaited<ReturnType<typeof candidatePage>>;

/** A running simulation's charted documents so far (stored as the job wrote them), each with its number as the reader writes it. */
export function chartedInLanguage(charted: unknown, lang: NumberLanguage): unknown[] {
  if (!Array.isArray(charted)) return [];
  return charted.map((entry: unknown) => {
    const documentId = (entry as { documentId?: unknown } | null)?.documentId;
    return typeof documentId === 'string' ? { ...(entry as object), number: displayNumberOfId(documentId, lang) } : entry;
  });
}
