// The patent map's features (landscape.ts composes the stages): documents' term vectors →
// a sparse tf-idf matrix over the terms that tell documents apart.

/** One document: its lexemes with term frequencies. */
export interface DocumentTerms {
  id: string;
  terms: ReadonlyArray<readonly [lexeme: string, tf: number]>;
}

/** A sparse matrix in compressed sparse row form: row i's entries are [rowStart[i], rowStart[i+1]). */
export interface CsrMatrix {
  rows: number;
  columns: number;
  rowStart: Int32Array;
  column: Int32Array;
  value: Float64Array;
}

export interface TfIdf {
  matrix: CsrMatrix;
  /** Lexeme of each column (sorted). */
  vocabulary: string[];
}

export const HAS_LETTER = /\p{L}/u;

/** The document-frequency window of the features for n documents. */
export function documentFrequencyWindow(n: number): { min: number; max: number } {
  // More than half is "everywhere" for a real result set; a handful of documents keeps
  // terms shared by all but one, or nothing would be left to tell them apart.
  return { min: 2, max: n >= 10 ? Math.floor(n / 2) : n - 1 };
}

export function tfIdf(documents: readonly DocumentTerms[]): TfIdf {
  const n = documents.length;
  const df = new Map<string, number>();
  for (const document of documents) {
    for (const [lexeme] of document.terms) df.set(lexeme, (df.get(lexeme) ?? 0) + 1);
  }
  const window = documentFrequencyWindow(n);
  const vocabulary = [...df]
    .filter(([lexeme, count]) => count >= window.min && count <= window.max && HAS_LETTER.test(lexeme))
    .map(([lexeme]) => lexeme)
    .sort();
  const columnOf = new Map(vocabulary.map((lexeme, column) => [lexeme, column]));
  const idf = vocabulary.map((lexeme) => Math.log((1 + n) / (1 + df.get(lexeme)!)) + 1);

  const rowStart = new Int32Array(n + 1);
  const columns: number[] = [];
  const values: number[] = [];
  documents.forEach((document, row) => {
    const entries: Array<[number, number]> = [];
    for (const [lexeme, tf] of document.terms) {
      const column = columnOf.get(lexeme);
      if (column !== undefined && tf > 0) entries.push([column, (1 + Math.log(tf)) * idf[column]!]);
    }
    entries.sort((a, b) => a[0] - b[0]);
    let norm = 0;
    for (const [, value] of entries) norm += value * value;
    norm = Math.sqrt(norm) || 1;
    for (const [column, value] of entries) {
      columns.push(column);
      values.push(value / norm);
    }
    rowStart[row + 1] = columns.length;
  });
  return {
    matrix: { rows: n, columns: vocabulary.length, rowStart, column: Int32Array.from(columns), value: Float64Array.from(values) },
    vocabulary,
  };
}
