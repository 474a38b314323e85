// Streams publication files into the store in constant memory: records are read one
// at a time, analysed and written in batches. Re-ingesting updates changed records and
// leaves unchanged ones alone. A bad record is reported and skipped, never fatal.
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import readline from 'node:readline';
import { createGunzip } from 'node:zlib';
import type { Database } from '../../platform/database.ts';
import { coreOfId } from '../numbers.ts';
import type { PatentRecord } from '../record.ts';
import { upsertPatents, type IndexedText, type PatentRow } from '../repository.ts';
import { parseCnText } from './parsers/cn-text.ts';
import { parseJpGazette } from './parsers/jp-gazette.ts';
import { usptoXmlRecords } from './parsers/uspto-xml.ts';
import { BadRecordError, validateRecord } from './validate.ts';

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
  /** Bytes of the file read so far and in all (compressed bytes for .gz). */
  bytesRead: number;
  bytesTotal: number;
  records: number;
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
  batchSize?: number;
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

export const readers: Array<{ matches: (file: string) => boolean; read: SourceReader }> = [
  { matches: (file) => /\.jsonl(\.gz)?$|\.ndjson(\.gz)?$/i.test(file), read: (input) => jsonLinesRecords(input) },
  { matches: (file) => /\.xml(\.gz)?$/i.test(file), read: (input, file) => checked(usptoXmlRecords(input, `file:${path.basename(file)}`)) },
  { matches: (file) => /\.txt(\.gz)?$/i.test(file), read: (input, file) => gazetteText(input, file) },
];

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

function toRow(record: PatentRecord, indexed: IndexedText): PatentRow {
  const number = coreOfId(record.id);
  return { record, numberCore: number.core, kindCode: number.kind, indexed };
}

export async function ingestFiles(db: Database, files: string[], options: IngestOptions): Promise<IngestSummary> {
  const started = performance.now();
  const batchSize = options.batchSize ?? 200;
  const summary: IngestSummary = { files: 0, records: 0, inserted: 0, updated: 0, unchanged: 0, bad: [], seconds: 0, peakRssBytes: process.memoryUsage().rss };
  const noteMemory = () => {
    summary.peakRssBytes = Math.max(summary.peakRssBytes, process.memoryUsage().rss);
  };
  for (const file of files) {
    const reader = readers.find((candidate) => candidate.matches(file));
    const bytesTotal = (await stat(file)).size;
    if (!reader) {
      const bad = { file, position: 0, id: null, reason: 'unknown file format (expected .jsonl, .jsonl.gz, USPTO .xml or gazette .txt)' };
      summary.bad.push(bad);
      options.onBadRecord?.(bad);
      continue;
    }
    summary.files++;
    const raw = createReadStream(file);
    let bytesRead = 0;
    raw.on('data', (chunk) => (bytesRead += chunk.length));
    const input = file.endsWith('.gz') ? raw.pipe(createGunzip()) : raw;
    let batch: PatentRecord[] = [];
    const flush = async () => {
      if (batch.length === 0) return;
      // Later lines win when one file repeats an id within a batch.
      const unique = [...new Map(batch.map((record) => [record.id, record])).values()];
      const rows: PatentRow[] = [];
      for (const record of unique) rows.push(toRow(record, await options.index(record)));
      const result = await upsertPatents(db, rows);
      summary.inserted += result.inserted;
      summary.updated += result.updated;
      summary.unchanged += result.unchanged + (batch.length - unique.length);
      batch = [];
      noteMemory();
    };
    for await (const item of reader.read(input, file)) {
      if (item.record) {
        summary.records++;
        batch.push(item.record);
        if (batch.length >= batchSize) await flush();
      } else {
        const bad = { file, position: item.position, id: item.id ?? null, reason: item.error ?? 'unreadable' };
        summary.bad.push(bad);
        options.onBadRecord?.(bad);
      }
      if ((summary.records + summary.bad.length) % 100 === 0) options.onProgress?.({ file, bytesRead, bytesTotal, records: summary.records });
    }
    await flush();
    options.onProgress?.({ file, bytesRead: bytesTotal, bytesTotal, records: summary.records });
  }
  // Fresh statistics, or the planner keeps estimating an empty table and scans instead of using the text indexes.
  if (summary.inserted + summary.updated > 0) await db.raw('ANALYZE patents');
  summary.seconds = (performance.now() - started) / 1000;
  noteMemory();
  return summary;
}
