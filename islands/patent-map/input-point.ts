// The user's own text on the patent map (the examination simulation's invention, a point
// flagged `input`): kept out of the documents' colour groups, hit test and legend counts,
// and drawn last as a star in the accent colour with its name beside it, so it is found at
// once among hundreds of dots whatever the colouring or highlighted group.
import type { MapPlotPoint, PatentMap } from '../../src/search/result-types.ts';

/** The site's accent colour (--color-accent in views/styles.css); the canvas cannot read CSS variables cheaply. */
export const INPUT_COLOUR = '#f2b53a';
const OUTLINE = '#1b2233';

/** The map without its input point, and that point (null when the map has none: the search maps). */
export function splitInput(data: PatentMap): { map: PatentMap; input: MapPlotPoint | null } {
  const input = data.points.find((point) => point.input) ?? null;
  // The same object when there is no input point, so nothing else re-renders or changes.
  if (!input) return { map: data, input: null };
  return { map: { ...data, points: data.points.filter((point) => !point.input) }, input };
}

/** A five-pointed star's outline centred on (x, y). */
function starPath(context: CanvasRenderingContext2D, x: number, y: number, outer: number): void {
  const inner = outer * 0.45;
  context.beginPath();
  for (let i = 0; i < 10; i++) {
    const r = i % 2 === 0 ? outer : inner;
    const angle = -Math.PI / 2 + (i * Math.PI) / 5;
    const px = x + r * Math.cos(angle);
    const py = y + r * Math.sin(angle);
    if (i === 0) context.moveTo(px, py);
    else context.lineTo(px, py);
  }
  context.closePath();
}

/** The star and its name (with a white halo, readable over the dots) at screen position (x, y). */
export function drawInputPoint(context: CanvasRenderingContext2D, x: number, y: number, label: string, font: string): void {
  context.globalAlpha = 1;
  starPath(context, x, y, 11);
  context.fillStyle = INPUT_COLOUR;
  context.fill();
  context.lineJoin = 'round';
  context.lineWidth = 1.6;
  context.strokeStyle = OUTLINE;
  context.stroke();
  context.font = `600 13px ${font}`;
  context.textBaseline = 'middle';
  context.textAlign = 'left';
  context.lineWidth = 4;
  context.strokeStyle = 'rgba(255,255,255,0.92)';
  context.strokeText(label, x + 14, y);
  context.fillStyle = OUTLINE;
  context.fillText(label, x + 14, y);
}

/** The legend's star, drawn by CSS-free inline SVG so it matches the canvas. */
export const STAR_POINTS = Array.from({ length: 10 }, (_, i) => {
  const r = i % 2 === 0 ? 6 : 2.7;
  const angle = -Math.PI / 2 + (i * Math.PI) / 5;
  return `${(7 + r * Math.cos(angle)).toFixed(2)},${(7 + r * Math.sin(angle)).toFixed(2)}`;
}).join(' ');
