// Which claims a claim depends on, as written: 「請求項１又は２に記載の」「請求項１乃至３のいずれか
// １項に記載の」 / "The method of claim 1", "any one of claims 1 to 3", "claims 1, 2 or 5". The
// numbers feed the antecedent check (a term may be introduced in any claim referred to) and
// the dependency check (a claim may refer only to earlier claims that exist).
import { halfWidth, type DraftingFinding } from './types.ts';

const N = '[0-9０-９]+';
const JA_JOIN = '(?:又は|または|若しくは|もしくは|及び|および|乃至|ないし|から|～|〜|~|−|-|－|、|，|,|・|と)';
const JA_REFERENCE = new RegExp(`請求項(${N}(?:\\s*${JA_JOIN}\\s*(?:請求項)?${N})*)`, 'g');
const EN_REFERENCE = new RegExp(`\\bclaims?\\s+(\\d+(?:\\s*(?:,|or|and|to|through|-|–|,\\s*or|,\\s*and)\\s*(?:claims?\\s+)?\\d+)*)`, 'gi');

export interface ClaimReference {
  /** The referred claim numbers, 1-based, ranges expanded. */
  numbers: number[];
  /** The reference as written: 「請求項１又は２」 / "claims 1 to 3". */
  text: string;
}

function expand(list: string, range: RegExp): number[] {
  const numbers: number[] = [];
  const parts = halfWidth(list).split(/(\d+)/);
  for (let i = 1; i < parts.length; i += 2) {
    const n = Number(parts[i]);
    const joiner = parts[i - 1] ?? '';
    const previous = numbers.at(-1);
    // A range: 「１乃至３」「1～3」 / "1 to 3", "1-3", "1 through 3" (only when ascending and short).
    if (previous !== undefined && range.test(joiner) && n > previous && n - previous <= 200) {
      for (let k = previous + 1; k <= n; k++) numbers.push(k);
    } else numbers.push(n);
  }
  return numbers;
}

/** The claim references of one claim, in order. */
export function claimReferences(claim: string, lang: 'ja' | 'en'): ClaimReference[] {
  const out: ClaimReference[] = [];
  if (lang === 'ja') {
    for (const match of claim.matchAll(JA_REFERENCE)) out.push({ numbers: expand(match[1]!, /乃至|ないし|から|～|〜|~|−|-|－/), text: match[0] });
  } else {
    for (const match of claim.matchAll(EN_REFERENCE)) out.push({ numbers: expand(match[1]!, /\bto\b|through|-|–/), text: match[0] });
  }
  return out;
}

/** The earlier, existing claims a claim refers to, directly or through them (0-based indexes). */
export function claimAncestors(claims: string[], index: number, lang: 'ja' | 'en'): number[] {
  const seen = new Set<number>();
  const stack = [index];
  while (stack.length > 0) {
    const current = stack.pop()!;
    for (const reference of claimReferences(claims[current]!, lang)) {
      for (const n of reference.numbers) {
        const parent = n - 1;
        if (parent >= 0 && parent < current && !seen.has(parent)) {
          seen.add(parent);
          stack.push(parent);
        }
      }
    }
  }
  return [...seen].sort((a, b) => a - b);
}

/** A claim referring to itself, a later claim or a claim that does not exist. */
export function checkDependencies(claims: string[], lang: 'ja' | 'en'): DraftingFinding[] {
  const findings: DraftingFinding[] = [];
  claims.forEach((claim, index) => {
    for (const reference of claimReferences(claim, lang)) {
      for (const n of reference.numbers) {
        const problem = n < 1 || n > claims.length ? 'missing' : n === index + 1 ? 'self' : n > index + 1 ? 'later' : null;
        if (!problem) continue;
        findings.push({
          check: 'dependency',
          severity: 'error',
          section: 'claims',
          item: index,
          text: reference.text,
          key: `checks.dependency.${problem}`,
          values: { claim: index + 1, referenced: n, claims: claims.length, count: claims.length },
        });
      }
    }
  });
  return findings;
}
