// kuromoji's IPADIC as morphology.ts reads it, loaded straight from kuromoji's own files
// (node_modules/kuromoji/dict) into flat arrays that worker threads can share.
//
// kuromoji's builder made every thread pay for its own copy: ~1.0–1.4 s of CPU and ~340 MB per
// thread (gunzip of 100 MB, then the word-id map as a JS object of ~390,000 arrays, 0.35 s alone),
// and the ingest pool built one per thread: 2–2.8 s of the ~30 s of CPU the 281 gazettes of
// jp-fulltext cost on 2 threads (load 5–9). Here the files are inflated once (zlib's thread pool), the
// word-id map becomes two Int32Arrays (offsets, ids), the connection costs are transposed once,
// and all of it sits in SharedArrayBuffers: the ingest pool's threads receive the same memory
// (index-pool.ts) instead of building their own. One load costs about what kuromoji's builder
// does (1.2–1.3 s of CPU at load 6, measured side by side; mostly gunzip, 0.6 s, and copies into
// shared memory), but once per process. Same bytes and the same lookups as kuromoji
// (test/patents/morphology.test.ts compares the tokens over gazette text).
import { createRequire } from 'node:module';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { gunzip, type ZlibOptions } from 'node:zlib';
import type { IpadicFeatures, Tokenizer } from 'kuromoji';
import { readCachedDictionary, writeCachedDictionary } from './dictionary-cache.ts';

/** One character class of char.def, as kuromoji's CharacterDefinition gives it. */
export interface CharacterClass {
  class_id: number;
  class_name: string;
  /** 0 or 1 as loaded from the dictionary (kuromoji compares with === 1). */
  is_always_invoke: number;
  is_grouping: number;
}

interface ByteBuffer {
  getShort(index: number): number;
  getString(index: number): string;
}

/** kuromoji's unknown-word dictionary (small: its class of each character and a few entries per class). */
export interface UnknownDictionary {
  dictionary: ByteBuffer;
  target_map: Record<number, number[]>;
  getFeatures(id: number): string | null;
  lookup(ch: string): CharacterClass;
}

/** What the segmenter reads of the dictionary. */
export interface MorphologyDictionary {
  /** The double-array trie of the surfaces (UTF-8 keyed): base and check interleaved (interleavedTrie). */
  trie: Int32Array;
  /** tid.dat: per word id its left id, right id, cost (int16 at id, id+2, id+4) and feature offset (int32 at id+6). */
  tokenInfo: Uint8Array;
  /** tid_pos.dat: NUL-terminated UTF-8 feature lines. */
  features: Uint8Array;
  /** Word ids of trie value v: targetIds[targetStarts[v] .. targetStarts[v + 1]). */
  targetStarts: Int32Array;
  targetIds: Int32Array;
  /** Connection costs by [left id of a node][right id of its predecessor]: costs[left * forward + right]. */
  costs: Int16Array;
  forward: number;
  backward: number;
  unknown: UnknownDictionary;
}

/** The dictionary as SharedArrayBuffers and numbers: posted to a worker thread, the memory is shared, not copied. */
export interface SharedMorphologyDictionary {
  buffers: Record<'trie' | 'tokenInfo' | 'features' | 'targetStarts' | 'targetIds' | 'costs', SharedArrayBuffer>;
  /** unk, unk_pos, unk_map, unk_char, unk_compat, unk_invoke: kuromoji builds its small unknown dictionary from them in each thread. */
  unknownBuffers: SharedArrayBuffer[];
  forward: number;
  backward: number;
}

const require = createRequire(import.meta.url);

/** The package's own IPADIC folder, wherever node_modules is. */
export function kuromojiDictionaryPath(): string {
  return path.join(path.dirname(require.resolve('kuromoji/package.json')), 'dict');
}

// kuromoji's ByteBuffer reads (little-endian, 0 past the end), for the map and the costs.
function readInt(bytes: Uint8Array, at: number): number {
  if (bytes.length < at + 4) return 0;
  return (bytes[at + 3]! << 24) + (bytes[at + 2]! << 16) + (bytes[at + 1]! << 8) + bytes[at]!;
}

/** tid_map.dat (int32s: count, then key, n, n ids …) as offsets and ids, the ids of a key in file order as kuromoji's addMapping appends them. */
export function targetMap(bytes: Uint8Array): { starts: Int32Array; ids: Int32Array } {
  let maxKey = 0;
  let total = 0;
  for (let at = 4; bytes.length >= at + 1; ) {
    const key = readInt(bytes, at);
    const n = readInt(bytes, at + 4);
    at += 8 + 4 * n;
    if (n > 0 && key > maxKey) maxKey = key;
    total += n;
  }
  const starts = new Int32Array(new SharedArrayBuffer(4 * (maxKey + 2)));
  for (let at = 4; bytes.length >= at + 1; ) {
    const key = readInt(bytes, at);
    const n = readInt(bytes, at + 4);
    at += 8 + 4 * n;
    if (n > 0) starts[key + 1]! += n;
  }
  for (let k = 1; k < starts.length; k++) starts[k]! += starts[k - 1]!;
  const ids = new Int32Array(new SharedArrayBuffer(4 * total));
  const fill = starts.slice(0, maxKey + 1);
  for (let at = 4; bytes.length >= at + 1; ) {
    const key = readInt(bytes, at);
    const n = readInt(bytes, at + 4);
    for (let i = 0; i < n; i++) ids[fill[key]!++] = readInt(bytes, at + 8 + 4 * i);
    at += 8 + 4 * n;
  }
  return { starts, ids };
}

/** The double array's base and check as one array, base of node i at 2i and its check at 2i + 1 (morphology.ts reads them together). */
export function interleavedTrie(base: Int32Array, check: Int32Array, memory: (bytes: number) => ArrayBufferLike = (bytes) => new ArrayBuffer(bytes)): Int32Array {
  const size = Math.max(base.length, check.length);
  const trie = new Int32Array(memory(8 * size));
  // Past the end of the shorter one, what doublearray reads there (getBase: -i + 1, getCheck: -i - 1).
  for (let i = 0; i < size; i++) {
    trie[2 * i] = i < base.length ? base[i]! : -i + 1;
    trie[2 * i + 1] = i < check.length ? check[i]! : -i - 1;
  }
  return trie;
}

/** cc.dat (int16: forward, backward, then [right][left]) transposed to [left][right], so a node's costs lie in one row. */
export function transposedCosts(cc: Int16Array): { costs: Int16Array; forward: number; backward: number } {
  const forward = cc[0]!;
  const backward = cc[1]!;
  const costs = new Int16Array(new SharedArrayBuffer(2 * forward * backward));
  for (let right = 0; right < forward; right++) {
    for (let left = 0; left < backward; left++) costs[left * forward + right] = cc[right * backward + left + 2]!;
  }
  return { costs, forward, backward };
}

const int32s = (bytes: Uint8Array) => new Int32Array(bytes.buffer, bytes.byteOffset, bytes.byteLength >> 2);

function shared(bytes: Uint8Array): SharedArrayBuffer {
  const buffer = new SharedArrayBuffer(bytes.length);
  new Uint8Array(buffer).set(bytes);
  return buffer;
}

const INFLATE_CHUNK = 8 << 20;

const UNKNOWN_FILES = ['unk.dat.gz', 'unk_pos.dat.gz', 'unk_map.dat.gz', 'unk_char.dat.gz', 'unk_compat.dat.gz', 'unk_invoke.dat.gz'];

export const DICTIONARY_FILES = ['base.dat.gz', 'check.dat.gz', 'tid.dat.gz', 'tid_pos.dat.gz', 'tid_map.dat.gz', 'cc.dat.gz', ...UNKNOWN_FILES];

/**
 * Reads kuromoji's dictionary files (inflated on zlib's thread pool) into shared memory, or what an earlier load left in
 * its cache file (dictionary-cache.ts).
 */
export async function loadSharedDictionary(directory = kuromojiDictionaryPath()): Promise<SharedMorphologyDictionary> {
  const cached = readCachedDictionary(directory, DICTIONARY_FILES, UNKNOWN_FILES.length);
  if (cached) return cached;
  const dictionary = await inflateSharedDictionary(directory);
  writeCachedDictionary(directory, DICTIONARY_FILES, dictionary);
  return dictionary;
}

async function inflateSharedDictionary(directory: string): Promise<SharedMorphologyDictionary> {
  const inflate = promisify(gunzip) as (buffer: Buffer, options: ZlibOptions) => Promise<Buffer>;
  // In 8 MB pieces (the files inflate to 0.06–42 MB): with zlib's default 16 kB, this thread handled ~6,400 pieces and
  // concatenated them (process.cpuUsage of a whole load: 0.39–0.45 s with 16 kB pieces, 0.28–0.29 s with these).
  const read = async (file: string) => new Uint8Array(await inflate(await readFile(path.join(directory, file)), { chunkSize: INFLATE_CHUNK }));
  const [base, check, tokenInfo, features, map, cc, ...unknown] = await Promise.all(DICTIONARY_FILES.map(read));
  const { starts, ids } = targetMap(map!);
  const { costs, forward, backward } = transposedCosts(new Int16Array(cc!.buffer, cc!.byteOffset, cc!.byteLength >> 1));
  return {
    buffers: {
      trie: interleavedTrie(int32s(base!), int32s(check!), (bytes) => new SharedArrayBuffer(bytes)).buffer as SharedArrayBuffer,
      tokenInfo: shared(tokenInfo!),
      features: shared(features!),
      targetStarts: starts.buffer as SharedArrayBuffer,
      targetIds: ids.buffer as SharedArrayBuffer,
      costs: costs.buffer as SharedArrayBuffer,
    },
    unknownBuffers: unknown.map(shared),
    forward,
    backward,
  };
}

/** kuromoji's UnknownDictionary over the shared bytes (views, as kuromoji's loader makes them). */
function unknownDictionary(buffers: SharedArrayBuffer[]): UnknownDictionary {
  const UnknownDictionaryClass = require('kuromoji/src/dict/UnknownDictionary.js') as new () => UnknownDictionary & {
    loadUnknownDictionaries(...buffers: Array<Uint8Array | Uint32Array>): void;
  };
  const [unk, pos, map, chars, compat, invoke] = buffers as [SharedArrayBuffer, SharedArrayBuffer, SharedArrayBuffer, SharedArrayBuffer, SharedArrayBuffer, SharedArrayBuffer];
  const dictionary = new UnknownDictionaryClass();
  dictionary.loadUnknownDictionaries(new Uint8Array(unk), new Uint8Array(pos), new Uint8Array(map), new Uint8Array(chars), new Uint32Array(compat), new Uint8Array(invoke));
  return dictionary;
}

/** The dictionary over shared memory (in the thread that loaded it or in one it was posted to). */
export function morphologyDictionary(shared: SharedMorphologyDictionary): MorphologyDictionary {
  const { buffers } = shared;
  return {
    trie: new Int32Array(buffers.trie),
    tokenInfo: new Uint8Array(buffers.tokenInfo),
    features: new Uint8Array(buffers.features),
    targetStarts: new Int32Array(buffers.targetStarts),
    targetIds: new Int32Array(buffers.targetIds),
    costs: new Int16Array(buffers.costs),
    forward: shared.forward,
    backward: shared.backward,
    unknown: unknownDictionary(shared.unknownBuffers),
  };
}

// kuromoji's internals read by morphologyDictionaryOf (kuromoji 0.1.2 has no types for them).
interface KuromojiInternals {
  viterbi_builder: {
    trie: { bc: { getBaseBuffer(): Int32Array; getCheckBuffer(): Int32Array } };
    token_info_dictionary: { dictionary: { buffer: Uint8Array }; pos_buffer: { buffer: Uint8Array }; target_map: Record<number, number[]> };
    unknown_dictionary: UnknownDictionary;
  };
  viterbi_searcher: { connection_costs: { buffer: Int16Array } };
}

/** The same dictionary taken from a tokenizer kuromoji's builder made (the reference the tests compare with). */
export function morphologyDictionaryOf(tokenizer: Tokenizer<IpadicFeatures>): MorphologyDictionary {
  const { viterbi_builder: builder, viterbi_searcher: searcher } = tokenizer as unknown as KuromojiInternals;
  const known = builder.token_info_dictionary;
  const keys = Object.keys(known.target_map).map(Number);
  const maxKey = keys.reduce((a, b) => Math.max(a, b), 0);
  const targetStarts = new Int32Array(maxKey + 2);
  for (const key of keys) targetStarts[key + 1] = known.target_map[key]!.length;
  for (let k = 1; k < targetStarts.length; k++) targetStarts[k]! += targetStarts[k - 1]!;
  const targetIds = new Int32Array(targetStarts[maxKey + 1]!);
  for (const key of keys) targetIds.set(known.target_map[key]!, targetStarts[key]!);
  const { costs, forward, backward } = transposedCosts(searcher.connection_costs.buffer);
  return {
    trie: interleavedTrie(builder.trie.bc.getBaseBuffer(), builder.trie.bc.getCheckBuffer()),
    tokenInfo: known.dictionary.buffer,
    features: known.pos_buffer.buffer,
    targetStarts,
    targetIds,
    costs,
    forward,
    backward,
    unknown: builder.unknown_dictionary,
  };
}
