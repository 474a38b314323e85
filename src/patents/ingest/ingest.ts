// Streams publication files into the store in constant memory: records are read one
// at a time, analysed (several at once when the indexer is a thread pool, index-pool.ts) and
// written in batches, one batch written while the next is analysed. Re-ingesting updates
// changed records and leaves unchanged ones alone. A bad record is reported and skipped,
// never fatal. Progress counts records written (and bad ones) against the records the files
// hold, counted before loading, so it says 70 % when 70 % of the records are in.
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import readline from 'node:readline';
import { createGunzip } from 'node:zlib';
import type { Database } from '../../platform/database.ts';
import { coreOfId } from '../numbers.ts';
import type { PatentRecord } from '../record.ts';
import { settlePatentIndexes, upsertPatents, type IndexedText, type PatentRow, type UpsertResult } from '../repository.ts';
import { parseCnText } from './parsers/cn-text.ts';
import { parseJpGazette } from './parsers/jp-gazette.ts';
import { usptoXmlRecords } from './parsers/uspto-xml.ts';
import { BadRecordError, validateRecord } from './validate.ts';
import { forgetHitSets } from '../hit-sets.ts';
import { forgetRankIndexes } from '../rank-index.ts';

export type Indexer = (record: PatentRecord) => Promise<IndexedText>;

export interface BadRecord {
  file: string;
  /** Line (JSON Lines) or document number (XML, text) within the file. */
  position: number;
  id: string | null;
  reason: string;
}

export interface IngestProgress {
  file: string;
  /** Bytes of the file read so far and in all (compressed bytes for .gz); reading runs ahead of writing. */
  bytesRead: number;
  bytesTotal: number;
  /** Records written so far, all files. */
  records: number;
  /** Records written and bad records reported so far, all files. */
  done: number;
  /** Records (and unreadable ones) in all files, counted before loading. */
  total: number;
}

export interface IngestSummary {
  files: number;
  records: number;
  inserted: number;
  updated: number;
  unchanged: number;
  bad: BadRecord[];
  seconds: number;
  peakRssBytes: number;
}

export interface IngestOptions {
  index: Indexer;
  /** Records analysed at once: a thread pool's concurrency (index-pool.ts); 1 (default) analyses one after another. */
  concurrency?: number;
  batchSize?: number;
  /** Characters of text and index text per batch at most (one row may exceed it), see BATCH_CHARACTERS. */
  batchCharacters?: number;
  onProgress?: (progress: IngestProgress) => void;
  onBadRecord?: (bad: BadRecord) => void;
}

/** One source file as a sequence of (position, record-or-error). */
export type RecordSource = AsyncIterable<{ position: number; record?: PatentRecord; error?: string; id?: string | null }>;

/** JSON Lines, optionally gzip-compressed (the format of ../shared/corpus). */
export async function* jsonLinesRecords(input: NodeJS.ReadableStream): RecordSource {
  const lines = readline.createInterface({ input, crlfDelay: Infinity });
  let position = 0;
  for await (const line of lines) {
    position++;
    if (!line.trim()) continue;
    let json: unknown;
    try {
      json = JSON.parse(line);
    } catch (error) {
      yield { position, error: `not valid JSON (${(error as Error).message})`, id: /"id"\s*:\s*"([^"]+)"/.exec(line)?.[1] ?? null };
      continue;
    }
    try {
      yield { position, record: validateRecord(json) };
    } catch (error) {
      if (!(error instanceof BadRecordError)) throw error;
      yield { position, error: error.message, id: typeof (json as { id?: unknown })?.id === 'string' ? (json as { id: string }).id : null };
    }
  }
}

/** A reader for one file, chosen by its name; other formats register here as they arrive. */
export type SourceReader = (input: NodeJS.ReadableStream, file: string) => RecordSource;

/** How many records a file holds, read before loading for the progress: non-blank lines, `<?xml` declarations, one gazette. */
type RecordCounter = (file: string) => Promise<number>;

export const readers: Array<{ matches: (file: string) => boolean; read: SourceReader; count: RecordCounter }> = [
  { matches: (file) => /\.jsonl(\.gz)?$|\.ndjson(\.gz)?$/i.test(file), read: (input) => jsonLinesRecords(input), count: countLines },
  {
    matches: (file) => /\.xml(\.gz)?$/i.test(file),
    read: (input, file) => checked(usptoXmlRecords(input, `file:${path.basename(file)}`)),
    count: async (file) => Math.max(1, await countOccurrences(file, '<?xml')),
  },
  { matches: (file) => /\.txt(\.gz)?$/i.test(file), read: (input, file) => gazetteText(input, file), count: async () => 1 },
];

/**
 * Inflated in 1 MB pieces: with zlib's default 16 kB this thread handled ~2,300 per pass over jp-fulltext (38 MB inflated)
 * (countLines over it: 160–170 → 70–85 ms of CPU), and as many again reading it.
 */
const gunzip = () => createGunzip({ chunkSize: 1 << 20 });

const open = (file: string): NodeJS.ReadableStream => (file.endsWith('.gz') ? createReadStream(file).pipe(gunzip()) : createReadStream(file));

/**
 * Lines with something other than white space in them (the JSON Lines reader skips the others).
 * Newlines found with indexOf and each line read only up to its first other byte: a loop over
 * every byte took 0.6–0.8 s of CPU for the 38 MB of jp-fulltext, before any record was read.
 */
async function countLines(file: string): Promise<number> {
  let lines = 0;
  let filled = false;
  for await (const chunk of open(file) as AsyncIterable<Buffer>) {
    for (let at = 0; at < chunk.length; ) {
      const newline = chunk.indexOf(0x0a, at);
      const end = newline < 0 ? chunk.length : newline;
      for (let i = at; !filled && i < end; i++) {
        const byte = chunk[i]!;
        if (byte !== 0x20 && byte !== 0x09 && byte !== 0x0d) filled = true;
      }
      if (newline < 0) break;
      if (filled) lines++;
      filled = false;
      at = newline + 1;
    }
  }
  return lines + (filled ? 1 : 0);
}

async function countOccurrences(file: string, text: string): Promise<number> {
  const needle = Buffer.from(text);
  let count = 0;
  let carry = Buffer.alloc(0);
  for await (const chunk of open(file) as AsyncIterable<Buffer>) {
    const data = Buffer.concat([carry, chunk]);
    for (let at = data.indexOf(needle); at >= 0; at = data.indexOf(needle, at + needle.length)) count++;
    carry = data.subarray(Math.max(0, data.length - needle.length + 1));
  }
  return count;
}

/** Parsed records pass the same checks as JSON Lines records. */
async function* checked(source: RecordSource): RecordSource {
  for await (const item of source) {
    if (!item.record) {
      yield item;
      continue;
    }
    try {
      yield { position: item.position, record: validateRecord(item.record) };
    } catch (error) {
      yield { position: item.position, error: (error as Error).message, id: item.record.id };
    }
  }
}

/** One gazette per text file: Japanese with 【…】 headings, else Chinese (权利要求书 / 申请公布号 …). */
async function* gazetteText(input: NodeJS.ReadableStream, file: string): RecordSource {
  let text = '';
  for await (const chunk of input) text += typeof chunk === 'string' ? chunk : (chunk as Buffer).toString('utf8');
  const source = `file:${path.basename(file)}`;
  try {
    const record = /【[^】]+】/.test(text) ? parseJpGazette(text, { source }) : parseCnText(text, { source });
    yield* checked(
      (async function* () {
        yield { position: 1, record };
      })(),
    );
  } catch (error) {
    yield { position: 1, error: (error as Error).message, id: null };
  }
}

/**
 * A batch is written when it holds batchSize records or this many characters of text and
 * index text, whichever comes first. Japanese gazettes carry ~150,000 characters each (text
 * and tsvectors); in batches of 200 the file's last 81 gazettes were written after all analysis
 * had ended, and the whole write of the file (~4 s of PostgreSQL for 281 gazettes) came after
 * the analysis instead of beside it (bench/search, 2 threads: the main thread waited 4–5 s at
 * the end). 2,000,000 characters make batches of ~13 gazettes; US grants (~20,000) keep 200.
 */
const BATCH_CHARACTERS = 2_000_000;

const rowCharacters = ({ record, indexed }: PatentRow): number =>
  (record.description?.length ?? 0) +
  (record.abstract?.length ?? 0) +
  (record.claims ?? []).reduce((sum, claim) => sum + claim.length, 0) +
  indexed.title.length +
  indexed.abstract.length +
  indexed.claims.length +
  indexed.description.length +
  indexed.descriptionSegments.reduce((sum, segment) => sum + segment.length, 0);

function toRow(record: PatentRecord, indexed: IndexedText): PatentRow {
  const number = coreOfId(record.id);
  return { record, numberCore: number.core, kindCode: number.kind, indexed };
}

/** Writes batches one after another, in order, while the caller goes on analysing; the first failure stops it. */
class BatchWriter {
  private last: Promise<void> = Promise.resolve();
  private failure: unknown = null;

  constructor(
    private readonly db: Database,
    private readonly written: (rows: PatentRow[], result: UpsertResult) => void,
  ) {}

  write(rows: PatentRow[]): void {
    this.rethrow();
    const previous = this.last;
    // Handled here, rethrown by the next write or by drain(): never an unhandled rejection.
    this.last = previous.then(async () => {
      if (this.failure) return;
      try {
        this.written(rows, await upsertPatents(this.db, rows));
      } catch (error) {
        this.failure = error;
      }
    });
  }

  async drain(): Promise<void> {
    await this.last;
    this.rethrow();
  }

  /** Waits for the write under way, whatever it does (an ingest that stops lets its last batch finish before the database goes). */
  async settle(): Promise<void> {
    await this.last;
  }

  private rethrow(): void {
    if (this.failure) throw this.failure;
  }
}

export async function ingestFiles(db: Database, files: string[], options: IngestOptions): Promise<IngestSummary> {
  const started = performance.now();
  const batchSize = options.batchSize ?? 200;
  const batchCharacters = options.batchCharacters ?? BATCH_CHARACTERS;
  const concurrency = Math.max(1, options.concurrency ?? 1);
  const summary: IngestSummary = { files: 0, records: 0, inserted: 0, updated: 0, unchanged: 0, bad: [], seconds: 0, peakRssBytes: process.memoryUsage().rss };
  const noteMemory = () => {
    summary.peakRssBytes = Math.max(summary.peakRssBytes, process.memoryUsage().rss);
  };
  const sources = files.map((file) => ({ file, reader: readers.find((candidate) => candidate.matches(file)) }));
  const total = (await Promise.all(sources.map(({ file, reader }) => (reader ? reader.count(file) : 0)))).reduce((a, b) => a + b, 0);
  let written = 0;
  let current = { file: '', bytesRead: 0, bytesTotal: 0 };
  const report = () => options.onProgress?.({ ...current, records: written, done: written + summary.bad.length, total: Math.max(total, written + summary.bad.length) });
  const writer = new BatchWriter(db, (rows, result) => {
    summary.inserted += result.inserted;
    summary.updated += result.updated;
    summary.unchanged += result.unchanged;
    written += rows.length;
    // Results kept for paging (hit-sets.ts) and ranks from the kept vectors (rank-index.ts) would not show what was just written.
    forgetHitSets();
    forgetRankIndexes();
    noteMemory();
    report();
  });

  try {
    await ingestSources();
  } catch (error) {
    await writer.settle();
    throw error;
  }

  async function ingestSources(): Promise<void> {
    for (const { file, reader } of sources) {
      const bytesTotal = (await stat(file)).size;
      if (!reader) {
        const bad = { file, position: 0, id: null, reason: 'unknown file format (expected .jsonl, .jsonl.gz, USPTO .xml or gazette .txt)' };
        summary.bad.push(bad);
        options.onBadRecord?.(bad);
        continue;
      }
      summary.files++;
      const raw = createReadStream(file);
      current = { file, bytesRead: 0, bytesTotal };
      const progress = current;
      raw.on('data', (chunk) => (progress.bytesRead += chunk.length));
      const input = file.endsWith('.gz') ? raw.pipe(gunzip()) : raw;
      // Records being analysed, oldest first; a batch is written in reading order.
      const analysing: Array<Promise<PatentRow>> = [];
      let batch: PatentRow[] = [];
      let characters = 0;
      const flush = () => {
        characters = 0;
        if (batch.length === 0) return;
        // Later lines win when one file repeats an id within a batch (one statement cannot update a row twice).
        const unique = [...new Map(batch.map((row) => [row.record.id, row])).values()];
        summary.unchanged += batch.length - unique.length;
        written += batch.length - unique.length;
        writer.write(unique);
        batch = [];
      };
      const collect = async () => {
        const row = await analysing.shift()!;
        batch.push(row);
        characters += rowCharacters(row);
        if (batch.length >= batchSize || characters >= batchCharacters) flush();
      };
      for await (const item of reader.read(input, file)) {
        if (item.record) {
          summary.records++;
          const record = item.record;
          const row = options.index(record).then((indexed) => toRow(record, indexed));
          row.catch(() => {}); // awaited in order by collect(), which rethrows
          analysing.push(row);
          if (analysing.length >= concurrency) await collect();
        } else {
          const bad = { file, position: item.position, id: item.id ?? null, reason: item.error ?? 'unreadable' };
          summary.bad.push(bad);
          options.onBadRecord?.(bad);
          if (summary.bad.length % 100 === 0) report();
        }
      }
      while (analysing.length > 0) await collect();
      flush();
      await writer.drain();
      current = { ...current, bytesRead: bytesTotal };
      report();
    }
    await writer.drain();
  }
  if (summary.inserted + summary.updated > 0) await settlePatentIndexes(db);
  summary.seconds = (performance.now() - started) / 1000;
  noteMemory();
  return summary;
}
