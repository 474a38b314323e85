// Small cuts of a real corpus file (gzipped JSON Lines) for tests that need more records
// than the fixtures hold.
import { createReadStream, existsSync } from 'node:fs';
import { mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { createGunzip } from 'node:zlib';

/** The first `limit` records `keep` accepts, written to a file in a new temporary directory; its path. */
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
  const file = path.join(await mkdtemp(path.join(os.tmpdir(), 'hatsumei-corpus-cut-')), path.basename(source).replace(/\.gz$/, ''));
  await writeFile(file, `${lines.join('\n')}\n`);
  return file;
}

/** The records of `ids` in a corpus file, in that order; each must have claims. */
export async function recordsWithClaims<T extends { id: string; claims?: string[] | null }>(source: string, ids: string[]): Promise<T[]> {
  if (!existsSync(source)) throw new Error(`No corpus file at ${source}`);
  const found = new Map<string, T>();
  const input = createInterface({ input: createReadStream(source).pipe(createGunzip()), crlfDelay: Infinity });
  for await (const line of input) {
    if (!line.trim()) continue;
    const record = JSON.parse(line) as T;
    if (ids.includes(record.id)) found.set(record.id, record);
    if (found.size === ids.length) break;
  }
  input.close();
  return ids.map((id) => {
    const record = found.get(id);
    if (!record?.claims) throw new Error(`${id} with claims is not in the corpus`);
    return record;
  });
}
