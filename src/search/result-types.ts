// Shapes of the simple-search result views shared by the server and the islands (§3):
// the patent map's plot points and clusters, and the IPC-by-filing-year graph data.

/** One document on the patent map (§3 "map plot point"). */
export interface MapPlotPoint {
  /** Filing (application) year, null when the record has no application date. */
  year: number | null;
  /** Filing date as epoch milliseconds, null when unknown. */
  time: number | null;
  x: number;
  y: number;
  /** Cluster index (into PatentMap.clusters). */
  color: number;
  /** Store id, e.g. "US7783348B2". */
  rawId: string;
  /** Id used for document-details addresses (same as rawId in this product). */
  documentId: string;
  /** The number as people read it, e.g. "US 7,783,348 B2". */
  documentIdForDisplay: string;
  /** Main (first) IPC, e.g. "G06F 16/30"; "" when none. */
  ipc: string;
  /** First CPC, only when the document has no IPC (the map's IPC colouring falls back to it). */
  cpc?: string;
  /** First applicant; "" when none. */
  applicant: string;
  title: string;
  /** Address of the document details page for this point ("" for the input point). */
  referenceLink: string;
  /**
   * The user's own text placed among the documents (the examination simulation's invention):
   * not a stored document, so no number, applicant or link; drawn apart from the colour groups.
   */
  input?: true;
}

export interface MapCluster {
  id: number;
  /** A few characteristic words of the cluster, joined for display. */
  label: string;
  terms: string[];
  /** Centroid on the map, where the label is drawn. */
  x: number;
  y: number;
  size: number;
}

export interface PatentMap {
  /** Identifies the search the map was built for (stable for the same search). */
  queryId: string;
  totalHitCount: number;
  /** Documents on the map: the best-ranked ones up to DETAIL_LIMIT. */
  mappedCount: number;
  points: MapPlotPoint[];
  clusters: MapCluster[];
}

export type IpcLevel = 'section' | 'class' | 'subclass' | 'group';
export const IPC_LEVELS: IpcLevel[] = ['section', 'class', 'subclass', 'group'];

/** Documents per IPC code and filing year, for the line, vertical bar and bubble graphs. */
export interface IpcYearGraphData {
  /** Every filing year from the first to the last among the documents, ascending. */
  years: number[];
  /** Per level, the codes with the most documents (at most 20), each with counts aligned to `years`. */
  levels: Record<IpcLevel, Array<{ code: string; total: number; counts: number[] }>>;
  /** Documents the graphs cover (best-ranked, up to DETAIL_LIMIT). */
  documentCount: number;
  /** Of those, documents without a filing year or IPC (left out of the graphs). */
  undatedCount: number;
}

/** §3 graph options, kept per graph id ("line", "bar", "bubble"). */
export interface GraphOptions {
  horizontal: { min: number | null; max: number | null };
  vertical: { min: number | null; max: number | null };
  /** IPC codes shown (legend entries switched on). */
  legends: string[];
  /** How many year columns the horizontal axis shows at most (the latest ones). */
  horizontalColumns: number;
  /** How many IPC codes (bars per year / lines / bubble rows) are drawn at most. */
  horizontalBars: number;
}
