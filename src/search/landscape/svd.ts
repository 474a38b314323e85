// The patent map's truncated SVD (latent semantic analysis; landscape.ts composes the
// stages): sparse × dense products, orthonormalisation and the randomized range finder over
// typed arrays, ml-matrix for the small dense step.
import { Matrix, SingularValueDecomposition } from 'ml-matrix';
import { gaussian } from './random.ts';
import type { CsrMatrix } from './tfidf.ts';

// Sparse × dense products (dense matrices are row-major Float64Arrays)

/** X (n × m sparse) · D (m × l dense) → n × l. */
export function sparseTimesDense(x: CsrMatrix, d: Float64Array, l: number): Float64Array {
  const out = new Float64Array(x.rows * l);
  for (let i = 0; i < x.rows; i++) {
    const target = i * l;
    for (let p = x.rowStart[i]!; p < x.rowStart[i + 1]!; p++) {
      const value = x.value[p]!;
      const source = x.column[p]! * l;
      for (let c = 0; c < l; c++) out[target + c]! += value * d[source + c]!;
    }
  }
  return out;
}

/** Xᵀ (m × n) · D (n × l dense) → m × l, without forming Xᵀ. */
export function sparseTransposeTimesDense(x: CsrMatrix, d: Float64Array, l: number): Float64Array {
  const out = new Float64Array(x.columns * l);
  for (let i = 0; i < x.rows; i++) {
    const source = i * l;
    for (let p = x.rowStart[i]!; p < x.rowStart[i + 1]!; p++) {
      const value = x.value[p]!;
      const target = x.column[p]! * l;
      for (let c = 0; c < l; c++) out[target + c]! += value * d[source + c]!;
    }
  }
  return out;
}

/**
 * An orthonormal basis of the columns of a rows × l row-major matrix: modified Gram–Schmidt,
 * run twice ("twice is enough") for orthogonality to working precision. A column that is
 * (numerically) in the span of the earlier ones becomes zero: the basis of a rank-deficient
 * sample simply has fewer useful columns. Written here over typed arrays because ml-matrix's
 * QrDecomposition spent half a second per map in element accessors at 3000 × 60.
 */
export function orthonormalize(data: Float64Array, rows: number, l: number, passes = 2): Float64Array {
  // Column-major copy: each column contiguous.
  const q = new Float64Array(rows * l);
  for (let i = 0; i < rows; i++) for (let c = 0; c < l; c++) q[c * rows + i] = data[i * l + c]!;
  const originalNorm = new Float64Array(l);
  for (let c = 0; c < l; c++) {
    let norm = 0;
    for (let i = 0; i < rows; i++) norm += q[c * rows + i]! ** 2;
    originalNorm[c] = Math.sqrt(norm);
  }
  for (let c = 0; c < l; c++) {
    const column = c * rows;
    for (let pass = 0; pass < passes; pass++) {
      for (let previous = 0; previous < c; previous++) {
        const other = previous * rows;
        let dot = 0;
        for (let i = 0; i < rows; i++) dot += q[column + i]! * q[other + i]!;
        if (dot !== 0) for (let i = 0; i < rows; i++) q[column + i]! -= dot * q[other + i]!;
      }
    }
    let norm = 0;
    for (let i = 0; i < rows; i++) norm += q[column + i]! ** 2;
    norm = Math.sqrt(norm);
    const keep = norm > 1e-10 * Math.max(1e-300, originalNorm[c]!) && norm > 1e-300;
    for (let i = 0; i < rows; i++) q[column + i] = keep ? q[column + i]! / norm : 0;
  }
  const out = new Float64Array(rows * l);
  for (let i = 0; i < rows; i++) for (let c = 0; c < l; c++) out[i * l + c] = q[c * rows + i]!;
  return out;
}

export interface TruncatedSvd {
  /** n × dimensions, row-major: the documents in the latent space (U·Σ). */
  embedding: Float64Array;
  dimensions: number;
  singularValues: number[];
}

/**
 * The top `k` singular triplets of X, by the randomized range finder: sample X·Ω with a
 * Gaussian Ω of k + 10 columns, sharpen with `powerIterations` rounds of X·Xᵀ, then the
 * exact SVD of the small projected problem. Only U·Σ is returned (what the map needs).
 */
export function randomizedSvd(x: CsrMatrix, k: number, random: () => number, powerIterations = 2): TruncatedSvd {
  const { rows: n, columns: m } = x;
  const l = Math.min(k + 10, n, m);
  if (l === 0) return { embedding: new Float64Array(0), dimensions: 0, singularValues: [] };
  const normal = gaussian(random);
  const omega = new Float64Array(m * l);
  for (let i = 0; i < omega.length; i++) omega[i] = normal();
  // The intermediate bases only need to stay well conditioned (one Gram–Schmidt pass);
  // the last one must be orthonormal to working precision (two passes).
  let q = orthonormalize(sparseTimesDense(x, omega, l), n, l, powerIterations > 0 ? 1 : 2);
  for (let iteration = 0; iteration < powerIterations; iteration++) {
    const z = orthonormalize(sparseTransposeTimesDense(x, q, l), m, l, 1);
    q = orthonormalize(sparseTimesDense(x, z, l), n, l, iteration === powerIterations - 1 ? 2 : 1);
  }
  // B = Qᵀ·X (l × m); its left singular vectors W and values σ come from the SVD of the
  // l × l Gram matrix B·Bᵀ = Btᵀ·Bt (its eigenvalues are σ²). Then U·Σ = Q·W·Σ.
  const bt = sparseTransposeTimesDense(x, q, l);
  const gram = new Matrix(l, l);
  for (let a = 0; a < l; a++) {
    for (let b = a; b < l; b++) {
      let sum = 0;
      for (let row = 0; row < m; row++) sum += bt[row * l + a]! * bt[row * l + b]!;
      gram.set(a, b, sum);
      gram.set(b, a, sum);
    }
  }
  const svd = new SingularValueDecomposition(gram, { autoTranspose: false });
  const eigen = svd.diagonal;
  const largest = eigen[0] ?? 0;
  let dimensions = 0;
  while (dimensions < Math.min(k, l) && (eigen[dimensions] ?? 0) > largest * 1e-10 && largest > 0) dimensions++;
  const w = svd.leftSingularVectors;
  const singularValues = eigen.slice(0, dimensions).map((value) => Math.sqrt(value));
  // Column signs of an SVD are arbitrary; fix them (largest |entry| of W positive) so the
  // map does not mirror between library versions.
  const sign = singularValues.map((_, c) => {
    let best = 0;
    for (let a = 0; a < l; a++) if (Math.abs(w.get(a, c)) > Math.abs(best)) best = w.get(a, c);
    return best < 0 ? -1 : 1;
  });
  // W·Σ (with the signs) as an l × dimensions array, then U·Σ = Q·(W·Σ).
  const ws = new Float64Array(l * dimensions);
  for (let a = 0; a < l; a++) for (let c = 0; c < dimensions; c++) ws[a * dimensions + c] = w.get(a, c) * singularValues[c]! * sign[c]!;
  const embedding = new Float64Array(n * dimensions);
  for (let i = 0; i < n; i++) {
    for (let a = 0; a < l; a++) {
      const qa = q[i * l + a]!;
      for (let c = 0; c < dimensions; c++) embedding[i * dimensions + c]! += qa * ws[a * dimensions + c]!;
    }
  }
  return { embedding, dimensions, singularValues };
}

/** Rows scaled to unit length (zero rows stay zero), as number[][] for the libraries. */
export function normalizedRows(data: Float64Array, n: number, d: number): number[][] {
  const rows: number[][] = [];
  for (let i = 0; i < n; i++) {
    const row = Array.from(data.subarray(i * d, (i + 1) * d));
    const norm = Math.sqrt(row.reduce((sum, v) => sum + v * v, 0));
    rows.push(norm > 0 ? row.map((v) => v / norm) : row);
  }
  return rows;
}
