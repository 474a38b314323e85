// The Japanese dictionary's cache file (src/patents/analysis/dictionary-cache.ts): a load from it gives the bytes a load
// from kuromoji's files gives, and a cache file that is cut short or belongs to other files is not used.
import { createHash } from 'node:crypto';
import { cp, mkdtemp, rm, truncate, utimes } from 'node:fs/promises';
import { existsSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DICTIONARY_FILES, kuromojiDictionaryPath, loadSharedDictionary, type SharedMorphologyDictionary } from '../../src/patents/analysis/dictionary.ts';
import { cacheFile } from '../../src/patents/analysis/dictionary-cache.ts';

let directory: string;
const cacheFiles = new Set<string>();
const cacheOf = () => {
  const { file } = cacheFile(directory, DICTIONARY_FILES);
  cacheFiles.add(file);
  return file;
};
/** The dictionary as names and digests of its buffers (100 MB: compared by digest), and its id counts. */
const digest = (dictionary: SharedMorphologyDictionary) => [
  ...[...Object.entries(dictionary.buffers), ...dictionary.unknownBuffers.map((buffer, i) => [`unknown ${i}`, buffer] as const)].map(
    ([name, buffer]) => `${name} ${createHash('sha256').update(new Uint8Array(buffer)).digest('hex')}`,
  ),
  `ids ${dictionary.forward} ${dictionary.backward}`,
];
const same = (a: SharedMorphologyDictionary, b: SharedMorphologyDictionary) => expect(digest(a)).toEqual(digest(b));

beforeAll(async () => {
  // A copy of kuromoji's files of its own, so the cache file is this test's alone.
  directory = await mkdtemp(path.join(os.tmpdir(), 'hatsumei-dictionary-'));
  await cp(kuromojiDictionaryPath(), directory, { recursive: true });
});

afterAll(async () => {
  await rm(directory, { recursive: true, force: true });
  for (const file of cacheFiles) await rm(file, { force: true });
});

test('a load from the cache file gives what a load from the dictionary files gives', async () => {
  const inflated = await loadSharedDictionary(directory);
  const file = cacheOf();
  expect(existsSync(file)).toBe(true);
  const cached = await loadSharedDictionary(directory);
  // Read from the file (its modification time unchanged: not written again) with the same bytes.
  const written = statSync(file).mtimeMs;
  same(cached, inflated);
  await loadSharedDictionary(directory);
  expect(statSync(file).mtimeMs).toBe(written);
}, 60_000);

test('a cache file cut short, or of dictionary files changed since, is not used', async () => {
  const reference = await loadSharedDictionary(directory);
  const file = cacheOf();
  await truncate(file, statSync(file).size - 1000);
  same(await loadSharedDictionary(directory), reference);
  // A dictionary file touched: another key, another cache file; the old one is not read.
  const stale = file;
  await utimes(path.join(directory, 'cc.dat.gz'), new Date(), new Date(Date.now() + 60_000));
  expect(cacheOf()).not.toBe(stale);
  same(await loadSharedDictionary(directory), reference);
}, 60_000);
