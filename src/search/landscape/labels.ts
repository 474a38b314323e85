// Readable cluster labels. The map's terms are index lexemes: English Snowball stems
// ("recogn", "vehicl"), Japanese/Chinese words and character bigrams ("于分", "件下": made
// for recall, not words). A label shows, for an English stem, the word of the cluster's own
// titles and abstracts that most often has that stem ("recognition"), and takes a CJK
// lexeme only when the word segmenter (kuromoji / jieba, without bigrams) finds it as a
// word in those texts.
import { analyzeField, englishTokens } from '../../patents/analysis/index.ts';
import type { Region } from '../../patents/record.ts';

const LATIN_WORD = /[\p{Script=Latin}\p{N}]+(?:[-_'’][\p{Script=Latin}\p{N}]+)*/gu;
const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u;
const ACRONYM = /^[\p{Lu}\p{N}]{2,6}$/u;

/** For each lexeme seen in some texts: the words it came from, with how often. */
export class SurfaceForms {
  /** lexeme → surface as written → count */
  private readonly forms = new Map<string, Map<string, number>>();
  /** CJK lexemes the segmenter produced as words. */
  private readonly words = new Set<string>();

  private add(lexeme: string, surface: string): void {
    let counts = this.forms.get(lexeme);
    if (!counts) this.forms.set(lexeme, (counts = new Map()));
    counts.set(surface, (counts.get(surface) ?? 0) + 1);
  }

  private addLatin(word: string): void {
    const tokens = englishTokens(word);
    // A plain word gives one token (its stem); stop words give none.
    if (tokens.length === 1) this.add(tokens[0]!, word);
  }

  async read(text: string, region: Region): Promise<void> {
    for (const match of text.matchAll(LATIN_WORD)) {
      const word = match[0];
      const parts = word.split(/[-_]/);
      if (parts.length > 1) {
        for (const part of parts) this.addLatin(part);
        // The joined form of a hyphenated word is its own lexeme (non-volatile → nonvolatil).
        const joined = englishTokens(word).at(-1);
        if (joined) this.add(joined, word);
      } else this.addLatin(word);
    }
    if (CJK.test(text)) {
      for (const token of await analyzeField(text, region, { bigrams: false })) if (CJK.test(token)) this.words.add(token);
    }
  }

  /** The readable form of a lexeme, or undefined when the texts never show it as a word. */
  surface(lexeme: string): string | undefined {
    if (CJK.test(lexeme)) return this.words.has(lexeme) ? lexeme : undefined;
    const counts = this.forms.get(lexeme);
    if (!counts) return undefined;
    // Group the written forms case-insensitively; the most frequent word wins, shown in
    // lower case unless people write it as an acronym (LED, DNA, 5G).
    const byWord = new Map<string, { total: number; cased: Map<string, number> }>();
    for (const [surface, count] of counts) {
      const key = surface.toLowerCase();
      const entry = byWord.get(key) ?? { total: 0, cased: new Map<string, number>() };
      entry.total += count;
      entry.cased.set(surface, (entry.cased.get(surface) ?? 0) + count);
      byWord.set(key, entry);
    }
    const [word, entry] = [...byWord].sort((a, b) => b[1].total - a[1].total || a[0].length - b[0].length || (a[0] < b[0] ? -1 : 1))[0]!;
    const [cased] = [...entry.cased].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0]!;
    return ACRONYM.test(cased) ? cased : word;
  }
}

export async function surfaceFormsOf(texts: Iterable<string>, region: Region): Promise<SurfaceForms> {
  const forms = new SurfaceForms();
  for (const text of texts) await forms.read(text, region);
  return forms;
}

const overlaps = (a: string, b: string): boolean => {
  const x = a.toLowerCase();
  const y = b.toLowerCase();
  // "数据" and "数据库", "network" and "networks": one label is enough.
  return x === y || (CJK.test(x) && CJK.test(y) && (x.includes(y) || y.includes(x))) || (x.length > 3 && y.length > 3 && (x.startsWith(y) || y.startsWith(x)));
};

/**
 * Up to `limit` readable terms out of a cluster's candidate lexemes (best first): each shown
 * as its surface word, lexemes without one (bigram noise, stems never seen as a word) and
 * near-duplicates skipped. When nothing readable is left the first lexemes are used as they are.
 */
export function readableTerms(candidates: readonly string[], forms: SurfaceForms, limit = 3): string[] {
  const chosen: string[] = [];
  for (const lexeme of candidates) {
    if (chosen.length >= limit) break;
    const surface = forms.surface(lexeme);
    if (surface && !chosen.some((term) => overlaps(term, surface))) chosen.push(surface);
  }
  return chosen.length ? chosen : candidates.slice(0, Math.min(2, limit));
}
