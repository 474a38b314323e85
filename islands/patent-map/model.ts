// The patent map island's pure parts (shared with the tests): how points are coloured (by
// cluster, IPC subclass or applicant) and where the 0..1000 map square sits on screen.
import type { MapPlotPoint, PatentMap } from '../../src/search/result-types.ts';
import { ipcCodes } from '../../src/patents/ipc.ts';

export const COLOUR_MODES = ['cluster', 'ipc', 'applicant'] as const;
export type ColourMode = (typeof COLOUR_MODES)[number];

/** Twelve hues told apart on white (Tableau 10 with its grey replaced, plus two). */
export const PALETTE = ['#4e79a7', '#f28e2b', '#e15759', '#76b7b2', '#59a14f', '#edc948', '#b07aa1', '#ff9da7', '#9c755f', '#17becf', '#8c6bb1', '#bcbd22'];
export const OTHER_COLOUR = '#98a1b0';
export const NONE_COLOUR = '#cdd2db';
/** IPC subclasses and applicants shown by name; the rest are "other". */
export const TOP_GROUPS = 10;

export const OTHER = '\u0000other';
export const NONE = '\u0000none';

export interface Group {
  key: string;
  /** Display name; empty for OTHER/NONE (the island names them in the reader's language). */
  name: string;
  colour: string;
  count: number;
}

export interface Grouping {
  groups: Group[];
  /** Group key of each point, aligned with map.points. */
  keyOf: string[];
  colourOf: string[];
}

/** Counts as the map shows them (1,234). */
export const numberFormat = new Intl.NumberFormat('en-US');

/** "G06F 16/30" → "G06F"; "" when the code has no subclass. */
const ipcSubclass = (ipc: string): string => ipcCodes(ipc)?.subclass ?? '';

function topGroups(points: readonly MapPlotPoint[], valueOf: (point: MapPlotPoint) => string): Grouping {
  const counts = new Map<string, number>();
  for (const point of points) {
    const value = valueOf(point);
    if (value) counts.set(value, (counts.get(value) ?? 0) + 1);
  }
  const top = [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).slice(0, TOP_GROUPS);
  const colour = new Map(top.map(([value], i) => [value, PALETTE[i % PALETTE.length]!]));
  const keyOf = points.map((point) => {
    const value = valueOf(point);
    return !value ? NONE : colour.has(value) ? value : OTHER;
  });
  const groups: Group[] = top.map(([value, count]) => ({ key: value, name: value, colour: colour.get(value)!, count }));
  const other = keyOf.filter((key) => key === OTHER).length;
  const none = keyOf.filter((key) => key === NONE).length;
  if (other) groups.push({ key: OTHER, name: '', colour: OTHER_COLOUR, count: other });
  if (none) groups.push({ key: NONE, name: '', colour: NONE_COLOUR, count: none });
  const colourByKey = new Map(groups.map((g) => [g.key, g.colour]));
  return { groups, keyOf, colourOf: keyOf.map((key) => colourByKey.get(key)!) };
}

export function groupPoints(map: PatentMap, mode: ColourMode): Grouping {
  // Documents without an IPC are coloured by their CPC, whose subclasses are the IPC's.
  if (mode === 'ipc') return topGroups(map.points, (point) => ipcSubclass(point.ipc) || ipcSubclass(point.cpc ?? ''));
  if (mode === 'applicant') return topGroups(map.points, (point) => point.applicant.trim());
  const groups: Group[] = map.clusters.map((cluster) => ({
    key: String(cluster.id),
    name: cluster.label,
    colour: PALETTE[cluster.id % PALETTE.length]!,
    count: cluster.size,
  }));
  const keyOf = map.points.map((point) => String(point.color));
  return { groups, keyOf, colourOf: map.points.map((point) => PALETTE[point.color % PALETTE.length]!) };
}

/** The filing date as the API sends it (UTC midnight), written yyyy.mm.dd like the result list. */
export function filingDate(time: number | null): string {
  if (time === null) return '—';
  const date = new Date(time);
  return `${date.getUTCFullYear()}.${String(date.getUTCMonth() + 1).padStart(2, '0')}.${String(date.getUTCDate()).padStart(2, '0')}`;
}

/** Map coordinates run 0..MAP_RANGE on both axes (src/search/landscape/landscape.ts). */
export const MAP_RANGE = 1000;
/** Space kept free around the map square in the canvas, in pixels. */
export const MAP_PADDING = 28;
/** How much wider than high (or the reverse) the map may be drawn to fill the frame: its axes have no meaning of their own. */
export const MAX_STRETCH = 1.3;

/** Screen geometry of the untransformed map: the 0..1000 square fitted (stretched by at most MAX_STRETCH) and centred in the canvas. */
export function mapFrame(width: number, height: number): { scaleX: number; scaleY: number; left: number; top: number } {
  let scaleX = Math.max(0.05, (width - 2 * MAP_PADDING) / MAP_RANGE);
  let scaleY = Math.max(0.05, (height - 2 * MAP_PADDING) / MAP_RANGE);
  if (scaleX > scaleY * MAX_STRETCH) scaleX = scaleY * MAX_STRETCH;
  else if (scaleY > scaleX * MAX_STRETCH) scaleY = scaleX * MAX_STRETCH;
  return { scaleX, scaleY, left: (width - MAP_RANGE * scaleX) / 2, top: (height - MAP_RANGE * scaleY) / 2 };
}
