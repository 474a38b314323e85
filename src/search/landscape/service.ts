// The patent map of a simple search (§1 "Results as … map", §3 "Map plot point"): the
// best-ranked hits (up to DETAIL_LIMIT) laid out by landscape.ts, with cluster labels made
// readable by labels.ts. A small in-process cache keyed by the search (not its page or
// order) makes switching between the result views cheap; the cached map is used only while
// the search still finds the same documents.
import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import { applicantNamesOf } from '../../patents/applicants-repository.ts';
import { displayNumberOfId, type NumberLanguage } from '../../patents/numbers.ts';
import { bestRankedDocuments, countMatches, type PatentQuery, type RankedDocument } from '../../patents/search-repository.ts';
import type { Database } from '../../platform/database.ts';
import type { MapCluster, MapPlotPoint, PatentMap } from '../result-types.ts';
import { DETAIL_LIMIT, patentQueryOf } from '../service.ts';
import type { SimpleSearchInput } from '../validation.ts';
import type { Region } from '../../patents/record.ts';
import { readableTerms, surfaceFormsOf } from './labels.ts';
import type { DocumentTerms, StageTimings } from './landscape.ts';
import { buildLandscapeInWorker } from './worker.ts';
import { documentTerms, documentTexts } from './repository.ts';

/** Documents per cluster whose titles and abstracts are read for the label words. */
const LABEL_SAMPLE = 40;
const CACHE_SIZE = 20;

export interface MapTimings extends StageTimings {
  /** The search and the term vectors from the database. */
  fetch: number;
  /** Label words: texts from the database and their analysis. */
  labels: number;
}

/** A stable id of what the map depends on: keywords, synonyms, excluded words, region, filters, applicants. */
export function mapQueryId(input: SimpleSearchInput): string {
  const key = JSON.stringify({
    groups: input.groups.map((group) => [group.keyword, ...group.synonyms]),
    excluded: input.excluded,
    region: input.region,
    filter: [input.filter.patent, input.filter.public, input.filter.utility, input.filter.expired],
    applicants: [...input.applicants].sort(),
  });
  return createHash('sha256').update(key).digest('hex').slice(0, 24);
}

const fingerprint = (documents: readonly RankedDocument[]): string =>
  createHash('sha1').update(documents.map((d) => d.id).join('\n')).digest('hex');

/** The filing date's calendar day as UTC midnight (so every time zone reads the same day). */
const utcDay = (date: Date | null): number | null => (date ? Date.UTC(date.getFullYear(), date.getMonth(), date.getDate()) : null);

function plotPoint(document: RankedDocument, applicant: string, x: number, y: number, color: number): MapPlotPoint {
  return {
    year: document.applicationDate ? document.applicationDate.getFullYear() : null,
    time: utcDay(document.applicationDate),
    x,
    y,
    color,
    rawId: document.id,
    documentId: document.id,
    // A map is laid out (and stored) for every reader: mapInLanguage names its documents in the reader's language when served.
    documentIdForDisplay: displayNumberOfId(document.id, 'en'),
    ipc: document.ipc[0] ?? '',
    ...(document.ipc.length === 0 && document.cpc?.[0] && { cpc: document.cpc[0] }),
    applicant,
    title: document.title ?? '',
    referenceLink: `/document-details?docIds=${encodeURIComponent(document.id)}`,
  };
}

/**
 * A map as a reader of this language sees it: its documents' numbers in the language (a stored or
 * kept map is laid out once, for every reader; only Japan's re-publications read differently).
 */
export const mapInLanguage = (map: PatentMap, lang: NumberLanguage): PatentMap => ({
  ...map,
  points: map.points.map((point) => (point.documentId ? { ...point, documentIdForDisplay: displayNumberOfId(point.documentId, lang) } : point)),
});

/** The input text's point; its title is the reader's words for it, set when it is served. */
function inputPoint(point: { x: number; y: number; cluster: number }): MapPlotPoint {
  return {
    year: null, time: null, x: point.x, y: point.y, color: point.cluster,
    rawId: '', documentId: '', documentIdForDisplay: '', ipc: '', applicant: '', title: '', referenceLink: '',
    input: true,
  };
}

/** Lays out these documents (already fetched) and labels the clusters. */
export async function mapOfDocuments(
  db: Database,
  documents: readonly RankedDocument[],
  /** The region's analyser reads the label words; the query id names the map. */
  search: { region: Region; queryId: string },
  /** Counted by the database while the map is computed here. */
  totalHitCount: Promise<number>,
  /**
   * A text that is no stored document (the examination simulation's invention), its terms
   * analysed as tsv_rank's are: laid out as one more document, so it lands among those it
   * shares words with, and returned as the last point, flagged `input`.
   */
  input?: DocumentTerms,
): Promise<{ map: PatentMap; timings: Omit<MapTimings, 'fetch'> & { vectors: number } }> {
  // Awaited at the end; a failure must not count as unhandled meanwhile.
  totalHitCount.catch(() => undefined);
  let started = performance.now();
  const vectors = await documentTerms(db, documents.map((d) => d.id));
  const vectorsTime = performance.now() - started;
  // documentTerms leaves out ids that vanished since the search; keep the two lists aligned.
  const byId = new Map(documents.map((d) => [d.id, d]));
  const mapped = vectors.map((v) => byId.get(v.id)!);
  const landscape = await buildLandscapeInWorker(input ? [...vectors, input] : vectors);

  started = performance.now();
  // The input (index mapped.length, if any) has no stored text and is no document of a cluster.
  const documentsOf = (members: readonly number[]) => members.filter((i) => i < mapped.length);
  const sampleIds = landscape.clusters.flatMap((cluster) => documentsOf(cluster.members).slice(0, LABEL_SAMPLE).map((i) => mapped[i]!.id));
  const texts = await documentTexts(db, sampleIds);
  const clusters: MapCluster[] = [];
  for (const cluster of landscape.clusters) {
    const members = documentsOf(cluster.members);
    const forms = await surfaceFormsOf(
      members.slice(0, LABEL_SAMPLE).map((i) => texts.get(mapped[i]!.id) ?? mapped[i]!.title ?? ''),
      search.region,
    );
    const terms = readableTerms(cluster.candidates, forms, 3);
    clusters.push({ id: cluster.id, label: terms.join(' · '), terms, x: cluster.x, y: cluster.y, size: members.length });
  }
  const labels = performance.now() - started;
  // Colour by applicant: one colour per applicant, whatever name variant a document uses.
  const applicants = await applicantNamesOf(db, mapped.map((document) => document.id), search.region);

  return {
    map: {
      queryId: search.queryId,
      totalHitCount: await totalHitCount,
      mappedCount: mapped.length,
      points: [
        ...mapped.map((document, i) => {
          const point = landscape.points[i]!;
          return plotPoint(document, applicants.get(document.id)?.[0] ?? document.applicants[0] ?? '', point.x, point.y, point.cluster);
        }),
        ...(input ? [inputPoint(landscape.points[mapped.length]!)] : []),
      ],
      clusters,
    },
    timings: { ...landscape.timings, vectors: vectorsTime, labels },
  };
}

/** The total hit count when the best-ranked list was cut at `limit` (else it is the list's length). */
function totalHits(db: Database, query: PatentQuery, documents: readonly RankedDocument[], limit: number): Promise<number> {
  if (documents.length < limit) return Promise.resolve(documents.length);
  return countMatches(db, query);
}

/** Builds the map without the cache, reporting the time of each stage (bench/map.ts). */
export async function computePatentMap(db: Database, input: SimpleSearchInput, limit = DETAIL_LIMIT): Promise<{ map: PatentMap; timings: MapTimings }> {
  const started = performance.now();
  const { query, region } = await patentQueryOf(input, db);
  const documents = query ? await bestRankedDocuments(db, query, limit) : [];
  const search = performance.now() - started;
  const { map, timings } = await mapOfDocuments(db, documents, { region, queryId: mapQueryId(input) }, query ? totalHits(db, query, documents, limit) : Promise.resolve(0));
  const { vectors, ...rest } = timings;
  return { map, timings: { ...rest, fetch: search + vectors } };
}

interface CacheEntry {
  fingerprint: string;
  map: Promise<PatentMap>;
}

/** Least recently used first (Map keeps insertion order; a hit is re-inserted). */
const cache = new LRUCache<string, CacheEntry>({ max: CACHE_SIZE });

/** Forgets every cached map (tests). */
export function clearPatentMapCache(): void {
  cache.clear();
}

/**
 * The patent map of a simple search. No hits (or nothing searchable) is an empty map, not
 * an error. Concurrent requests for the same search share one computation.
 */
export async function buildPatentMap(db: Database, input: SimpleSearchInput): Promise<PatentMap> {
  const queryId = mapQueryId(input);
  const { query, region } = await patentQueryOf(input, db);
  if (!query) return { queryId, totalHitCount: 0, mappedCount: 0, points: [], clusters: [] };
  const documents = await bestRankedDocuments(db, query, DETAIL_LIMIT);
  if (documents.length === 0) return { queryId, totalHitCount: 0, mappedCount: 0, points: [], clusters: [] };
  const print = fingerprint(documents);
  const cached = cache.get(queryId);
  if (cached && cached.fingerprint === print) return cached.map;
  const map = mapOfDocuments(db, documents, { region, queryId }, totalHits(db, query, documents, DETAIL_LIMIT)).then((result) => result.map);
  cache.set(queryId, { fingerprint: print, map });
  // A failed computation is not kept.
  map.catch(() => {
    if (cache.peek(queryId)?.map === map) cache.delete(queryId);
  });
  return map;
}
