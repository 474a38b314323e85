// The claim chart's conclusions, as an examiner draws them (JPO examination guidelines, Part
// III Ch. 2): the main cited document is the one that discloses most of the claim; secondary
// documents are added for what it lacks, preferring those of the main one's field (a motive to
// combine them); the rank says what that means for patentability:
//   A  one document discloses every element            — novelty in doubt
//   B  the main and secondary documents disclose all   — inventive step in doubt
//   C  important elements are found nowhere
//   D  little is found (under LITTLE_FOUND of the claim, partly counting half)
// The preamble counts like any element for A and B (an examiner reads the whole claim) but
// the rank_description names the elements that decide it.
import { displayNumberOfId } from '../patents/numbers.ts';
import type { Region } from '../patents/record.ts';
import type { Element } from './elements.ts';
import type { ElementEvidence, Verdict } from './evidence.ts';

export type Rank = 'A' | 'B' | 'C' | 'D';

export interface EvaluatedDocument {
  documentId: string;
  title: string | null;
  /** Retrieval score (BM25) and the IPC subclasses of the document. */
  score: number;
  subclasses: string[];
  verdicts: Array<{ elementId: number; verdict: Verdict }>;
}

/** A document of the list: its whole-document estimate (verdicts and match rate), before any chart. */
export interface CandidateDocument {
  documentId: string;
  /** The region it was found in (lang or subLang). */
  region?: Region;
  title: string | null;
  score: number;
  matchRate: number;
  subclasses: string[];
  verdicts: Array<{ elementId: number; verdict: 'disclosed' | 'partly' | 'not_found'; score: number }>;
}

/** A document's claim chart: each element's evidence, read passage by passage, and its match rate (charting.ts chartOf). */
export interface ChartedDocument {
  documentId: string;
  region?: Region;
  title: string | null;
  matchRate: number;
  evidence: ElementEvidence[];
}

export interface ChartConclusion {
  mainDocumentId: string | null;
  secondaryDocumentIds: string[];
  rank: Rank;
  /** Share of the elements the main document discloses (partly counting half), 0–1. */
  matchRates: Record<string, number>;
  rankDescription: { ja: string; en: string };
}

/** Secondary documents at most (a combination of more rarely convinces an examiner). */
export const MAX_SECONDARY = 2;
/**
 * Under this share of elements found (partly counting half) in main and secondary documents
 * together: D. Chosen with evidence.ts DISCLOSED_AT on the tuning half (bench/priorart-tuning):
 * with 0.5, documents of an unrelated IPC section reached C in 43 % of cases, because a long
 * description holds an element's generic words somewhere; 0.9 ranks 95 % of them D. So C means
 * "nearly everything is found but something important is not".
 */
export const LITTLE_FOUND = 0.9;

/** A, B, … Z, AA, AB …: how charts name elements. */
export const elementLabel = (id: number): string => (id <= 26 ? String.fromCharCode(64 + id) : `A${String.fromCharCode(64 + id - 26)}`);

/** Element labels as an examiner writes them: three or more in a row as a range (「構成要件 A～K」 for eleven, not each). */
export function elementRanges(ids: Iterable<number>, language: 'ja' | 'en'): string[] {
  const runs: number[][] = [];
  for (const id of [...ids].sort((a, b) => a - b)) {
    const run = runs.at(-1);
    if (run && id === run.at(-1)! + 1) run.push(id);
    else runs.push([id]);
  }
  return runs.flatMap((run) => (run.length >= 3 ? [`${elementLabel(run[0]!)}${language === 'ja' ? '～' : '–'}${elementLabel(run.at(-1)!)}`] : run.map(elementLabel)));
}

const value = (verdict: Verdict): number => (verdict === 'disclosed' ? 1 : verdict === 'partly' ? 0.5 : 0);

export function matchRateOf(document: EvaluatedDocument): number {
  if (document.verdicts.length === 0) return 0;
  return document.verdicts.reduce((sum, v) => sum + value(v.verdict), 0) / document.verdicts.length;
}

const disclosedBy = (document: EvaluatedDocument): Set<number> => new Set(document.verdicts.filter((v) => v.verdict === 'disclosed').map((v) => v.elementId));
const foundBy = (document: EvaluatedDocument): Map<number, number> => new Map(document.verdicts.map((v) => [v.elementId, value(v.verdict)]));

function list(labels: string[], language: 'ja' | 'en'): string {
  if (language === 'ja') return labels.join('、');
  return labels.length <= 1 ? (labels[0] ?? '') : `${labels.slice(0, -1).join(', ')} and ${labels.at(-1)}`;
}

/**
 * The main and secondary cited documents come from `citedFrom` (ids) when given: the simulation's own choice of the
 * closest documents (engine.ts CHARTING), not the list's head it also charts for the list's figures (list-figures.ts
 * LIST_HEAD, where the figures that chose this are), and with `completeFromAny` from any document that discloses every
 * element; every document gets its match rate.
 */
export function concludeChart(
  elements: readonly Element[],
  documents: readonly EvaluatedDocument[],
  thresholds: { littleFound?: number } = {},
  citedFrom?: ReadonlySet<string>,
  /** A document outside `citedFrom` that discloses every element is the main cited document too (rank A). */
  completeFromAny = false,
): ChartConclusion {
  const matchRates = Object.fromEntries(documents.map((document) => [document.documentId, Math.round(matchRateOf(document) * 1000) / 1000]));
  const all = elements.map((element) => element.id);
  // The elements as a reader's language lists them: 「A～D、F」, "A–D and F".
  const listed = (ids: Iterable<number>, language: 'ja' | 'en') => list(elementRanges(ids, language), language);
  const cited = (document: EvaluatedDocument) => !citedFrom || citedFrom.has(document.documentId);
  const citable = (document: EvaluatedDocument) => cited(document) || (completeFromAny && disclosedBy(document).size === all.length);
  if (!documents.some(citable) || all.length === 0) {
    return {
      mainDocumentId: null,
      secondaryDocumentIds: [],
      rank: 'D',
      matchRates,
      rankDescription: { ja: '類似する文献が見つかりませんでした。', en: 'No similar document was found.' },
    };
  }
  // Main: most disclosed (partly counting half); ties to the better retrieval score (closer in field and problem).
  const main = documents.filter(citable).sort((a, b) => matchRateOf(b) - matchRateOf(a) || b.score - a.score)[0]!;
  const covered = disclosedBy(main);
  const secondary: EvaluatedDocument[] = [];
  const mainFields = new Set(main.subclasses);
  while (secondary.length < MAX_SECONDARY && covered.size < all.length) {
    const missing = all.filter((id) => !covered.has(id));
    const gain = (document: EvaluatedDocument) => missing.filter((id) => disclosedBy(document).has(id)).length;
    const shares = (document: EvaluatedDocument) => (document.subclasses.some((code) => mainFields.has(code)) ? 1 : 0);
    const next = documents
      .filter((document) => document !== main && !secondary.includes(document) && gain(document) > 0 && cited(document))
      .sort((a, b) => gain(b) - gain(a) || shares(b) - shares(a) || b.score - a.score)[0];
    if (!next) break;
    secondary.push(next);
    for (const id of disclosedBy(next)) covered.add(id);
  }
  // What main and secondary documents find together (partly counting half).
  const together = new Map<number, number>();
  for (const document of [main, ...secondary]) for (const [id, found] of foundBy(document)) together.set(id, Math.max(together.get(id) ?? 0, found));
  const foundShare = all.reduce((sum, id) => sum + (together.get(id) ?? 0), 0) / all.length;
  const missing = all.filter((id) => !covered.has(id));
  const notFound = all.filter((id) => (together.get(id) ?? 0) === 0);
  const mainDisclosed = all.filter((id) => disclosedBy(main).has(id));
  const rank: Rank = covered.size === all.length ? (secondary.length === 0 ? 'A' : 'B') : foundShare >= (thresholds.littleFound ?? LITTLE_FOUND) ? 'C' : 'D';
  const secondaryIds = secondary.map((document) => document.documentId);
  // Documents named as a reader writes them (JP 2011-213351 A), not as the store keys them.
  const mainNumber = { ja: displayNumberOfId(main.documentId, 'ja'), en: displayNumberOfId(main.documentId, 'en') };
  const secondaryNumbers = { ja: secondaryIds.map((id) => displayNumberOfId(id, 'ja')), en: secondaryIds.map((id) => displayNumberOfId(id, 'en')) };
  // Rounded down: 89.9 % found is said as 89 %, under LITTLE_FOUND's 90, as the rank is.
  const foundPercent = Math.floor(foundShare * 100);
  const describe = {
    A: {
      ja: `主引用文献 ${mainNumber.ja} が構成要件 ${listed(all, 'ja')} のすべてを開示しています。新規性が否定される可能性があります。`,
      en: `The main cited document ${mainNumber.en} discloses every element (${listed(all, 'en')}): novelty may be denied.`,
    },
    B: {
      ja: `主引用文献 ${mainNumber.ja} は構成要件 ${listed(mainDisclosed, 'ja')} を開示し、不足する構成要件 ${listed(all.filter((id) => !disclosedBy(main).has(id)), 'ja')} は副引用文献 ${secondaryNumbers.ja.join('、')} が開示しています。組み合わせにより進歩性が否定される可能性があります。`,
      en: `The main cited document ${mainNumber.en} discloses ${listed(mainDisclosed, 'en')}; the secondary ${secondaryIds.length === 1 ? 'document' : 'documents'} ${list(secondaryNumbers.en, 'en')} ${secondaryIds.length === 1 ? 'discloses' : 'disclose'} the rest (${listed(all.filter((id) => !disclosedBy(main).has(id)), 'en')}): in combination, inventive step may be denied.`,
    },
    C: {
      ja: `構成要件 ${listed(missing, 'ja')} を開示する文献は見つかりませんでした${notFound.length ? `（${listed(notFound, 'ja')} は一部の記載もありません）` : ''}。重要な構成要件が開示されておらず、特許性が認められる可能性があります。`,
      en: `No document discloses ${listed(missing, 'en')}${notFound.length ? ` (nothing at all was found for ${listed(notFound, 'en')})` : ''}: important elements are not disclosed, and the invention may be patentable.`,
    },
    D: {
      ja: `構成要件 ${listed(missing, 'ja')} の開示は、抽出した文献に見つかりませんでした。引用文献を合わせても見いだせたのは構成要件の ${foundPercent}%（一部開示は半分と数えています）にとどまり、請求項全体に近い先行技術は少ないと考えられます。`,
      en: `No document retrieved discloses ${listed(missing, 'en')}; together the cited documents find ${foundPercent}% of the claim (partly disclosed elements counting half): little prior art close to the claim as a whole was found.`,
    },
  }[rank];
  return { mainDocumentId: main.documentId, secondaryDocumentIds: secondaryIds, rank, matchRates, rankDescription: describe };
}
