// The patent map API (GET /api/search/map) over real records: the 32 of the corpus sample
// plus 150 US records of the demo corpus (enough for clusters and the UMAP layout).
import { createReadStream } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { createGunzip } from 'node:zlib';
import request from 'supertest';
import { indexPatent } from '../../src/patents/indexing.ts';
import { ingestFiles } from '../../src/patents/ingest/ingest.ts';
import { clearPatentMapCache } from '../../src/search/landscape/service.ts';
import type { PatentMap } from '../../src/search/result-types.ts';
import { createAccount, sessionCookieFor, startTestApp, type TestApp } from '../helpers/app.ts';

let testApp: TestApp;
let cookie: string;
let directory: string;

/** US records of the demo corpus with an abstract: the first `count` whose title matches. */
async function demoRecords(count: number, title: RegExp): Promise<string[]> {
  const lines: string[] = [];
  const input = createInterface({ input: createReadStream('data/demo-corpus/demo.jsonl.gz').pipe(createGunzip()), crlfDelay: Infinity });
  for await (const line of input) {
    if (!line.trim()) continue;
    const record = JSON.parse(line) as { region: string; title: string | null; abstract: string | null };
    if (record.region === 'us' && record.abstract && record.title && title.test(record.title)) lines.push(line);
    if (lines.length >= count) break;
  }
  input.close();
  return lines;
}

beforeAll(async () => {
  testApp = await startTestApp();
  directory = await mkdtemp(path.join(os.tmpdir(), 'hatsumei-map-'));
  const extra = path.join(directory, 'demo-cut.jsonl');
  const lines = [...(await demoRecords(80, /neural network/i)), ...(await demoRecords(70, /\b(shoes?|footwear|caps?|hats?|helmets?)\b/i))];
  await writeFile(extra, `${lines.join('\n')}\n`);
  await ingestFiles(testApp.runtime.db, ['test/fixtures/patents/corpus-sample.jsonl', extra], { index: indexPatent });
  cookie = await sessionCookieFor(testApp, { userId: (await createAccount(testApp)).id });
});
afterAll(async () => {
  await testApp.close();
  await rm(directory, { recursive: true, force: true });
});

const map = (query: Record<string, string | string[]>, options: { cookie?: string | null } = {}) => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) for (const v of ([] as string[]).concat(value)) params.append(key, v);
  const call = request(testApp.app).get(`/api/search/map?${params}`).set('Accept', 'application/json');
  return options.cookie === null ? call : call.set('Cookie', options.cookie ?? cookie);
};

const BROAD = { q: 'neural|network|shoe|footwear|cap|hat|helmet|device|method|system', region: 'us' };

test('anonymous callers get E073', async () => {
  const response = await map(BROAD, { cookie: null }).expect(401);
  expect(response.body.errcode).toBe('E073');
});

test('no keyword is E016, with its message in the person’s language', async () => {
  const ja = await map({ q: '', region: 'us' }).expect(400);
  expect(ja.body.errcode).toBe('E016');
  expect(ja.body.detail).toMatch(/\S/);
  const english = await sessionCookieFor(testApp, { userId: (await createAccount(testApp, { languageCD: 'lang_en' })).id });
  const en = await map({ q: '   ', region: 'us' }, { cookie: english }).expect(400);
  expect(en.body.errcode).toBe('E016');
  expect(en.body.detail).not.toBe(ja.body.detail);
});

test('a real search gives a map with every §3 plot point field', async () => {
  const response = await map(BROAD).expect(200).expect('Content-Type', /json/);
  const body = response.body as PatentMap;
  expect(body.queryId).toMatch(/^[0-9a-f]{16,}$/);
  expect(body.points.length).toBeGreaterThan(100);
  expect(body.mappedCount).toBe(body.points.length);
  expect(body.totalHitCount).toBe(body.points.length);
  expect(body.clusters.length).toBeGreaterThanOrEqual(4);
  expect(body.clusters.reduce((sum, c) => sum + c.size, 0)).toBe(body.points.length);

  const rows = await testApp.runtime.db('patents').whereIn('id', body.points.map((p) => p.rawId)).select('id', 'title', 'applicants', 'ipc', 'cpc', 'application_date');
  const byId = new Map(rows.map((row) => [row.id as string, row]));
  expect(byId.size).toBe(body.points.length);
  for (const point of body.points) {
    const row = byId.get(point.rawId)!;
    const fields = ['applicant', 'color', 'documentId', 'documentIdForDisplay', 'ipc', 'rawId', 'referenceLink', 'time', 'title', 'x', 'y', 'year'];
    // the first CPC comes along only for documents without an IPC
    expect(Object.keys(point).sort()).toEqual((point.cpc !== undefined ? [...fields, 'cpc'] : fields).sort());
    if (point.cpc !== undefined) {
      expect(point.ipc).toBe('');
      expect(point.cpc).toBe(row.cpc[0]);
    }
    expect(point.documentId).toBe(point.rawId);
    expect(point.referenceLink).toBe(`/document-details?docIds=${encodeURIComponent(point.rawId)}`);
    expect(point.title).toBe(row.title ?? '');
    expect(point.applicant).toBe(row.applicants[0] ?? '');
    expect(point.ipc).toBe(row.ipc[0] ?? '');
    if (row.application_date) {
      const filed = row.application_date as Date;
      expect(point.year).toBe(filed.getFullYear());
      const day = new Date(point.time!);
      expect([day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate()]).toEqual([filed.getFullYear(), filed.getMonth(), filed.getDate()]);
    } else {
      expect(point.year).toBeNull();
      expect(point.time).toBeNull();
    }
    expect(point.x).toBeGreaterThanOrEqual(0);
    expect(point.x).toBeLessThanOrEqual(1000);
    expect(point.y).toBeGreaterThanOrEqual(0);
    expect(point.y).toBeLessThanOrEqual(1000);
    expect(Number.isInteger(point.color) && point.color >= 0 && point.color < body.clusters.length).toBe(true);
  }
  const known = body.points.find((p) => p.rawId === 'US7783348B2');
  if (known) expect(known.documentIdForDisplay).toBe('US 7,783,348 B2');
  expect(body.points.some((p) => p.documentIdForDisplay !== p.rawId)).toBe(true);
  for (const cluster of body.clusters) {
    expect(cluster.terms.length).toBeGreaterThanOrEqual(1);
    expect(cluster.label).toBe(cluster.terms.join(' · '));
    // words as written, not index lexemes with quotes or weights
    for (const term of cluster.terms) expect(term).toMatch(/^[\p{L}\p{N}][\p{L}\p{N}-]*$/u);
  }
  // the neural-network documents and the footwear/headwear ones do not share a cluster
  const clusterOf = (pattern: RegExp) => {
    const counts = new Map<number, number>();
    for (const p of body.points) if (pattern.test(p.title)) counts.set(p.color, (counts.get(p.color) ?? 0) + 1);
    return [...counts].sort((a, b) => b[1] - a[1])[0]![0];
  };
  expect(clusterOf(/neural network/i)).not.toBe(clusterOf(/\b(shoes?|footwear)\b/i));
});

test('the hit count agrees with the search page, and the map covers the best-ranked hits', async () => {
  const body = (await map({ q: 'neural network', region: 'us' }).expect(200)).body as PatentMap;
  const page = await request(testApp.app).get(`/search?q=${encodeURIComponent('neural network')}&region=us`).set('Cookie', cookie);
  const shown = Number(/data-testid="hit-count">([\d,]+)/.exec(page.text)?.[1]?.replace(/,/g, ''));
  expect(body.totalHitCount).toBe(shown);
  expect(body.mappedCount).toBe(Math.min(shown, 3000));
});

test('the same search gives the same queryId and the same map, whatever its page or order', async () => {
  const first = (await map(BROAD).expect(200)).body as PatentMap;
  const again = (await map({ ...BROAD, page: '3', sort: 'newest', view: 'map' }).expect(200)).body as PatentMap;
  expect(again.queryId).toBe(first.queryId);
  expect(again.points).toEqual(first.points);
  // computed afresh (not from the cache) it is still the same map
  clearPatentMapCache();
  const recomputed = (await map(BROAD).expect(200)).body as PatentMap;
  expect(recomputed.queryId).toBe(first.queryId);
  expect(recomputed.points).toEqual(first.points);
  expect(recomputed.clusters).toEqual(first.clusters);
  // another search is another map
  const other = (await map({ ...BROAD, q: 'neural network' }).expect(200)).body as PatentMap;
  expect(other.queryId).not.toBe(first.queryId);
});

test('the applicant filter narrows the map to that applicant’s documents', async () => {
  const all = (await map(BROAD).expect(200)).body as PatentMap;
  const counts = new Map<string, number>();
  for (const p of all.points) if (p.applicant) counts.set(p.applicant, (counts.get(p.applicant) ?? 0) + 1);
  const [applicant] = [...counts].sort((a, b) => b[1] - a[1])[0]!;
  const narrowed = (await map({ ...BROAD, applicant }).expect(200)).body as PatentMap;
  expect(narrowed.queryId).not.toBe(all.queryId);
  expect(narrowed.points.length).toBeGreaterThan(0);
  expect(narrowed.points.length).toBeLessThan(all.points.length);
  const rows = await testApp.runtime.db('patents').whereIn('id', narrowed.points.map((p) => p.rawId)).select('applicants');
  expect(rows.every((row) => (row.applicants as string[]).includes(applicant))).toBe(true);
  const expected = await testApp.runtime.db('patents').whereIn('id', all.points.map((p) => p.rawId)).whereRaw('? = ANY(applicants)', [applicant]).count<{ count: string }[]>({ count: '*' });
  expect(narrowed.points.length).toBe(Number(expected[0]!.count));
});

test('a search without hits is an empty map, not an error', async () => {
  const body = (await map({ q: 'zzzznotaword', region: 'us' }).expect(200)).body as PatentMap;
  expect(body).toMatchObject({ totalHitCount: 0, mappedCount: 0, points: [], clusters: [] });
  expect(body.queryId).toMatch(/^[0-9a-f]+$/);
});

test('a handful of hits still makes a map', async () => {
  const body = (await map({ q: '数据', region: 'cn' }).expect(200)).body as PatentMap;
  expect(body.points.length).toBeGreaterThan(0);
  expect(body.points.length).toBeLessThan(10);
  for (const point of body.points) {
    expect(point.rawId).toMatch(/^CN/);
    expect(point.x).toBeGreaterThanOrEqual(0);
    expect(point.x).toBeLessThanOrEqual(1000);
  }
});
