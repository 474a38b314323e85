// Hubness of the examination simulation's charts: how often the same few documents are
// charted whatever the input. A document charted for many unrelated inputs (a long gazette
// holding every common word) is a hub; the charts should hold the documents closest to each
// invention instead. Lengths are characters of the compared text (abstract + description).
import type { Region } from '../../src/patents/record.ts';
import type { Database } from '../../src/platform/database.ts';
import type { SimulationResult } from '../../src/priorart/engine.ts';

interface Stored { title: string | null; length: number }

/** Title and compared-text length of every document of a region. */
export async function storedLengths(db: Database, region: Region): Promise<Map<string, Stored>> {
  const rows = (await db('patents').select('id', 'title').select(db.raw('coalesce(length(abstract), 0) + coalesce(length(description), 0) as length')).where({ region })) as Array<{ id: string; title: string | null; length: number | string }>;
  return new Map(rows.map((row) => [row.id, { title: row.title, length: Number(row.length) }]));
}

const mean = (values: number[]) => (values.length ? values.reduce((sum, x) => sum + x, 0) / values.length : 0);

export class ChartedHubs {
  private readonly charted = new Map<string, number>();
  private readonly chartedLengths: number[] = [];
  private readonly retrievedLengths: number[] = [];
  private readonly topRetrievedLengths: number[] = [];
  private runs = 0;
  /** Charted documents that are not among the first CHARTED candidates by retrieval score. */
  private outsideTop = 0;
  /** Charted documents other than the input's own, and those sharing an IPC subclass with the input (a precision proxy: what an examiner would look at). */
  private others = 0;
  private related = 0;

  constructor(private readonly stored: Map<string, Stored>) {}

  add(result: Pick<SimulationResult, 'charts' | 'candidates'>, sourceId?: string, inputSubclasses: ReadonlySet<string> = new Set()): void {
    this.runs++;
    const lengthOf = (id: string) => this.stored.get(id)?.length ?? 0;
    const byScore = [...result.candidates].sort((a, b) => b.score - a.score);
    const top = new Set(byScore.slice(0, result.charts.length).map((candidate) => candidate.documentId));
    for (const chart of result.charts) {
      this.charted.set(chart.documentId, (this.charted.get(chart.documentId) ?? 0) + 1);
      this.chartedLengths.push(lengthOf(chart.documentId));
      if (!top.has(chart.documentId)) this.outsideTop++;
      if (chart.documentId !== sourceId && inputSubclasses.size) {
        this.others++;
        const subclasses = result.candidates.find((candidate) => candidate.documentId === chart.documentId)?.subclasses ?? [];
        if (subclasses.some((code) => inputSubclasses.has(code))) this.related++;
      }
    }
    for (const candidate of result.candidates) this.retrievedLengths.push(lengthOf(candidate.documentId));
    for (const id of top) this.topRetrievedLengths.push(lengthOf(id));
  }

  report(label: string): void {
    const slots = this.chartedLengths.length;
    const hubs = [...this.charted].sort((a, b) => b[1] - a[1]).slice(0, 5);
    const top5 = hubs.reduce((sum, [, count]) => sum + count, 0);
    const pct = (x: number) => (slots ? `${((100 * x) / slots).toFixed(1)} %` : '–');
    console.log(
      `${label} hubness: ${this.runs} runs, ${slots} charted slots, top-5 documents take ${pct(top5)}, ${this.charted.size} distinct charted; mean length charted ${mean(this.chartedLengths).toFixed(0)} chars vs retrieved ${mean(this.retrievedLengths).toFixed(0)} (first ${slots / Math.max(1, this.runs)} by retrieval ${mean(this.topRetrievedLengths).toFixed(0)}); charted outside the first by retrieval ${pct(this.outsideTop)}; charted others sharing the input's subclass ${this.others ? ((100 * this.related) / this.others).toFixed(1) : '–'} % of ${this.others}`,
    );
    for (const [id, count] of hubs) console.log(`    ${id} ×${count} (${this.stored.get(id)?.length ?? '?'} chars) ${(this.stored.get(id)?.title ?? '').slice(0, 50)}`);
  }
}
