// IPC by filing year (§1 graphs): the aggregation over real records from
// test/fixtures/patents/corpus-sample.jsonl and over small made-up cases.
import { readFileSync } from 'node:fs';
import { ipcCodes } from '../../src/patents/ipc.ts';
import { ipcYearGraphData, TOP_CODES } from '../../src/search/ipc-graphs.ts';
import { IPC_LEVELS, type IpcLevel } from '../../src/search/result-types.ts';

interface SampleRecord {
  id: string;
  ipc: string[] | null;
  applicationDate: string | null;
}

/** yyyyMMdd → a Date at local midnight, as pg reads a DATE column. */
const dateOf = (value: string | null): Date | null => (value ? new Date(Number(value.slice(0, 4)), Number(value.slice(4, 6)) - 1, Number(value.slice(6, 8))) : null);

const records: SampleRecord[] = readFileSync('test/fixtures/patents/corpus-sample.jsonl', 'utf8')
  .split('\n')
  .filter(Boolean)
  .map((line) => JSON.parse(line) as SampleRecord);
const documentOf = (record: SampleRecord) => ({ ipc: record.ipc ?? [], applicationDate: dateOf(record.applicationDate) });
const byId = (id: string) => documentOf(records.find((record) => record.id === id)!);

/** The code of "G06F 16/30" at a level, written out plainly (independent of ipcCodes). */
const plainCode = (entry: string, level: IpcLevel): string =>
  level === 'section' ? entry.slice(0, 1) : level === 'class' ? entry.slice(0, 3) : level === 'subclass' ? entry.slice(0, 4) : `${entry.slice(0, 4)} ${entry.slice(5).split('/')[0]}/00`;

const doc = (year: number | null, ...ipc: string[]) => ({ ipc, applicationDate: year === null ? null : new Date(year, 5, 15) });

describe('over the sample records', () => {
  const data = ipcYearGraphData(records.map(documentOf));
  const graphed = records.filter((record) => record.applicationDate && record.ipc?.length);

  test('every document is covered; those without a filing date or IPC are counted apart', () => {
    expect(data.documentCount).toBe(records.length);
    expect(graphed.length).toBeGreaterThan(5);
    expect(data.undatedCount).toBe(records.length - graphed.length);
  });

  test('the years run without gaps from the first filing year to the last', () => {
    const years = graphed.map((record) => Number(record.applicationDate!.slice(0, 4)));
    const first = Math.min(...years);
    const last = Math.max(...years);
    expect(data.years).toEqual(Array.from({ length: last - first + 1 }, (_, i) => first + i));
    expect(data.years).toContain(2005); // no sample document was filed then: a zero column
    for (const level of IPC_LEVELS) for (const series of data.levels[level]) expect(series.counts).toHaveLength(data.years.length);
  });

  test.each(IPC_LEVELS)('at %s level each code counts the documents carrying it, per filing year', (level) => {
    const expected = new Map<string, Map<number, number>>();
    for (const record of graphed) {
      const year = Number(record.applicationDate!.slice(0, 4));
      for (const code of new Set(record.ipc!.map((entry) => plainCode(entry, level)))) {
        const byYear = expected.get(code) ?? new Map<number, number>();
        byYear.set(year, (byYear.get(year) ?? 0) + 1);
        expected.set(code, byYear);
      }
    }
    expect(data.levels[level].length).toBe(Math.min(TOP_CODES, expected.size));
    for (const series of data.levels[level]) {
      const byYear = expected.get(series.code)!;
      expect(byYear).toBeDefined();
      expect(series.counts).toEqual(data.years.map((year) => byYear.get(year) ?? 0));
      expect(series.total).toBe(series.counts.reduce((sum, n) => sum + n, 0));
    }
    const totals = data.levels[level].map((series) => series.total);
    expect(totals).toEqual([...totals].sort((a, b) => b - a));
  });

  test('a document with several entries of one code counts once for it', () => {
    // US8420318B2 (filed 2012): C12Q 1/68, B01D 59/50, C12P 19/34, C12M 1/00, C12M 1/34, C07H 21/00.
    const one = ipcYearGraphData([byId('US8420318B2')]);
    expect(one.years).toEqual([2012]);
    const codes = (level: IpcLevel) => Object.fromEntries(one.levels[level].map((s) => [s.code, s.total]));
    expect(codes('section')).toEqual({ B: 1, C: 1 });
    expect(codes('class')).toEqual({ B01: 1, C07: 1, C12: 1 });
    expect(codes('subclass')).toEqual({ B01D: 1, C07H: 1, C12M: 1, C12P: 1, C12Q: 1 });
    expect(codes('group')).toEqual({ 'B01D 59/00': 1, 'C07H 21/00': 1, 'C12M 1/00': 1, 'C12P 19/00': 1, 'C12Q 1/00': 1 });
    // Over all the sample: G06F is on US6336130B1 (twice) and US20010037191A1, one document each.
    expect(data.levels.subclass.find((s) => s.code === 'G06F')?.total).toBe(2);
    expect(data.levels.subclass.find((s) => s.code === 'G06K')?.total).toBe(3);
  });
});

describe('IPC entries', () => {
  test.each([
    ['G06F 16/30', { section: 'G', class: 'G06', subclass: 'G06F', group: 'G06F 16/00' }],
    ['H04L 9/32', { section: 'H', class: 'H04', subclass: 'H04L', group: 'H04L 9/00' }],
    ['G06F16/30', { section: 'G', class: 'G06', subclass: 'G06F', group: 'G06F 16/00' }],
    ['g06f 016/300', { section: 'G', class: 'G06', subclass: 'G06F', group: 'G06F 16/00' }],
    ['Ｇ０６Ｆ　１６／３０', { section: 'G', class: 'G06', subclass: 'G06F', group: 'G06F 16/00' }],
    ['G06F', { section: 'G', class: 'G06', subclass: 'G06F', group: null }],
  ])('%s is read at every level', (entry, codes) => {
    expect(ipcCodes(entry)).toEqual(codes);
  });

  test.each(['', 'not an ipc', 'Z99Z 1/00', '06F 16/30'])('%j is not an IPC symbol', (entry) => {
    expect(ipcCodes(entry)).toBeNull();
  });
});

describe('small cases', () => {
  test('nothing to graph', () => {
    expect(ipcYearGraphData([])).toEqual({ years: [], levels: { section: [], class: [], subclass: [], group: [] }, documentCount: 0, undatedCount: 0 });
    const data = ipcYearGraphData([doc(null, 'G06F 16/30'), doc(2020), doc(2021, 'nonsense')]);
    expect(data).toMatchObject({ years: [], documentCount: 3, undatedCount: 3 });
  });

  test('years between filings are there with zero counts', () => {
    const data = ipcYearGraphData([doc(2001, 'G06F 16/30'), doc(2005, 'G06F 17/10', 'H04L 9/32'), doc(2005, 'G06F 3/01')]);
    expect(data.years).toEqual([2001, 2002, 2003, 2004, 2005]);
    expect(data.levels.subclass).toEqual([
      { code: 'G06F', total: 3, counts: [1, 0, 0, 0, 2] },
      { code: 'H04L', total: 1, counts: [0, 0, 0, 0, 1] },
    ]);
    expect(data.levels.section).toEqual([
      { code: 'G', total: 3, counts: [1, 0, 0, 0, 2] },
      { code: 'H', total: 1, counts: [0, 0, 0, 0, 1] },
    ]);
    expect(data.levels.group.map((s) => s.code)).toEqual(['G06F 16/00', 'G06F 17/00', 'G06F 3/00', 'H04L 9/00']);
  });

  test('a subclass-only entry counts at the upper levels, not as a main group', () => {
    const data = ipcYearGraphData([doc(2010, 'B62D'), doc(2010, 'B62D 49/06')]);
    expect(data.levels.subclass).toEqual([{ code: 'B62D', total: 2, counts: [2] }]);
    expect(data.levels.group).toEqual([{ code: 'B62D 49/00', total: 1, counts: [1] }]);
    expect(data.undatedCount).toBe(0);
  });

  test('only the 20 codes with most documents are kept per level, ties in code order', () => {
    // Subclass A01B..A25B: the n-th has 26 - n documents (A01B 25, …, A25B 1), plus a tie at the cut.
    const documents = [];
    for (let n = 1; n <= 25; n++) {
      const code = `A${String(n).padStart(2, '0')}B 1/00`;
      for (let i = 0; i < 26 - n; i++) documents.push(doc(2000 + (i % 3), code));
    }
    documents.push(...Array.from({ length: 6 }, () => doc(2001, 'A99B 1/00'))); // ties with A20B (6)
    const data = ipcYearGraphData(documents);
    expect(data.levels.subclass).toHaveLength(TOP_CODES);
    expect(data.levels.subclass[0]).toMatchObject({ code: 'A01B', total: 25 });
    expect(data.levels.subclass.slice(-2).map((s) => [s.code, s.total])).toEqual([
      ['A19B', 7],
      ['A20B', 6],
    ]);
    expect(data.levels.subclass.map((s) => s.code)).not.toContain('A99B');
    expect(data.levels.section).toEqual([{ code: 'A', total: documents.length, counts: [expect.any(Number), expect.any(Number), expect.any(Number)] }]);
  });
});
