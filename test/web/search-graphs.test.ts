// The graphs view of a simple search (/search?…&view=graphs) over real records cut from
// ../shared/corpus: the server renders the IPC-by-filing-year island with its chart.
import { readFile } from 'node:fs/promises';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import request from 'supertest';
import IpcYearGraphs from '../../islands/IpcYearGraphs.tsx';
import { indexPatent } from '../../src/patents/indexing.ts';
import { ingestFiles } from '../../src/patents/ingest/ingest.ts';
import type { IpcYearGraphData } from '../../src/search/result-types.ts';
import { createAccount, sessionCookieFor, startTestApp, type TestApp } from '../helpers/app.ts';

const SAMPLE = 'test/fixtures/patents/corpus-sample.jsonl';
// Matches most of the sample's US records that carry an IPC (device, image, system, …).
const QUERY = { q: 'device|image|system|method|apparatus|tractor|truck|plastic|services', region: 'us' };

let testApp: TestApp;
let cookie: string;
let englishCookie: string;
let sample: Array<{ id: string; ipc: string[] | null; applicationDate: string | null }>;
beforeAll(async () => {
  testApp = await startTestApp();
  await ingestFiles(testApp.runtime.db, [SAMPLE], { index: indexPatent });
  cookie = await sessionCookieFor(testApp, { userId: (await createAccount(testApp)).id });
  englishCookie = await sessionCookieFor(testApp, { userId: (await createAccount(testApp, { languageCD: 'lang_en' })).id });
  sample = (await readFile(SAMPLE, 'utf8'))
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line));
});
afterAll(() => testApp.close());

/** A signed-in user's search; the account's language (ja unless told) decides the page's. */
const search = (query: Record<string, string>, lang: 'ja' | 'en' = 'ja') =>
  request(testApp.app)
    .get(`/search?${new URLSearchParams(query)}`)
    .set('Cookie', lang === 'en' ? englishCookie : cookie);

const unescape = (text: string) => text.replace(/&quot;/g, '"').replace(/&#x27;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
const islandData = (html: string): IpcYearGraphData => {
  const match = /data-island="IpcYearGraphs" data-props="([^"]*)"/.exec(html);
  if (!match) throw new Error('no IpcYearGraphs island');
  return (JSON.parse(unescape(match[1]!)) as { data: IpcYearGraphData }).data;
};
/** The chart's own <svg> (the chart-type buttons carry small icons before it). */
const chartSvg = (html: string): string => {
  const start = html.indexOf('<svg class="ipc-graphs__svg"');
  expect(start).toBeGreaterThan(-1);
  return html.slice(start, html.indexOf('</svg>', start) + 6);
};
const texts = (svg: string) => [...svg.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((m) => m[1]!);

/** Default options: the latest 20 years, the 10 codes with most documents in them. */
function expectedShown(data: IpcYearGraphData, level: keyof IpcYearGraphData['levels'] = 'subclass') {
  const first = Math.max(0, data.years.length - 20);
  const years = data.years.slice(first);
  const series = data.levels[level]
    .map((s, rank) => ({ code: s.code, counts: s.counts.slice(first), rank }))
    .map((s) => ({ ...s, total: s.counts.reduce((a, b) => a + b, 0) }))
    .filter((s) => s.total > 0)
    .sort((a, b) => b.total - a.total || a.rank - b.rank)
    .slice(0, 10);
  return { years, series };
}

test('the graphs view renders the three-chart island with the line chart of the data in the HTML', async () => {
  const html = (await search({ ...QUERY, view: 'graphs' }).expect(200)).text;
  const data = islandData(html);
  expect(data.years.length).toBeGreaterThan(1);
  for (const chart of ['line', 'bar', 'bubble']) expect(html).toContain(`data-chart="${chart}"`);
  expect(html).toContain('折れ線');
  expect(html).toContain('縦棒');
  expect(html).toContain('バブル');

  const svg = chartSvg(html);
  const { years, series } = expectedShown(data);
  // The code with most documents is in the legend (switched on) and drawn.
  const top = data.levels.subclass[0]!.code;
  expect(html).toMatch(new RegExp(`aria-pressed="true"[^>]*data-code="${top}"`));
  expect(svg).toContain(`data-code="${top}"`);
  // One line per shown code, each through every shown year.
  const paths = [...svg.matchAll(/<path d="(M[^"]+)"/g)].map((m) => m[1]!);
  expect(paths).toHaveLength(series.length);
  for (const d of paths) expect(d.split('L')).toHaveLength(years.length);
  // The year axis spans the shown years, ending at the latest filing year.
  const labels = texts(svg);
  expect(labels).toContain(String(data.years.at(-1)));
  expect(labels).toContain('出願年');
  expect(labels).toContain('件数');
  // The note says what is covered.
  expect(html).toContain(`対象文献 ${data.documentCount} 件のうち、出願日と IPC のある ${data.documentCount - data.undatedCount} 件`);
  // The table alternative holds the same series.
  for (const s of series) expect(html).toContain(`<th scope="row">${s.code}</th>`);
});

test('the counts are the documents the search found, per subclass and filing year', async () => {
  const list = (await search(QUERY)).text;
  // Store ids, as the list's numbers carry them.
  const ids = [...list.matchAll(/class="search-list__number" data-id="([^"]+)"/g)].map((m) => m[1]!);
  expect(ids.length).toBeGreaterThan(3);
  const data = islandData((await search({ ...QUERY, view: 'graphs' })).text);
  expect(data.documentCount).toBe(ids.length);
  const found = sample.filter((record) => ids.includes(record.id));
  const graphed = found.filter((record) => record.applicationDate && record.ipc?.length);
  expect(data.undatedCount).toBe(found.length - graphed.length);
  const expected = new Map<string, number>();
  for (const record of graphed) for (const code of new Set(record.ipc!.map((entry) => entry.slice(0, 4)))) expected.set(code, (expected.get(code) ?? 0) + 1);
  expect(Object.fromEntries(data.levels.subclass.map((s) => [s.code, s.total]))).toEqual(Object.fromEntries(expected));
  const years = graphed.map((record) => Number(record.applicationDate!.slice(0, 4)));
  expect([data.years[0], data.years.at(-1)]).toEqual([Math.min(...years), Math.max(...years)]);
});

test('English pages label the charts in English', async () => {
  const html = (await search({ ...QUERY, view: 'graphs' }, 'en').expect(200)).text;
  expect(html).toContain('Vertical bar');
  expect(texts(chartSvg(html))).toEqual(expect.arrayContaining(['Filing year', 'Documents']));
});

test('the bar and bubble charts render on the server too, one mark per non-zero count', async () => {
  const data = islandData((await search({ ...QUERY, view: 'graphs' })).text);
  const { years, series } = expectedShown(data);
  const cells = series.flatMap((s) => s.counts.filter((n) => n > 0));

  const bar = chartSvg(renderToStaticMarkup(createElement(IpcYearGraphs, { data, initialChart: 'bar' })));
  const segments = [...bar.matchAll(/<g fill="[^"]+" opacity="1" data-code="([^"]+)">(.*?)<\/g>/g)];
  expect(segments.map((m) => m[1])).toEqual(series.map((s) => s.code));
  expect(segments.reduce((sum, m) => sum + (m[2]!.match(/<rect /g)?.length ?? 0), 0)).toBe(cells.length);
  // Each year's stack is labelled with its total.
  const totals = years.map((_, i) => series.reduce((sum, s) => sum + s.counts[i]!, 0)).filter((n) => n > 0);
  expect(texts(bar)).toEqual(expect.arrayContaining(totals.map(String)));

  const bubble = chartSvg(renderToStaticMarkup(createElement(IpcYearGraphs, { data, initialChart: 'bubble' })));
  expect(bubble.match(/<circle /g) ?? []).toHaveLength(cells.length);
  expect(texts(bubble)).toEqual(expect.arrayContaining(series.map((s) => s.code)));
  // Area proportional to the count: radius ∝ √count.
  const radii = [...bubble.matchAll(/<circle [^>]*\sr="([\d.]+)"/g)].map((m) => Number(m[1]));
  expect(Math.max(...radii) / Math.min(...radii)).toBeCloseTo(Math.sqrt(Math.max(...cells) / Math.min(...cells)), 2);
});

test('a result without filing dates and IPC says so instead of drawing empty charts', async () => {
  const html = (await search({ q: '数据', region: 'cn', view: 'graphs' }).expect(200)).text;
  expect(html).toContain('ipc-graphs--empty');
  expect(html).toContain('グラフを表示できません');
  expect(html).not.toContain('ipc-graphs__svg');
});
