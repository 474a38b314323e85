// A field's tokens as a PostgreSQL tsvector, in the two forms its input functions read: the text
// form (`'tok':1,4 'devic':2`, for `$1::tsvector` as text: queries, tests, bench/index-text-hash)
// and the binary form that tsvectorrecv reads (a bind parameter sent as bytes, for ingest). Both
// hold the same value: each distinct token once, with its positions (token index + 1, at most
// 16383, at most 256 per lexeme, as PostgreSQL would cut them itself). PostgreSQL parsing the text
// form of jp-fulltext's index text cost 2.1 ms of its CPU per gazette (SELECT $1::tsvector … of the
// four fields, against 0.2 ms for the same strings as text), nearly half of what a gazette's insert costs it.

const MAX_POSITION = 16383;
const MAX_POSITIONS_PER_LEXEME = 256;

/** Distinct tokens in order of first appearance, and the indexes of each one's tokens (`order[firsts[i]..firsts[i + 1])`, in text order). */
interface Lexemes {
  lexemes: string[];
  /** Slot (index in lexemes) per lexeme. */
  slots: Map<string, number>;
  firsts: Int32Array;
  order: Int32Array;
  /** UTF-16 units of all lexemes. */
  units: number;
  /** Tokens grouped (order[0, tokens) is in use: the arrays are scratch, longer). */
  tokens: number;
}

// groupTokens' arrays, grown as needed and kept between calls (its result is read before the call that made it returns):
// a gazette description's ~50,000 tokens took ~0.5 MB of new typed arrays. toTsvectorBinary over the fields of jp-fulltext
// (best of 5, 2 interleaved pairs): 1.89–1.96 → 1.71–1.75 ms per gazette.
let scratchSlots = new Int32Array(1 << 12);
let scratchFirsts = new Int32Array(1 << 10);
let scratchFill = new Int32Array(1 << 10);
let scratchOrder = new Int32Array(1 << 12);

function groupTokens(tokens: readonly string[]): Lexemes {
  // A gazette description has ~50,000 tokens: each token's slot by one Map lookup, then the token indexes grouped by
  // slot with a counting sort (text order kept within a slot), instead of a position list or string grown per lexeme.
  // Tried and measured slower: integer token ids kept with the run memo of japanese.ts (one process-wide lexicon) and
  // grouped through an array indexed by id. This Map is small (a field's ~5,000 lexemes, in cache) while the lexicon
  // lookup for each token of every new run went to a large one (~90,000 tokens, ~60 ns a lookup): jp-fulltext, ingest CPU 22.9 → 27.1 ms/doc (2 threads,
  // 4 interleaved pairs), peak RSS 710 → 820 MB; in one thread (CPU profile) this function's ~0.9 ms/doc became ~1.9 ms/doc of id work.
  const count = tokens.length;
  const slots = new Map<string, number>();
  const lexemes: string[] = [];
  if (scratchSlots.length < count) scratchSlots = new Int32Array(2 * count);
  const slotOf = scratchSlots;
  let units = 0;
  for (let index = 0; index < count; index++) {
    const token = tokens[index]!;
    if (!token) {
      slotOf[index] = -1;
      continue;
    }
    let slot = slots.get(token);
    if (slot === undefined) {
      slot = lexemes.length;
      slots.set(token, slot);
      lexemes.push(token);
      units += token.length;
    }
    slotOf[index] = slot;
  }
  const distinct = lexemes.length;
  if (scratchFirsts.length < distinct + 1) {
    scratchFirsts = new Int32Array(2 * (distinct + 1));
    scratchFill = new Int32Array(2 * (distinct + 1));
  }
  const firsts = scratchFirsts;
  firsts.fill(0, 0, distinct + 1);
  for (let index = 0; index < count; index++) if (slotOf[index]! >= 0) firsts[slotOf[index]! + 1]!++;
  for (let slot = 0; slot < distinct; slot++) firsts[slot + 1]! += firsts[slot]!;
  const fill = scratchFill;
  fill.set(firsts.subarray(0, distinct));
  if (scratchOrder.length < firsts[distinct]!) scratchOrder = new Int32Array(2 * firsts[distinct]!);
  const order = scratchOrder;
  for (let index = 0; index < count; index++) {
    const slot = slotOf[index]!;
    if (slot >= 0) order[fill[slot]!++] = index;
  }
  return { lexemes, slots, firsts, order, units, tokens: firsts[distinct]! };
}

/**
 * Calls `each` with the positions of lexeme `slot` that PostgreSQL keeps: ascending, distinct (every token past
 * MAX_POSITION has that position), at most MAX_POSITIONS_PER_LEXEME. Returns how many.
 */
function positionsOf({ firsts, order }: Lexemes, slot: number, each: (position: number, written: number) => void): number {
  let written = 0;
  let last = 0;
  for (let k = firsts[slot]!; k < firsts[slot + 1]! && written < MAX_POSITIONS_PER_LEXEME; k++) {
    const index = order[k]!;
    const position = index < MAX_POSITION ? index + 1 : MAX_POSITION;
    if (position === last) continue;
    each(position, written++);
    last = position;
  }
  return written;
}

/** Grown as needed, kept between calls: toTsvectorText writes its char codes here and decodes them once. */
let textUnits = new Uint16Array(1 << 16);

/**
 * tsvector input text for `$1::tsvector`: each distinct token once, quoted, with its
 * positions (token index + 1), e.g. `'connect':1,4 'devic':2`.
 */
export function toTsvectorText(tokens: readonly string[]): string {
  // Written as char codes into one buffer and decoded once: the text grown per lexeme ('tok':1 += ',4') and joined cost
  // two concatenations and a number's string per token, a tenth of the analysis (same text; 2.3 → 1.7 ms per gazette).
  const grouped = groupTokens(tokens);
  const { lexemes } = grouped;
  const distinct = lexemes.length;
  if (distinct === 0) return '';
  // At most: a lexeme with every unit doubled, its quotes, ':' and a space; ',' and 5 digits per position.
  const bound = 2 * grouped.units + 4 * distinct + 6 * grouped.tokens;
  if (textUnits.length < bound) textUnits = new Uint16Array(2 * bound);
  const units = textUnits;
  let at = 0;
  let widest = 0;
  const writePosition = (position: number, written: number): void => {
    if (written > 0) units[at++] = 0x2c;
    if (position >= 10000) units[at++] = 0x30 + ((position / 10000) | 0);
    if (position >= 1000) units[at++] = 0x30 + (((position / 1000) | 0) % 10);
    if (position >= 100) units[at++] = 0x30 + (((position / 100) | 0) % 10);
    if (position >= 10) units[at++] = 0x30 + (((position / 10) | 0) % 10);
    units[at++] = 0x30 + (position % 10);
  };
  for (let slot = 0; slot < distinct; slot++) {
    if (slot > 0) units[at++] = 0x20;
    // Quoted as quoteLexeme does: ' and \ doubled inside the quotes.
    const lexeme = lexemes[slot]!;
    units[at++] = 0x27;
    for (let k = 0; k < lexeme.length; k++) {
      const unit = lexeme.charCodeAt(k);
      if (unit === 0x27 || unit === 0x5c) units[at++] = unit;
      units[at++] = unit;
      if (unit > widest) widest = unit;
    }
    units[at++] = 0x27;
    units[at++] = 0x3a;
    positionsOf(grouped, slot, writePosition);
  }
  const used = units.subarray(0, at);
  // Latin-1 text (English) as a one-byte string, as concatenation made it; CJK as UTF-16.
  if (widest <= 0xff) return Buffer.from(Uint8Array.from(used)).toString('latin1');
  return Buffer.from(used.buffer, used.byteOffset, used.byteLength).toString('utf16le');
}

const SURROGATE = /[\ud800-\udfff]/;

/**
 * Lexemes (no surrogate pairs) in code-unit order, which is then code-point order, hence UTF-8 byte order: by their first
 * two code units as a number (a lexeme of one unit counts 0 for the second, before any other), with the lexeme's index,
 * in a Float64Array sorted natively, and the few runs that share their first two units by the string comparison. A
 * description's ~5,000 lexemes (two-character bigrams mostly): ~0.2 ms where Array.prototype.sort took 0.7.
 */
function sortByCodeUnits(lexemes: readonly string[]): string[] {
  const count = lexemes.length;
  if (count >= 0x100000) return lexemes.slice().sort();
  const keys = new Float64Array(count);
  // 2^32 first-two-unit keys times 2^20 indexes stay below 2^53 (exact): a field has far fewer than 2^20 distinct lexemes.
  for (let i = 0; i < count; i++) {
    const lexeme = lexemes[i]!;
    keys[i] = (lexeme.charCodeAt(0) * 0x10000 + (lexeme.length > 1 ? lexeme.charCodeAt(1) : 0)) * 0x100000 + i;
  }
  keys.sort();
  const sorted = new Array<string>(count);
  for (let i = 0; i < count; i++) sorted[i] = lexemes[keys[i]! % 0x100000]!;
  // Lexemes of three or more units that share their first two: their order within the run by the whole string.
  for (let start = 0; start < count; ) {
    const prefix = Math.floor(keys[start]! / 0x100000);
    let end = start + 1;
    while (end < count && Math.floor(keys[end]! / 0x100000) === prefix) end++;
    if (end - start > 1) {
      const run = sorted.slice(start, end).sort();
      for (let i = 0; i < run.length; i++) sorted[start + i] = run[i]!;
    }
    start = end;
  }
  return sorted;
}

/** tsCompareString's order for lexemes with surrogate pairs: their UTF-8 bytes compared (Buffer.compare: bytewise, the shorter of equals first). */
const compareUtf8 = (a: string, b: string): number => Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));

/**
 * The same tsvector as toTsvectorText, in tsvectorrecv's binary form (network byte order): the
 * lexeme count (int32), then per lexeme its UTF-8 bytes and a NUL, the position count (uint16)
 * and the positions (uint16, weight D). Bind it as bytes (a Buffer: node-postgres sends those in
 * binary format) to `$1::tsvector`. Lexemes go in PostgreSQL's order (bytewise, a prefix first:
 * tsCompareString), so tsvectorrecv keeps them as sent and lays the value out as tsvectorin would.
 */
export function toTsvectorBinary(tokens: readonly string[]): Uint8Array {
  const grouped = groupTokens(tokens);
  const { lexemes } = grouped;
  const distinct = lexemes.length;
  const sorted = lexemes.some((lexeme) => SURROGATE.test(lexeme)) ? lexemes.slice().sort(compareUtf8) : sortByCodeUnits(lexemes);
  // The sorted lexemes, each followed by its NUL, encoded at once (NUL is never in a lexeme: normalizeText makes it a space).
  const bytes = Buffer.from(`${sorted.join('\0')}\0`, 'utf8');
  // Count, then per lexeme its bytes, NUL and position count; 2 bytes per position.
  const out = new Uint8Array(4 + bytes.length + 2 * distinct + 2 * grouped.tokens);
  out[0] = distinct >>> 24;
  out[1] = (distinct >>> 16) & 0xff;
  out[2] = (distinct >>> 8) & 0xff;
  out[3] = distinct & 0xff;
  let at = 4;
  let read = 0;
  const writePosition = (position: number): void => {
    out[at++] = position >>> 8;
    out[at++] = position & 0xff;
  };
  for (const lexeme of sorted) {
    let byte: number;
    do out[at++] = byte = bytes[read++]!;
    while (byte !== 0);
    const countAt = at;
    at += 2;
    const positions = positionsOf(grouped, grouped.slots.get(lexeme)!, writePosition);
    out[countAt] = positions >>> 8;
    out[countAt + 1] = positions & 0xff;
  }
  return out.subarray(0, at);
}
