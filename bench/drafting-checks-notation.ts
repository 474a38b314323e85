// Planted notation slips (表記ゆれ) for bench/drafting-checks.ts: in a real document, one
// occurrence of a word the document writes one way at least 3 times is written another way —
// in a claim when a claim uses the word, else in the description — and the check must name the
// word and the slip. The slips are those attorneys correct (kinds taken in turn, one a document):
//  JP: final ー dropped or added (ローラ/ローラー), inner ー dropped in a word of 5 kana or more (インタフェース),
//      a vowel kana the other size (ウエハ/ウェハ), full-width letters half-width (ＣＰＵ/CPU);
//  US: -ize → -ise, -or → -our, -er → -re (a closed list of stems with real British forms), a
//      prefix hyphenated (predetermined → pre-determined, nonwoven → non-woven).
// Besides the final ー and the hyphen, which the check unifies itself, these are the variants the
// check looks for, so the figure measures finding and naming them in real text (whole words
// only, claims and description both read, the spelling used once named as the slip), not whether
// the generator knows the slip.
import type { DraftingFinding } from '../src/patent-documents/checks.ts';
import type { PatentDocument } from '../src/patent-documents/model.ts';

export type Plant = { document: PatentDocument; found: (findings: DraftingFinding[]) => boolean };

const JA_KINDS = ['final', 'inner', 'size', 'width'] as const;
const EN_KINDS = ['british', 'hyphen'] as const;

const KANA = '\\p{Script=Katakana}\\u30FC';
const katakanaWord = (word: string) => new RegExp(`(?<![${KANA}])${word}(?![${KANA}])`, 'gu');
const latinWord = (word: string) => new RegExp(`(?<![A-Za-zＡ-Ｚａ-ｚ])${word}(?![A-Za-zＡ-Ｚａ-ｚ])`, 'g');
const englishWord = (word: string) => new RegExp(`(?<![A-Za-z-])${word}(?![A-Za-z-])`, 'gi');

const SMALL: Record<string, string> = { ァ: 'ア', ィ: 'イ', ゥ: 'ウ', ェ: 'エ', ォ: 'オ' };

function jaSlip(word: string, kind: (typeof JA_KINDS)[number]): string | null {
  if (kind === 'final') return word.endsWith('ー') ? word.slice(0, -1) : /[ァ-ヶ]$/.test(word) && !/[ッンァィゥェォャュョ]$/.test(word) ? `${word}ー` : null;
  if (kind === 'inner') {
    // In a long word, as gazettes vary it (インターフェース, コーナーポケット); デタ for データ is no one's spelling.
    if ([...word].length < 5) return null;
    const at = word.slice(0, -1).indexOf('ー', 1);
    return at > 0 ? word.slice(0, at) + word.slice(at + 1) : null;
  }
  if (kind === 'size') {
    const small = /([ウフテデシジチ])([ァィェォ])/.exec(word);
    if (small) return word.slice(0, small.index + 1) + SMALL[small[2]!]! + word.slice(small.index + 2);
    return null;
  }
  return /^[Ａ-Ｚａ-ｚ]{2,}$/.test(word) ? word.replace(/[Ａ-Ｚａ-ｚ]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0)) : null;
}

function enSlip(word: string, kind: (typeof EN_KINDS)[number]): string | null {
  if (kind === 'british') {
    if (/^[a-z]{3,}iz(?:e|ed|es|ing|ation|ations)$/.test(word)) return word.replace(/iz(e|ed|es|ing|ation|ations)$/, 'is$1');
    if (/^(?:col|flav|behavi|hon|lab|neighb|harb|od|vap|arm|hum|rig|vig|fav|tum)ors?$/.test(word)) return word.replace(/or(s?)$/, 'our$1');
    if (/^(?:cent|fib|met|lit|theat|lust)ers?$/.test(word)) return word.replace(/er(s?)$/, 're$1');
    return null;
  }
  const prefix = /^(non|pre|multi|sub|semi|anti|co|inter)([a-z]{5,})$/.exec(word);
  return prefix ? `${prefix[1]}-${prefix[2]}` : null;
}

/** The places of a whole word in the document's claims and text sections (claims first). */
function places(document: PatentDocument, pattern: (word: string) => RegExp, word: string) {
  const out: Array<{ section: 'claims' | 'embodiment' | 'method'; item?: number; index: number }> = [];
  document.sections.claims.forEach((claim, item) => {
    for (const match of claim.matchAll(pattern(word))) out.push({ section: 'claims', item, index: match.index! });
  });
  for (const section of ['method', 'embodiment'] as const) for (const match of document.sections[section].matchAll(pattern(word))) out.push({ section, index: match.index! });
  return out;
}

/** The document with the word written as the slip at one of its places (a claim's when a claim and the description use it), or null if used once. */
function slipped(document: PatentDocument, at: ReturnType<typeof places>, word: string, slip: string): PatentDocument | null {
  const place = at.find((p) => p.section === 'claims') ?? at[0];
  if (!place || at.length < 2) return null;
  const changed = structuredClone(document);
  const replace = (source: string) => source.slice(0, place.index) + slip + source.slice(place.index + word.length);
  if (place.section === 'claims') changed.sections.claims[place.item!] = replace(changed.sections.claims[place.item!]!);
  else changed.sections[place.section] = replace(changed.sections[place.section]);
  return changed;
}

const allText = (document: PatentDocument) => [document.sections.title, document.sections.domain, document.sections.background, document.sections.issue, document.sections.method, document.sections.effect, document.sections.embodiment, document.sections.abstract, ...document.sections.claims, ...document.sections.symbol_descriptions.map((entry) => entry.name), ...document.drawings.map((drawing) => drawing.description)].join('\n');

/** One slip planted (the kind chosen by `turn`), or null when the document has no word for it. */
export function plantNotation(document: PatentDocument, turn: number): Plant | null {
  const ja = document.lang === 'ja';
  const kinds = ja ? JA_KINDS : EN_KINDS;
  const text = allText(document);
  const words = ja ? [...text.matchAll(/[\p{Script=Katakana}\u30FC]{3,}|(?<![A-Za-zＡ-Ｚａ-ｚ])[Ａ-Ｚａ-ｚ]{2,}(?![A-Za-zＡ-Ｚａ-ｚ])/gu)].map((m) => m[0]) : [...text.matchAll(/(?<![A-Za-z-])[a-z]{5,}(?![A-Za-z-])/g)].map((m) => m[0]);
  const counts = new Map<string, number>();
  for (const word of words) counts.set(word, (counts.get(word) ?? 0) + 1);
  for (let k = 0; k < kinds.length; k++) {
    const kind = kinds[(turn + k) % kinds.length]!;
    const candidates = [...counts].filter(([, n]) => n >= 3).sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
    for (const [word] of candidates) {
      const slip = ja ? jaSlip(word, kind as (typeof JA_KINDS)[number]) : enSlip(word, kind as (typeof EN_KINDS)[number]);
      // A slip that spells another word is none (silicone → silicon, アセトナート → アセトナト, -ate → -ato).
      if (!slip || text.includes(slip) || /シリコン|[ナラタ]ト$/.test(slip)) continue;
      const pattern = ja ? (/^[\p{Script=Katakana}\u30FC]+$/u.test(word) ? katakanaWord : latinWord) : englishWord;
      const changed = slipped(document, places(document, pattern, word), word, slip);
      if (!changed) continue;
      const same = (a: unknown, b: string) => String(a).toLowerCase() === b.toLowerCase();
      return {
        document: changed,
        found: (findings) => findings.some((f) => f.check === 'notation' && same(f.values.term, word) && (same(f.values.variant, slip) || String(f.values.others ?? '').split(' / ').some((o) => same(o.replace(/ ×\d+$/, ''), slip)))),
      };
    }
  }
  return null;
}

/**
 * A 送り仮名 slip: one occurrence of a compound verb or its noun the document writes with okurigana
 * after its first kanji at least 3 times (取り付け, 組み合わせ, 読み出し) written without them (取付け,
 * 組合わせ, 読出し), the spelling official conventions allow and drafts mix in; in a claim when a claim
 * uses the word, else in the description. Found when a notation finding names both spellings.
 */
export function plantOkurigana(document: PatentDocument): Plant | null {
  if (document.lang !== 'ja') return null;
  const text = allText(document);
  const COMPOUND = /(?<![\p{Script=Han}ぁ-ゖ])(\p{Script=Han})([いきしちひみりえけせめれ])(\p{Script=Han})(?=[ぁ-ゖ])/gu;
  const counts = new Map<string, number>();
  for (const match of text.matchAll(COMPOUND)) counts.set(match[0], (counts.get(match[0]) ?? 0) + 1);
  const candidates = [...counts].filter(([, n]) => n >= 3).sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  for (const [word] of candidates) {
    const slip = word[0]! + word[2]!;
    // An adverb (予め定め) or a サ変 verb's 連用形 (化し難く, 対し行う) is no compound's first part.
    if (text.includes(slip) || /^(?:予め|[化関対反介称属要発有課]し)/u.test(word)) continue;
    const pattern = () => new RegExp(`(?<![\\p{Script=Han}ぁ-ゖ])${word}(?=[ぁ-ゖ])`, 'gu');
    const changed = slipped(document, places(document, pattern, word), word, slip);
    if (!changed) continue;
    const named = (finding: DraftingFinding) => [finding.values.term, finding.values.variant, finding.values.others].map(String);
    return {
      document: changed,
      found: (findings) => findings.some((f) => f.check === 'notation' && named(f).some((w) => w.includes(word)) && named(f).some((w) => w.includes(slip))),
    };
  }
  return null;
}
