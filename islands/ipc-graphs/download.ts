// "Download SVG": the chart on screen as a standalone file, with a white background and
// the legend (which is HTML on the page) drawn in under it.
const SVG_NS = 'http://www.w3.org/2000/svg';

export interface LegendEntry {
  code: string;
  colour: string;
}

export function downloadSvg(svg: SVGSVGElement, legend: LegendEntry[], fileName: string): void {
  const copy = svg.cloneNode(true) as SVGSVGElement;
  const [, , width = 960, height = 400] = (copy.getAttribute('viewBox') ?? '').split(/\s+/).map(Number);
  const columns = Math.max(1, Math.floor((width - 40) / 130));
  const legendRows = Math.ceil(legend.length / columns);
  const fullHeight = height + (legend.length ? legendRows * 22 + 16 : 0);
  copy.setAttribute('width', String(width));
  copy.setAttribute('height', String(fullHeight));
  copy.setAttribute('viewBox', `0 0 ${width} ${fullHeight}`);
  const element = (name: string, attributes: Record<string, string | number>) => {
    const node = document.createElementNS(SVG_NS, name);
    for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, String(value));
    return node;
  };
  copy.insertBefore(element('rect', { x: 0, y: 0, width, height: fullHeight, fill: '#fff' }), copy.firstChild);
  legend.forEach(({ code, colour }, index) => {
    const x = 40 + (index % columns) * 130;
    const y = height + 8 + Math.floor(index / columns) * 22;
    copy.appendChild(element('rect', { x, y: y + 3, width: 12, height: 12, rx: 2, fill: colour }));
    const text = element('text', { x: x + 18, y: y + 13, fill: '#1b2233' });
    text.textContent = code;
    copy.appendChild(text);
  });
  const blob = new Blob([`<?xml version="1.0" encoding="UTF-8"?>\n${new XMLSerializer().serializeToString(copy)}`], { type: 'image/svg+xml' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
