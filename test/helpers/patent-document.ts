// Patent documents for the rendering tests, built from real corpus records (never invented
// text), and small real images made byte by byte (PNG, JPEG, GIF).
import { createReadStream, existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { createGunzip, deflateSync, gunzipSync } from 'node:zlib';
import { emptySections, type PatentDocument, type PatentDrawing, type PatentSections } from '../../src/patent-documents/model.ts';
import type { PatentRecord } from '../../src/patents/record.ts';
import { CORPUS_DIR } from './corpus.ts';

/** The records of a gzipped JSON Lines corpus file, or null when the file is absent (an error in CI). */
export function readCorpusFile(name: string): PatentRecord[] | null {
  const file = path.join(CORPUS_DIR, name);
  if (!existsSync(file)) {
    if (process.env.CI) throw new Error(`The shared corpus is required in CI but ${file} is missing`);
    return null;
  }
  return gunzipSync(readFileSync(file))
    .toString('utf8')
    .split('\n')
    .filter((line) => line.trim())
    .map((line) => JSON.parse(line) as PatentRecord);
}

/** Whether a corpus file is there (an error in CI when it is not, as readCorpusFile). */
export function hasCorpusFile(name: string): boolean {
  const file = path.join(CORPUS_DIR, name);
  if (existsSync(file)) return true;
  if (process.env.CI) throw new Error(`The shared corpus is required in CI but ${file} is missing`);
  return false;
}

/** A gzipped JSON Lines corpus file's records in order, read only as far as the caller goes on. */
async function* corpusRecordsInOrder(name: string): AsyncGenerator<PatentRecord> {
  const file = createReadStream(path.join(CORPUS_DIR, name));
  const input = createInterface({ input: file.pipe(createGunzip()), crlfDelay: Infinity });
  try {
    for await (const line of input) if (line.trim()) yield JSON.parse(line) as PatentRecord;
  } finally {
    input.close();
    file.destroy();
  }
}

/**
 * The first record of a gzipped JSON Lines corpus file that `keep` accepts, the file read only that far (undefined
 * when none does): the record readCorpusFile(name).find(keep) gives, without reading the rest. us.jsonl.gz holds
 * 15,816 records in 497 million characters: reading it whole took 116 s in plain Node on the loaded 2-core machine
 * (2026-11-29), streaming to its first record 0.07 s and to its 3,462nd 1.9 s.
 */
export async function firstCorpusRecord(name: string, keep: (record: PatentRecord) => boolean): Promise<PatentRecord | undefined> {
  for await (const record of corpusRecordsInOrder(name)) if (keep(record)) return record;
  return undefined;
}

/** The first `limit` records of a corpus file (null when the file is absent, as readCorpusFile), read only that far. */
export async function leadingCorpusRecords(name: string, limit: number): Promise<PatentRecord[] | null> {
  if (!hasCorpusFile(name)) return null;
  const records: PatentRecord[] = [];
  for await (const record of corpusRecordsInOrder(name)) {
    records.push(record);
    if (records.length >= limit) break;
  }
  return records;
}

/** Fails naming the first of `parts` not found in `text` after the previous one. */
export function expectInOrder(text: string, parts: string[]): void {
  let at = 0;
  for (const part of parts) {
    const found = text.indexOf(part, at);
    expect({ part, found: found >= 0 }).toEqual({ part, found: true });
    at = found + part.length;
  }
}

/** A number in full-width digits, written independently of the code under test: 12 → '１２', (1, 4) → '０００１'. */
export const fullWidthNumber = (n: number, pad = 0): string => [...String(n).padStart(pad, '0')].map((d) => '０１２３４５６７８９'[Number(d)]).join('');

const toAscii = (text: string) => text.replace(/[０-９]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0));

const JP_SECTIONS: Record<string, keyof PatentSections> = {
  技術分野: 'domain',
  背景技術: 'background',
  発明が解決しようとする課題: 'issue',
  課題を解決するための手段: 'method',
  発明の効果: 'effect',
  発明を実施するための形態: 'embodiment',
  発明を実施するための最良の形態: 'embodiment',
  産業上の利用可能性: 'industrial_aplicability',
};

/** A JPO gazette's description cut back into sections: its 【…】 headings, 【特許文献n】 and 【図n】 lists, 【符号の説明】. */
export function documentFromJpGazette(record: PatentRecord): PatentDocument {
  const sections = emptySections();
  const text: Partial<Record<keyof PatentSections, string[]>> = {};
  const figures: string[] = [];
  let current: keyof PatentSections | 'figures' | 'signs' | null = null;
  let description = record.description ?? '';
  // Cited documents stand anywhere in a paragraph: 【特許文献１】特開平８−１７２８３８号公報
  description = description.replace(/【(非)?特許文献[０-９\d]+】([^【\n]*)/g, (_, non: string | undefined, cited: string) => {
    (non ? sections.preDocNonPatents : sections.preDocPatents).push(cited.trim());
    return '';
  });
  for (const raw of description.split('\n')) {
    const heading = /^【([^】]+)】$/.exec(raw.trim());
    if (heading) {
      const name = heading[1]!;
      if (JP_SECTIONS[name]) current = JP_SECTIONS[name]!;
      else if (name === '図面の簡単な説明') current = 'figures';
      else if (name === '符号の説明') current = 'signs';
      continue;
    }
    const line = raw.replace(/^\s*【[０-９\d]{4,5}】/, '').trim();
    if (!line || !current) continue;
    if (current === 'figures') {
      for (const match of line.matchAll(/【図[０-９\d]+】([^【]*)/g)) figures.push(match[1]!.trim());
    } else if (current === 'signs') {
      // 「１０ 一次粒子 ２０ 金属粒子」: a sign token, then the name's tokens up to the next sign.
      for (const token of line.split(/[\s\u3000]+/)) {
        if (/^[0-9０-９]+[a-zａ-ｚ'’]*$/.test(token)) sections.symbol_descriptions.push({ sign: toAscii(token).replace(/[ａ-ｚ]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0)), name: '' });
        else if (sections.symbol_descriptions.length > 0) {
          const last = sections.symbol_descriptions.at(-1)!;
          last.name = last.name ? `${last.name} ${token}` : token;
        }
      }
    } else (text[current] ??= []).push(line);
  }
  for (const [key, lines] of Object.entries(text)) (sections as unknown as Record<string, string>)[key] = lines.join('\n');
  sections.title = record.title ?? '';
  sections.claims = [...(record.claims ?? [])];
  sections.abstract = record.abstract ?? '';
  const drawings: PatentDrawing[] = figures.map((description, i) => ({ id: `drawing-${i + 1}`, fileName: `figure-${i + 1}.png`, mimeType: 'image/png', width: 1600, height: 1200, description }));
  return { lang: 'ja', sections, drawings };
}

const US_SECTIONS: Array<[RegExp, keyof PatentSections | 'figures']> = [
  [/BRIEF DESCRIPTION OF (THE )?DRAWINGS?/, 'figures'],
  [/DETAILED DESCRIPTION|DESCRIPTION OF (THE )?(PREFERRED )?EMBODIMENTS?/, 'embodiment'],
  [/SUMMARY/, 'method'],
  [/BACKGROUND/, 'background'],
  [/FIELD/, 'domain'],
];

/** A US specification cut back into sections by its upper-case headings; claims without their "1. ". */
export function documentFromUsRecord(record: PatentRecord): PatentDocument {
  const sections = emptySections();
  const text: Partial<Record<keyof PatentSections, string[]>> = {};
  const figures: string[] = [];
  let current: keyof PatentSections | 'figures' | null = null;
  for (const raw of (record.description ?? '').split('\n')) {
    const line = raw.trim();
    if (!line) continue;
    if (line === line.toUpperCase() && /[A-Z]{4}/.test(line) && line.length < 80) {
      const found = US_SECTIONS.find(([pattern]) => pattern.test(line));
      if (found) current = found[1];
      continue;
    }
    if (!current) continue;
    if (current === 'figures') figures.push(line);
    else (text[current] ??= []).push(line);
  }
  for (const [key, lines] of Object.entries(text)) (sections as unknown as Record<string, string>)[key] = lines.join('\n');
  sections.title = record.title ?? '';
  sections.claims = (record.claims ?? []).map((claim) => claim.replace(/^\s*\d+\s*\.\s*/, ''));
  sections.abstract = record.abstract ?? '';
  const drawings: PatentDrawing[] = figures.map((description, i) => ({ id: `fig-${i + 1}`, fileName: `fig-${i + 1}.png`, mimeType: 'image/png', width: 2550, height: 3300, description }));
  return { lang: 'en', sections, drawings };
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (bytes: Uint8Array): number => {
  let c = 0xffffffff;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};

function pngChunk(type: string, data: Uint8Array): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A real greyscale PNG of the given size (a diagonal gradient), as an encoder writes it. */
export function makePng(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 0, 0, 0, 0], 8); // 8-bit greyscale, deflate, no filter method, no interlace
  const rows = Buffer.alloc((width + 1) * height);
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) rows[y * (width + 1) + 1 + x] = Math.round(((x + y) / (width + height)) * 255);
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), pngChunk('IHDR', header), pngChunk('IDAT', deflateSync(rows)), pngChunk('IEND', new Uint8Array())]);
}

/**
 * A real baseline JPEG, 16 × 8 grey pixels: one greyscale component, one Huffman code per table
 * (DC difference 0, AC end of block), so each of the two 8 × 8 blocks is the bits "00".
 */
export function makeJpeg(): Buffer {
  const segment = (marker: number, data: number[]) => [0xff, marker, (data.length + 2) >> 8, (data.length + 2) & 0xff, ...data];
  return Buffer.from([
    0xff, 0xd8, // SOI
    ...segment(0xdb, [0x00, ...new Array<number>(64).fill(1)]), // DQT 0, all ones
    ...segment(0xc0, [8, 0, 8, 0, 16, 1, 1, 0x11, 0]), // SOF0: 8-bit, height 8, width 16, component 1
    ...segment(0xc4, [0x00, 1, ...new Array<number>(15).fill(0), 0x00]), // DHT DC 0: one 1-bit code → category 0
    ...segment(0xc4, [0x10, 1, ...new Array<number>(15).fill(0), 0x00]), // DHT AC 0: one 1-bit code → EOB
    ...segment(0xda, [1, 1, 0x00, 0, 63, 0]), // SOS
    0x0f, // "00" "00" then padding ones
    0xff, 0xd9, // EOI
  ]);
}

/** A real GIF89a, 2 × 1 pixels of colour 0 (LZW: clear, 0, 0, end). */
export function makeGif(): Buffer {
  return Buffer.from([
    ...Buffer.from('GIF89a', 'ascii'),
    2, 0, 1, 0, 0x80, 0, 0, // logical screen 2 × 1, global colour table of 2
    0, 0, 0, 0xff, 0xff, 0xff,
    0x2c, 0, 0, 0, 0, 2, 0, 1, 0, 0, // image descriptor
    2, 2, 0x04, 0x0a, 0, // LZW minimum code size 2, one data sub-block, terminator
    0x3b,
  ]);
}
