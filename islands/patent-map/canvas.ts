// The patent map's canvas drawing: the points (dimmed, highlighted, outlined), the ring of the point under the
// pointer and the input star, then the cluster labels of the SVG layer placed so that none overlap. Apart from
// PatentMap.tsx, which keeps the state, zoom and events; these run on every redraw with what it passes.
import { select } from 'd3';
import type { MapPlotPoint, PatentMap as PatentMapData } from '../../src/search/result-types.ts';
import { drawInputPoint } from './input-point.ts';
import type { Grouping } from './model.ts';

export interface Tip {
  index: number;
  left: number;
  top: number;
  flip: boolean;
}

/** What one redraw shows: the island's state at the time. */
export interface MapScene {
  map: PatentMapData;
  grouping: Grouping;
  emphasis: string | null;
  tip: Tip | null;
  /** Screen position of a map point under the current zoom. */
  project: (x: number, y: number) => [number, number];
  size: { width: number; height: number };
  input: MapPlotPoint | null;
  inputLabel: string;
}

/** Point radius in pixels at the overall view: larger when there are few points. */
export const pointRadius = (count: number) => (count <= 100 ? 5 : count <= 600 ? 4.2 : 3.4);

/** Draws the points at zoom scale `k`, dimmed ones first, then the tooltip's ring and the input star. */
export function drawMap(canvas: HTMLCanvasElement, context: CanvasRenderingContext2D, k: number, { map, grouping, emphasis, tip, project, size, input, inputLabel }: MapScene): void {
  const ratio = window.devicePixelRatio || 1;
  if (canvas.width !== Math.round(size.width * ratio) || canvas.height !== Math.round(size.height * ratio)) {
    canvas.width = Math.round(size.width * ratio);
    canvas.height = Math.round(size.height * ratio);
  }
  context.setTransform(ratio, 0, 0, ratio, 0, 0);
  context.clearRect(0, 0, size.width, size.height);
  const radius = Math.min(9, pointRadius(map.points.length) * Math.sqrt(k));
  const dot = (index: number, fill: string, alpha: number, r = radius) => {
    const point = map.points[index]!;
    const [x, y] = project(point.x, point.y);
    if (x < -r || y < -r || x > size.width + r || y > size.height + r) return false;
    context.globalAlpha = alpha;
    context.fillStyle = fill;
    context.beginPath();
    context.arc(x, y, r, 0, 2 * Math.PI);
    context.fill();
    return true;
  };
  // Dimmed points first, highlighted ones on top.
  const strong: number[] = [];
  for (let i = 0; i < map.points.length; i++) {
    if (emphasis !== null && grouping.keyOf[i] !== emphasis) dot(i, '#c4cad4', 0.35);
    else strong.push(i);
  }
  // A highlighted group is drawn larger and outlined, so even a single document stands out.
  context.lineWidth = emphasis === null ? 0.6 : 1.2;
  context.strokeStyle = emphasis === null ? 'rgba(255,255,255,0.9)' : 'rgba(27,34,51,0.75)';
  for (const i of strong) {
    const drawn = dot(i, grouping.colourOf[i]!, emphasis === null ? 0.82 : 1, emphasis === null ? radius : radius * 1.4);
    if (drawn && (k >= 2 || emphasis !== null)) context.stroke();
  }
  context.globalAlpha = 1;
  if (tip) {
    const point = map.points[tip.index]!;
    const [x, y] = project(point.x, point.y);
    context.beginPath();
    context.arc(x, y, radius + 3, 0, 2 * Math.PI);
    context.lineWidth = 2;
    context.strokeStyle = '#1b2233';
    context.stroke();
  }
  if (input) {
    const [x, y] = project(input.x, input.y);
    drawInputPoint(context, x, y, inputLabel, getComputedStyle(canvas).fontFamily);
  }
}

/** Cluster labels at their centres, largest cluster first; a label that would overlap one already placed moves a line up or down, or is left out. */
export function placeClusterLabels(svg: SVGSVGElement, map: PatentMapData, project: MapScene['project'], size: MapScene['size']): void {
  const placed: DOMRect[] = [];
  const texts = select(svg).selectAll<SVGTextElement, unknown>('text.patent-map__label').nodes();
  for (const text of texts) {
    const cluster = map.clusters[Number(text.dataset.cluster)];
    if (!cluster) continue;
    const [x, y] = project(cluster.x, cluster.y);
    text.setAttribute('x', String(x));
    let shown = false;
    const box = (dy: number) => {
      text.setAttribute('y', String(y + dy));
      return text.getBBox();
    };
    for (const dy of [0, 16, -16, 32, -32]) {
      const b = box(dy);
      const inside = b.x >= 2 && b.y >= 2 && b.x + b.width <= size.width - 2 && b.y + b.height <= size.height - 2;
      const free = placed.every((p) => b.x + b.width < p.x - 4 || p.x + p.width < b.x - 4 || b.y + b.height < p.y || p.y + p.height < b.y);
      if (inside && free) {
        placed.push(new DOMRect(b.x, b.y, b.width, b.height));
        shown = true;
        break;
      }
    }
    text.style.visibility = shown ? 'visible' : 'hidden';
  }
}
