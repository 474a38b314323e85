// The patent map's cluster terms (landscape.ts composes the stages): each cluster's
// characteristic lexemes, without numbers, single CJK characters and drafting words.
import { HAS_LETTER, type TfIdf } from './tfidf.ts';

const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u;
const DIGIT = /\p{N}/u;

/**
 * Words of patent drafting that say nothing about a topic, as index lexemes (Snowball stems
 * for English): "first … second …", "the present invention", "comprising", "embodiments".
 */
const DRAFTING_WORDS: ReadonlySet<string> = new Set([
  'first', 'second', 'third', 'fourth', 'fifth', 'embodi', 'invent', 'present', 'compris', 'includ', 'provid', 'configur',
  'plural', 'least', 'accord', 'describ', 'disclos', 'claim', 'herein', 'one', 'two', 'three', 'may', 'also', 'further',
  'exampl', 'particular', 'respect', 'therebi', 'via', 'wherebi', 'within', 'use', 'said', 'shown', 'figur', 'fig',
  'associ', 'correspond', 'relat',
  '第一', '第二', '第三', '包括', '实施', '实施例', '用于', '进行', '通过', '根据', '具有', '设置',
  '第1', '第2', '備える', '有する', '含む', '請求', '記載', '構成', '発明', '実施', '形態',
]);

/** Lexemes that can name a cluster: words, not numbers, single CJK characters or drafting words. */
export function isLabelCandidate(lexeme: string): boolean {
  if (!HAS_LETTER.test(lexeme) || DRAFTING_WORDS.has(lexeme)) return false;
  if (CJK.test(lexeme)) return [...lexeme].length >= 2;
  return lexeme.length >= 3 && !DIGIT.test(lexeme);
}

export function characteristicTerms(tfidf: TfIdf, assignment: number[], clusters: number, limit: number): string[][] {
  const { matrix, vocabulary } = tfidf;
  const n = matrix.rows;
  const total = new Float64Array(matrix.columns);
  const perCluster = Array.from({ length: clusters }, () => new Float64Array(matrix.columns));
  const documentsPerCluster = Array.from({ length: clusters }, () => new Int32Array(matrix.columns));
  const sizes = new Array<number>(clusters).fill(0);
  for (let i = 0; i < n; i++) {
    const cluster = assignment[i]!;
    sizes[cluster]!++;
    for (let p = matrix.rowStart[i]!; p < matrix.rowStart[i + 1]!; p++) {
      const column = matrix.column[p]!;
      total[column]! += matrix.value[p]!;
      perCluster[cluster]![column]! += matrix.value[p]!;
      documentsPerCluster[cluster]![column]!++;
    }
  }
  return perCluster.map((sums, cluster) => {
    const size = sizes[cluster]!;
    // A label must be common in the cluster: in at least 2 documents (or 10 % of a big one).
    const minimum = Math.min(size, Math.max(2, Math.ceil(size * 0.1)));
    const scored: Array<[number, number]> = [];
    for (let column = 0; column < sums.length; column++) {
      if (documentsPerCluster[cluster]![column]! < minimum || !isLabelCandidate(vocabulary[column]!)) continue;
      const inside = sums[column]! / size;
      const overall = total[column]! / n;
      scored.push([column, inside - overall]);
    }
    scored.sort((a, b) => b[1] - a[1] || (vocabulary[a[0]]! < vocabulary[b[0]]! ? -1 : 1));
    return scored.slice(0, limit).map(([column]) => vocabulary[column]!);
  });
}
