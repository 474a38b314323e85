// The shared corpus for tests: where it is, tests that run only when its files are there, and
// small cuts of a real corpus file (gzipped JSON Lines) for tests that need more records than
// the fixtures hold.
import { createReadStream, existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { createGunzip } from 'node:zlib';

/** The shared corpus: HATSUMEI_CORPUS_DIR, or ../shared/corpus beside the checkout (from the directory jest runs in). */
export const CORPUS_DIR = process.env.HATSUMEI_CORPUS_DIR ?? path.resolve('..', 'shared', 'corpus');

export interface CorpusTests {
  /** The corpus directory (CORPUS_DIR). */
  dir: string;
  /** The path of the first file named. */
  file: string;
  /** Whether every file named is there. */
  available: boolean;
  /** `test`, or `test.skip` when a file is missing. */
  test: jest.It;
  /** `describe`, or `describe.skip` when a file is missing. */
  describe: jest.Describe;
}

/**
 * The tests of a file that read these corpus files. A clone without the shared corpus beside it
 * (a checkout elsewhere) skips them, with a note naming the test file and what is missing; CI
 * without them is a failure.
 */
export function corpusTests(file: string, ...more: string[]): CorpusTests {
  const missing = [file, ...more].filter((name) => !existsSync(path.join(CORPUS_DIR, name)));
  const available = missing.length === 0;
  if (!available && process.env.CI) throw new Error(`The shared corpus is required in CI but ${CORPUS_DIR} has no ${missing.join(', ')}`);
  if (!available) {
    const testFile = path.relative(process.cwd(), expect.getState().testPath ?? 'this test file');
    console.warn(`${testFile}: corpus tests skipped, no ${missing.join(', ')} in ${CORPUS_DIR} (set HATSUMEI_CORPUS_DIR)`);
  }
  return { dir: CORPUS_DIR, file: path.join(CORPUS_DIR, file), available, test: available ? test : test.skip, describe: available ? describe : describe.skip };
}

/**
 * The cuts' temporary directories, removed after the test file: each cut is up to tens of MB, and a whole run left
 * ~330 MB of them in the temporary directory of the machine CI runs on (117 after two runs, 2026-11-29).
 */
const cuts: string[] = [];
// Outside jest (the benches that read corpus files through these helpers) there is no afterAll, and no cut.
if (typeof afterAll === 'function') {
  afterAll(async () => {
    await Promise.all(cuts.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
  });
}

/** The first `limit` records `keep` accepts, written to a file in a new temporary directory (removed after the test file); its path. */
export async function cutCorpus(source: string, limit: number, keep: (record: Record<string, unknown>) => boolean = () => true): Promise<string> {
  // A missing file would leave the gunzip stream waiting forever instead of failing.
  if (!existsSync(source)) throw new Error(`No corpus file at ${source}`);
  const lines: string[] = [];
  const input = createInterface({ input: createReadStream(source).pipe(createGunzip()), crlfDelay: Infinity });
  for await (const line of input) {
    if (line.trim() && keep(JSON.parse(line) as Record<string, unknown>)) lines.push(line);
    if (lines.length >= limit) break;
  }
  input.close();
  const dir = await mkdtemp(path.join(os.tmpdir(), 'hatsumei-corpus-cut-'));
  cuts.push(dir);
  const file = path.join(dir, path.basename(source).replace(/\.gz$/, ''));
  await writeFile(file, `${lines.join('\n')}\n`);
  return file;
}

/** The records of these ids in a corpus file (gzipped JSON Lines), by id; the file is read until all are found. */
export async function corpusRecords<T extends { id: string }>(source: string, ids: readonly string[]): Promise<Map<string, T>> {
  if (!existsSync(source)) throw new Error(`No corpus file at ${source}`);
  const wanted = new Set(ids);
  const found = new Map<string, T>();
  const input = createInterface({ input: createReadStream(source).pipe(createGunzip()), crlfDelay: Infinity });
  for await (const line of input) {
    if (!line.trim()) continue;
    const record = JSON.parse(line) as T;
    if (wanted.has(record.id)) found.set(record.id, record);
    if (found.size === wanted.size) break;
  }
  input.close();
  return found;
}

/** The sentence of a corpus record's claims or description (file in CORPUS_DIR) that holds `words`; an error where none does. */
export async function corpusSentence(file: string, id: string, words: string): Promise<string> {
  const record = (await corpusRecords<{ id: string; claims?: string[] | null; description?: string | null }>(path.join(CORPUS_DIR, file), [id])).get(id);
  const text = [...(record?.claims ?? []), record?.description ?? ''].join('\n');
  const found = text.split(/\n|(?<=[。;])|(?<=\.)\s+(?=[A-Z])/).find((part) => part.includes(words));
  if (!found) throw new Error(`No sentence of ${id} in ${file} holds ${words}`);
  return found;
}

/** The jp-fulltext gazettes of `ids` in `corpusDir`, in that order; each must be there with its claims. */
export async function gazettesWithClaims<T extends { id: string; claims?: string[] | null }>(corpusDir: string, ...ids: string[]): Promise<T[]> {
  const found = await corpusRecords<T>(path.join(corpusDir, 'jp-fulltext.jsonl.gz'), ids);
  return ids.map((id) => {
    const record = found.get(id);
    if (!record?.claims) throw new Error(`${id} with claims is not in the corpus`);
    return record;
  });
}
