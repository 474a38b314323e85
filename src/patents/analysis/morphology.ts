// Japanese morphological analysis with kuromoji's dictionary and Viterbi search, without
// the quadratic work of kuromoji's own lattice builder.
//
// kuromoji (0.1.2, unmaintained) builds the word lattice of a sentence by looking up, at every
// position, the whole rest of the sentence: it copies the tail (sentence.slice), wraps it in
// a SurrogateAwareString and encodes it to UTF-8 before walking the dictionary trie, which
// stops after a few characters anyway. That made ingest ~5 documents/s on gazette text
// (18,000+ characters each): three quarters of the time went to those copies, and a fifth
// to decoding each token's feature line again for every occurrence.
//
// This segmenter reads kuromoji's own dictionary (trie, word costs, connection costs,
// character classes) and makes the same lattice: from each position it walks the trie one
// character at a time and stops where the trie does, groups unknown characters as kuromoji
// does, and keeps the nodes in kuromoji's order, in flat typed arrays instead of one object
// per node. The Viterbi search is kuromoji's (first strictly cheaper predecessor wins, so ties
// break alike), and so are its quirks (a grouped unknown word's length counted in UTF-16
// units). The tokens are the same, token for token: test/patents/morphology.test.ts compares
// both over the Japanese texts of the corpus. Feature lines are decoded once per word id.
//
// Lindera (lindera-wasm-nodejs-ipadic 2.0.0: Rust compiled to WASM, its own IPADIC build) was
// measured as a replacement on the 281 gazettes of jp-fulltext and kept out: per token it is
// ~15× slower here (CPU, unique CJK runs of 28 gazettes: 57,000 vs 880,000 tokens/s; whole
// texts 25,000 vs 417,000; each token comes back as a JS object of twelve fields), and its
// tokens differ: unknown words have no part of speech ("UNK") where kuromoji
// says 名詞,一般 (凹, 突, 剪, ガタ would stop being content words; 14 % of the distinct runs,
// 1.8 % of the tokens), and spaces give no token.
import type { IpadicFeatures, Tokenizer } from 'kuromoji';
import { morphologyDictionaryOf, type CharacterClass, type MorphologyDictionary, type UnknownDictionary } from './dictionary.ts';
import { baseAt, checkAt, ENTRY, getInt, getShort, KNOWN, ROOT_ID, TERM_CODE, TOKEN_INFO_BYTES, undominated, UNKNOWN, utf8 } from './morphology-dictionary.ts';
import { Nodes, Viterbi } from './morphology-viterbi.ts';

/** What the analysers read of a token (a subset of kuromoji's IpadicFeatures, same names). */
export type Morpheme = Pick<IpadicFeatures, 'surface_form' | 'pos' | 'pos_detail_1' | 'pos_detail_2' | 'basic_form'>;

const PAIR_BITS = 18;
const PAIR_SLOTS = 1 << PAIR_BITS;
const PAIR_LIMIT = (PAIR_SLOTS >> 1) + (PAIR_SLOTS >> 3);
/** kuromoji cuts text into sentences after each 、 and 。 and solves each on its own. */
const PUNCTUATION = /、|。/;

export class Morphology {
  private readonly trie: Int32Array;
  /** Known words: tid.dat (ids, costs, feature offsets), tid_pos.dat (feature lines), word ids per trie value. */
  private readonly tokenInfo: Uint8Array;
  private readonly featureLines: Uint8Array;
  private readonly targetStarts: Int32Array;
  private readonly targetIds: Int32Array;
  private readonly unknown: UnknownDictionary;
  /** Per trie value: its words as [id, left id, right id, cost] runs. */
  /** Dictionary entries in use as [word id, left id, right id, cost, KNOWN | UNKNOWN] rows; ranges of rows per trie value / unknown class. */
  private table = new Int32Array(ENTRY * 4096);
  private tableSize = 0;
  private readonly ranges: number[] = [];
  // Index into ranges per trie value / unknown class, -1 until first use (typed: a sparse array of ~390,000 trie values was a hash table).
  private knownRanges = new Int32Array(1 << 16).fill(-1);
  private unknownRanges = new Int32Array(256).fill(-1);
  /** Tokens of known words by word id; feature lines of the unknown-word entries by id; classes by code unit. */
  // Tokens of known words by entry (word id / 10: tid.dat entries are 10 bytes): index + 1 into knownList, 0 until first use
  // (a Map<number, Morpheme> was 3 % of the analysis of jp-fulltext).
  private readonly knownSlots: Int32Array;
  private readonly knownList: Morpheme[] = [];
  private readonly unknownFeatures = new Map<number, string[]>();
  /** Character class id per BMP code unit (-1 until looked up), and the classes by id. */
  private readonly classIds = new Int16Array(0x10000).fill(-1);
  private readonly classById: CharacterClass[] = [];
  private readonly nodes = new Nodes();
  private readonly viterbi: Viterbi;
  // lattice(): per BMP code unit, the trie node its UTF-8 bytes lead to from the root (0 until walked, -1: none) and
  // the entries of the one-character word (-1: none). Every position starts there, and each byte step of the trie is
  // a read far away in base and check (16 MB). With it, segmenting the 314,185 distinct runs of jp-fulltext took 1.58 → 1.40 s.
  private readonly firstChild = new Int32Array(0x10000);
  private readonly firstRange = new Int32Array(0x10000);
  // The same one step further: per pair of BMP code units (the first two characters of a word), the trie node after
  // both and the entries of the two-character word, as [key, node + 2 (0: free slot, 1: the trie stops), range] slots
  // side by side in one open-addressing table (one cache line instead of three or four byte steps far apart in the trie
  // and its terminal check), emptied when PAIR_LIMIT full. Segmenting the 314,185 distinct runs of jp-fulltext (best of
  // 5, 5 interleaved pairs): 1.95–2.06 → 1.88–2.04 s, median −3 %; 2^20 slots were no better than 2^18.
  private readonly pairs = new Int32Array(3 * PAIR_SLOTS);
  private pairCount = 0;
  // The nodes by the position they end at, in lattice order, as lists (Nodes.next) made by add(): the first and last
  // node ending at each position (-1: none), and the furthest end. (A counting sort in search() was 4 passes over the
  // nodes: the distinct runs of jp-fulltext took 1.40 → 1.25 s with the lists.)
  private endHead = new Int32Array(1024);
  private endTail = new Int32Array(1024);
  private lastEnd = 1;
  // The sentence as code points, with each one's UTF-16 offset (and the end's).
  private codes = new Int32Array(1024);
  private offsets = new Int32Array(1024);
  // The sentence in UTF-8 (the trie's keys), encoded once instead of once per word start, and where each code point's bytes start.
  private utf8Bytes = new Uint8Array(4096);
  private byteStarts = new Int32Array(1024);

  /** Over kuromoji's dictionary: loaded by dictionary.ts (shared between threads), or taken from a kuromoji tokenizer. */
  constructor(source: MorphologyDictionary | Tokenizer<IpadicFeatures>) {
    const dictionary = 'tokenInfo' in source ? source : morphologyDictionaryOf(source);
    this.trie = dictionary.trie;
    this.tokenInfo = dictionary.tokenInfo;
    this.knownSlots = new Int32Array(Math.ceil(dictionary.tokenInfo.length / TOKEN_INFO_BYTES));
    this.featureLines = dictionary.features;
    this.targetStarts = dictionary.targetStarts;
    this.targetIds = dictionary.targetIds;
    this.unknown = dictionary.unknown;
    this.viterbi = new Viterbi(dictionary.costs, dictionary.forward, dictionary.backward);
  }

  /** The tokens kuromoji's tokenize(text) gives, with the fields the analysers read. */
  tokenize(text: string): Morpheme[] {
    const out: Morpheme[] = [];
    let rest = text;
    while (rest) {
      const index = rest.search(PUNCTUATION);
      const sentence = index < 0 ? rest : rest.slice(0, index + 1);
      rest = index < 0 ? '' : rest.slice(index + 1);
      this.tokenizeSentence(sentence, out);
    }
    return out;
  }

  /**
   * Where a trie value's (or an unknown class's) entries start in the table, as
   * [first, end) pairs; entries are copied in on first use, UNKNOWN ones flagged.
   */
  private entries(kind: number, key: number): number {
    let ranges = kind === KNOWN ? this.knownRanges : this.unknownRanges;
    if (key < ranges.length && ranges[key]! >= 0) return ranges[key]!;
    if (key >= ranges.length) {
      const bigger = new Int32Array(Math.max(2 * ranges.length, key + 1)).fill(-1);
      bigger.set(ranges);
      ranges = bigger;
      if (kind === KNOWN) this.knownRanges = bigger;
      else this.unknownRanges = bigger;
    }
    const { targetStarts, targetIds, tokenInfo } = this;
    const ids = kind === KNOWN ? (key + 1 < targetStarts.length ? targetIds.subarray(targetStarts[key]!, targetStarts[key + 1]!) : []) : (this.unknown.target_map[key] ?? []);
    const at = this.ranges.length;
    const first = this.tableSize;
    for (const id of ids) {
      if (this.tableSize + ENTRY >= this.table.length) {
        const bigger = new Int32Array(this.table.length * 2);
        bigger.set(this.table);
        this.table = bigger;
      }
      const t = this.tableSize;
      this.table[t] = id;
      if (kind === KNOWN) {
        this.table[t + 1] = getShort(tokenInfo, id);
        this.table[t + 2] = getShort(tokenInfo, id + 2);
        this.table[t + 3] = getShort(tokenInfo, id + 4);
      } else {
        this.table[t + 1] = this.unknown.dictionary.getShort(id);
        this.table[t + 2] = this.unknown.dictionary.getShort(id + 2);
        this.table[t + 3] = this.unknown.dictionary.getShort(id + 4);
      }
      this.table[t + 4] = kind;
      this.tableSize += ENTRY;
    }
    this.tableSize = first + ENTRY * undominated(this.table, first, this.tableSize);
    this.ranges.push(first, this.tableSize);
    ranges[key] = at;
    return at;
  }

  /** A known word's feature line (kuromoji's getFeatures: the NUL-terminated UTF-8 line at the int32 offset stored at id + 6), split. */
  private knownFeatures(id: number): string[] {
    const { featureLines } = this;
    const at = getInt(this.tokenInfo, id + 6);
    let end = at;
    while (end < featureLines.length && featureLines[end] !== 0) end++;
    return Buffer.from(featureLines.buffer, featureLines.byteOffset + at, end - at)
      .toString('utf8')
      .split(',');
  }

  private unknownFeaturesOf(id: number): string[] {
    const line = this.unknown.getFeatures(id);
    return line == null ? [] : line.split(',');
  }

  /** A known word's token, the same object for every occurrence (tokens are never changed). */
  private knownMorpheme(id: number): Morpheme {
    const slot = this.knownSlots[id / TOKEN_INFO_BYTES]!;
    if (slot > 0) return this.knownList[slot - 1]!;
    const f = this.knownFeatures(id);
    const morpheme = { surface_form: f[0]!, pos: f[1]!, pos_detail_1: f[2]!, pos_detail_2: f[3]!, basic_form: f[7]! };
    this.knownSlots[id / TOKEN_INFO_BYTES] = this.knownList.push(morpheme);
    return morpheme;
  }

  private unknownMorpheme(id: number, surface: string): Morpheme {
    let f = this.unknownFeatures.get(id);
    if (!f) this.unknownFeatures.set(id, (f = this.unknownFeaturesOf(id)));
    return { surface_form: surface, pos: f[1]!, pos_detail_1: f[2]!, pos_detail_2: f[3]!, basic_form: f[7]! };
  }

  /** kuromoji's class of a character (char.def): by code unit for the BMP, DEFAULT beyond (as kuromoji does). */
  private characterClass(code: number): CharacterClass {
    if (code > 0xffff) return this.unknown.lookup(String.fromCodePoint(code));
    const id = this.classIds[code]!;
    if (id >= 0) return this.classById[id]!;
    const characterClass = this.unknown.lookup(String.fromCharCode(code));
    this.classIds[code] = characterClass.class_id;
    this.classById[characterClass.class_id] = characterClass;
    return characterClass;
  }

  private tokenizeSentence(sentence: string, out: Morpheme[]): void {
    // Code points and their UTF-16 offsets (kuromoji counts positions in code points).
    if (this.codes.length < sentence.length + 1) {
      this.codes = new Int32Array(2 * (sentence.length + 1));
      this.offsets = new Int32Array(2 * (sentence.length + 1));
      this.byteStarts = new Int32Array(2 * (sentence.length + 1));
      this.utf8Bytes = new Uint8Array(8 * (sentence.length + 1));
    }
    const { codes, offsets, byteStarts, utf8Bytes, nodes } = this;
    let length = 0;
    let byte = 0;
    for (let i = 0; i < sentence.length; length++) {
      const code = sentence.codePointAt(i)!;
      codes[length] = code;
      offsets[length] = i;
      byteStarts[length] = byte;
      byte += utf8(code, utf8Bytes, byte);
      i += code > 0xffff ? 2 : 1;
    }
    offsets[length] = sentence.length;
    byteStarts[length] = byte;
    nodes.size = 0;
    // A node ends at most at the sentence's UTF-16 length (grouped unknown words count UTF-16 units).
    if (this.endHead.length < sentence.length + 2) {
      this.endHead = new Int32Array(2 * (sentence.length + 2));
      this.endTail = new Int32Array(2 * (sentence.length + 2));
    }
    this.endHead.fill(-1, 0, sentence.length + 2);
    this.lastEnd = 1;
    this.lattice(length);
    const count = this.viterbi.search(nodes, this.endHead, this.lastEnd);
    const { table } = this;
    for (let i = count - 1; i >= 0; i--) {
      const n = this.viterbi.path[i]!;
      const entry = nodes.entry[n]!;
      out.push(
        table[entry + 4] === KNOWN ? this.knownMorpheme(table[entry]!) : this.unknownMorpheme(table[entry]!, sentence.slice(offsets[nodes.start[n]! - 1], nodes.to[n])),
      );
    }
  }

  /** A node per entry of a range (entries()), for a word from `start` of `wordLength` ending at UTF-16 offset `to`. */
  private add(start: number, wordLength: number, range: number, to: number): void {
    const { nodes, ranges, table } = this;
    for (let entry = ranges[range]!; entry < ranges[range + 1]!; entry += ENTRY) {
      if (nodes.size === nodes.start.length) nodes.grow();
      const n = nodes.size++;
      nodes.start[n] = start;
      const last = start + wordLength - 1;
      nodes.next[n] = -1;
      if (this.endHead[last]! < 0) this.endHead[last] = n;
      else nodes.next[this.endTail[last]!] = n;
      this.endTail[last] = n;
      if (last > this.lastEnd) this.lastEnd = last;
      nodes.entry[n] = entry;
      nodes.left[n] = table[entry + 1]!;
      nodes.right[n] = table[entry + 2]!;
      nodes.cost[n] = table[entry + 3]!;
      nodes.to[n] = to;
    }
  }

  /**
   * The trie node after the UTF-8 bytes [from, to) of utf8Bytes walked from the root (-1 when the
   * trie stops within them), and in firstRange the entries of the word they spell (-1: none).
   */
  private childOfRoot(code: number, from: number, to: number): number {
    const { trie, utf8Bytes } = this;
    let parent = ROOT_ID;
    for (let b = from; b < to; b++) {
      const child = baseAt(trie, parent) + utf8Bytes[b]!;
      if (checkAt(trie, child) !== parent) return -1;
      parent = child;
    }
    const terminal = baseAt(trie, parent) + TERM_CODE;
    this.firstRange[code] = checkAt(trie, terminal) === parent ? this.entries(KNOWN, -baseAt(trie, terminal) - 1) : -1;
    return parent;
  }

  /**
   * Fills pairs' free `slot` for `key`: the trie node after the UTF-8 bytes [from, to) walked from `parent` (-1 when the
   * trie stops within them) and the entries of the word they end (-1: none). Returns the slot (another when the full
   * table was emptied first).
   */
  private rememberPair(slot: number, key: number, parent: number, from: number, to: number): number {
    const { trie, utf8Bytes, pairs } = this;
    if (this.pairCount >= PAIR_LIMIT) {
      pairs.fill(0);
      this.pairCount = 0;
      for (slot = Math.imul(key, 0x9e3779b1) >>> (32 - PAIR_BITS); pairs[3 * slot + 1] !== 0; slot = (slot + 1) & (PAIR_SLOTS - 1));
    }
    let node = parent;
    for (let b = from; b < to && node >= 0; b++) {
      const child = baseAt(trie, node) + utf8Bytes[b]!;
      node = checkAt(trie, child) === node ? child : -1;
    }
    let range = -1;
    if (node >= 0) {
      const terminal = baseAt(trie, node) + TERM_CODE;
      if (checkAt(trie, terminal) === node) range = this.entries(KNOWN, -baseAt(trie, terminal) - 1);
    }
    pairs[3 * slot] = key;
    pairs[3 * slot + 1] = node + 2;
    pairs[3 * slot + 2] = range;
    this.pairCount++;
    return slot;
  }

  /** The nodes kuromoji's ViterbiBuilder.build makes, in its order (positions from 1). */
  private lattice(length: number): void {
    const { utf8Bytes, byteStarts, codes, offsets, trie, firstChild, firstRange } = this;
    for (let position = 0; position < length; position++) {
      // Dictionary words starting here: walk the trie character by character while it goes on.
      let parent = ROOT_ID;
      let found = false;
      let end = position;
      // The first character's steps from the root, remembered per BMP code unit (firstChild).
      const head = codes[position]!;
      if (head < 0x10000) {
        let child = firstChild[head]!;
        if (child === 0) firstChild[head] = child = this.childOfRoot(head, byteStarts[position]!, byteStarts[position + 1]!);
        if (child < 0) end = length;
        else {
          parent = child;
          const range = firstRange[head]!;
          if (range >= 0) {
            found = true;
            this.add(position + 1, offsets[position + 1]! - offsets[position]!, range, offsets[position + 1]!);
          }
          end = position + 1;
          // The second character's steps, remembered per pair of BMP code units (pairs).
          const second = end < length ? codes[end]! : 0x10000;
          if (second < 0x10000) {
            const { pairs } = this;
            const key = (head << 16) | second;
            let slot = Math.imul(key, 0x9e3779b1) >>> (32 - PAIR_BITS);
            for (; ; slot = (slot + 1) & (PAIR_SLOTS - 1)) {
              const stored = pairs[3 * slot + 1]!;
              if (stored === 0) {
                slot = this.rememberPair(slot, key, parent, byteStarts[end]!, byteStarts[end + 1]!);
                break;
              }
              if (pairs[3 * slot] === key) break;
            }
            const node = pairs[3 * slot + 1]! - 2;
            if (node < 0) end = length;
            else {
              parent = node;
              const range = pairs[3 * slot + 2]!;
              if (range >= 0) {
                found = true;
                this.add(position + 1, offsets[end + 1]! - offsets[position]!, range, offsets[end + 1]!);
              }
              end++;
            }
          }
        }
      }
      walk: for (; end < length; end++) {
        for (let b = byteStarts[end]!; b < byteStarts[end + 1]!; b++) {
          const child = baseAt(trie, parent) + utf8Bytes[b]!;
          if (checkAt(trie, child) !== parent) break walk;
          parent = child;
        }
        const terminal = baseAt(trie, parent) + TERM_CODE;
        if (checkAt(trie, terminal) !== parent) continue;
        found = true;
        const range = this.entries(KNOWN, -baseAt(trie, terminal) - 1);
        this.add(position + 1, offsets[end + 1]! - offsets[position]!, range, offsets[end + 1]!);
      }
      // Unknown words: where no dictionary word starts, or where the character class always asks for one.
      const headClass = this.characterClass(codes[position]!);
      if (found && headClass.is_always_invoke !== 1) continue;
      let unknownEnd = position + 1;
      if (headClass.is_grouping === 1) {
        while (unknownEnd < length && this.characterClass(codes[unknownEnd]!).class_id === headClass.class_id) unknownEnd++;
      }
      // kuromoji counts a grouped unknown word in UTF-16 units and a single character as one.
      const wordLength = unknownEnd > position + 1 ? offsets[unknownEnd]! - offsets[position]! : 1;
      this.add(position + 1, wordLength, this.entries(UNKNOWN, headClass.class_id), offsets[unknownEnd]!);
    }
  }
}
