// The loaded dictionary (dictionary.ts loadSharedDictionary: inflated, rearranged) kept in one file in the system's
// temporary folder (~99 MB), so the next process reads it straight into shared memory instead of inflating kuromoji's
// files again: 0.28–0.30 s of CPU per process (ingest CLI, benches, a test file, the analysis worker) → ~0.05 s
// (process.cpuUsage around loadSharedDictionary, 3 runs each; the run that writes the file pays ~0.3 s more). Keyed by
// what the load depends on (the format below, kuromoji's version, the folder, each file's size and time); a file that
// is missing, stale, unreadable, of another user or of sizes that do not add up is ignored and written anew (to a
// temporary name, then renamed: a reader never sees half of one).
import { createHash } from 'node:crypto';
import { closeSync, fstatSync, openSync, readSync, renameSync, statSync, unlinkSync, writeSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import type { SharedMorphologyDictionary } from './dictionary.ts';

/** Changes whenever SharedMorphologyDictionary's buffers change meaning (interleaved trie, transposed costs …). */
const FORMAT = 1;
const BUFFERS = ['trie', 'tokenInfo', 'features', 'targetStarts', 'targetIds', 'costs'] as const;

interface Header {
  key: string;
  forward: number;
  backward: number;
  /** Byte lengths of BUFFERS, then of the unknown-word buffers, stored one after another after the header. */
  sizes: number[];
}

const require = createRequire(import.meta.url);

/** The cache file for the dictionary in `directory` with these files, and its key (exported for the tests). */
export function cacheFile(directory: string, files: readonly string[]): { file: string; key: string } {
  const hash = createHash('sha256').update(`${FORMAT}\0${(require('kuromoji/package.json') as { version: string }).version}\0${directory}`);
  for (const file of files) {
    const { size, mtimeMs } = statSync(path.join(directory, file));
    hash.update(`\0${file}\0${size}\0${mtimeMs}`);
  }
  const key = hash.digest('hex');
  return { file: path.join(os.tmpdir(), `hatsumei-ipadic-${key.slice(0, 16)}.bin`), key };
}

function readFully(fd: number, into: Uint8Array, at: number): void {
  for (let done = 0; done < into.length; ) {
    const read = readSync(fd, into, done, into.length - done, at + done);
    if (read === 0) throw new Error('dictionary cache file ends early');
    done += read;
  }
}

/** The dictionary from its cache file, or null when there is none for these files (or it cannot be read). */
export function readCachedDictionary(directory: string, files: readonly string[], unknownCount: number): SharedMorphologyDictionary | null {
  let fd: number | undefined;
  try {
    const { file, key } = cacheFile(directory, files);
    fd = openSync(file, 'r');
    // Only a file this user wrote (the temporary folder may be shared with others), of the sizes a dictionary has.
    const { uid, size: fileSize } = fstatSync(fd);
    if (process.getuid && uid !== process.getuid()) return null;
    const length = new Uint8Array(4);
    readFully(fd, length, 0);
    const headerBytes = new Uint8Array(new DataView(length.buffer).getUint32(0, true));
    readFully(fd, headerBytes, 4);
    const header = JSON.parse(Buffer.from(headerBytes).toString('utf8')) as Header;
    if (header.key !== key || header.sizes.length !== BUFFERS.length + unknownCount) return null;
    if (header.sizes.some((size) => !Number.isInteger(size) || size < 0) || 4 + headerBytes.length + header.sizes.reduce((a, b) => a + b, 0) !== fileSize) return null;
    let at = 4 + headerBytes.length;
    const buffers = header.sizes.map((size) => {
      const buffer = new SharedArrayBuffer(size);
      readFully(fd!, new Uint8Array(buffer), at);
      at += size;
      return buffer;
    });
    return {
      buffers: Object.fromEntries(BUFFERS.map((name, i) => [name, buffers[i]!])) as SharedMorphologyDictionary['buffers'],
      unknownBuffers: buffers.slice(BUFFERS.length),
      forward: header.forward,
      backward: header.backward,
    };
  } catch {
    return null;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/** Writes the cache file for these files (best effort: a read-only or full temporary folder only costs the next load its time). */
export function writeCachedDictionary(directory: string, files: readonly string[], dictionary: SharedMorphologyDictionary): void {
  let temporary: string | undefined;
  try {
    const { file, key } = cacheFile(directory, files);
    const buffers = [...BUFFERS.map((name) => dictionary.buffers[name]), ...dictionary.unknownBuffers];
    const header: Header = { key, forward: dictionary.forward, backward: dictionary.backward, sizes: buffers.map((buffer) => buffer.byteLength) };
    const headerBytes = Buffer.from(JSON.stringify(header), 'utf8');
    const length = Buffer.alloc(4);
    length.writeUInt32LE(headerBytes.length);
    temporary = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
    // Piece by piece: one concatenated copy would be another ~99 MB at its peak.
    const fd = openSync(temporary, 'w', 0o600);
    try {
      for (const piece of [length, headerBytes, ...buffers.map((buffer) => new Uint8Array(buffer))]) {
        for (let done = 0; done < piece.length; ) done += writeSync(fd, piece, done, piece.length - done);
      }
    } finally {
      closeSync(fd);
    }
    renameSync(temporary, file);
    temporary = undefined;
  } catch {
    // best effort
  } finally {
    if (temporary) {
      try {
        unlinkSync(temporary);
      } catch {
        // already gone
      }
    }
  }
}
