// The documents' passages GPT gets to read: not whole documents (a gazette's description runs
// to 50,000 characters), but the parts the user allowed (§5 referenceParts) of the reference,
// the similar patents' abstracts and the pasted similar text, ranked by the words they share
// with the claims and keywords and cut to a budget per call. Each passage names the citation
// it comes from (【特許文献１】 / Patent Literature 1) in the baseline's order, so GPT can cite
// the documents it was shown and no others.
import type { DocumentLanguage } from '../../patent-documents/model.ts';
import type { PatentRecord } from '../../patents/record.ts';
import { toHalfWidthAscii } from '../../patents/query/keys.ts';
import type { DraftInput } from '../draft-input.ts';

/** Characters of document text per call (≈ 3,000–4,000 tokens of Japanese). */
export const CONTEXT_BUDGET = 6_000;
/** A passage longer than this is cut (at a sentence end when there is one). */
const PASSAGE_LIMIT = 700;

export interface Passage {
  /** 【特許文献２】 / Patent Literature 2, or '' when the document is not among the citations. */
  citation: string;
  /** Which part: 要約 / abstract, 請求項 / claim, 明細書 / description, 類似文献 / similar document. */
  part: string;
  text: string;
}

const EN_STOPWORDS = new Set(
  'the and for with that this from said which wherein are is be being been has have having into onto its their each one more least first second plurality comprising comprises including includes configured such other than when where whether thereof between over under via not can may'.split(' '),
);

/** Terms to compare passages by: English words, or Japanese kanji/katakana character bigrams (no tokenizer needed for overlap). */
export function termsOf(text: string, lang: DocumentLanguage): Set<string> {
  const terms = new Set<string>();
  const plain = toHalfWidthAscii(text).toLowerCase();
  for (const word of plain.match(/[a-z][a-z-]{2,}/g) ?? []) if (!EN_STOPWORDS.has(word)) terms.add(word);
  if (lang === 'ja') {
    for (const run of plain.match(/[\u4E00-\u9FFF\u30A0-\u30FF]{2,}/g) ?? []) for (let i = 0; i + 1 < run.length; i++) terms.add(run.slice(i, i + 2));
  }
  return terms;
}

/** Digits of a publication number, for matching a record to a citation string (JP2015039043A ↔ 特開2015-039043号公報). */
const digitsOf = (text: string): string => toHalfWidthAscii(text).replace(/\D/g, '');

/** The citation label of a record: its position among the baseline's 特許文献 (1-based), or 0. */
export function citationIndex(record: PatentRecord, preDocPatents: readonly string[]): number {
  const digits = digitsOf(record.id);
  if (digits.length < 5) return 0;
  const index = preDocPatents.findIndex((cited) => {
    const citedDigits = digitsOf(cited);
    return citedDigits.length >= 5 && (citedDigits.includes(digits) || digits.includes(citedDigits));
  });
  return index + 1;
}

export const citationLabel = (index: number, lang: DocumentLanguage): string =>
  index <= 0 ? '' : lang === 'ja' ? `【特許文献${String(index).replace(/\d/g, (d) => String.fromCharCode(d.charCodeAt(0) + 0xfee0))}】` : `Patent Literature ${index}`;

/** Cuts text to a length, at the last sentence end within it when there is one. */
export function cutAtSentence(text: string, limit: number): string {
  const trimmed = text.trim();
  if (trimmed.length <= limit) return trimmed;
  const head = trimmed.slice(0, limit);
  const end = Math.max(head.lastIndexOf('。'), head.lastIndexOf('. '), head.lastIndexOf('.\n'), head.lastIndexOf('\n'));
  // A sentence end too early would throw most of the text away: cut hard instead.
  return (end >= limit * 0.5 ? head.slice(0, end + 1) : head).trim();
}

const PART_NAMES = {
  ja: { abstract: '要約', claim: '請求項', description: '明細書', similar: '類似文献' },
  en: { abstract: 'Abstract', claim: 'Claim', description: 'Description', similar: 'Similar document' },
} as const;

/**
 * The passages for the drafting calls, most relevant first within the budget: the reference's
 * allowed parts and the similar patents' abstracts. Each document's abstract is kept when it
 * shares any word with the claims (the background cites every document with one sentence of
 * its own); the rest is ranked by the share of claim terms it contains.
 */
export function relevantPassages(input: DraftInput, preDocPatents: readonly string[], budget: number = CONTEXT_BUDGET): Passage[] {
  const claimTerms = termsOf([...input.claims, ...input.keywords].join('\n'), input.lang);
  const names = PART_NAMES[input.lang];
  const candidates: Array<Passage & { score: number; abstract: boolean }> = [];
  const add = (record: PatentRecord | null, part: string, text: string | null | undefined, abstract = false): void => {
    const body = text?.replace(/\s+/g, ' ').trim();
    if (!body || body.length < 20) return;
    const terms = termsOf(body, input.lang);
    let shared = 0;
    for (const term of terms) if (claimTerms.has(term)) shared++;
    if (shared === 0) return;
    const label = record ? citationLabel(citationIndex(record, preDocPatents), input.lang) : '';
    candidates.push({ citation: label, part, text: cutAtSentence(body, PASSAGE_LIMIT), score: shared / Math.sqrt(terms.size + 1), abstract });
  };

  const reference = input.reference;
  if (reference) {
    if (input.referenceParts.abstract) add(reference, names.abstract, reference.abstract, true);
    if (input.referenceParts.claims) reference.claims?.forEach((claim, index) => add(reference, `${names.claim}${index + 1}`, claim));
    if (input.referenceParts.fullText) {
      for (const paragraph of reference.description?.split('\n') ?? []) add(reference, names.description, paragraph);
    }
  }
  for (const similar of input.similar) if (similar.record) add(similar.record, names.abstract, similar.record.abstract, true);
  for (const paragraph of input.similarDocument.split(/\n\s*\n|\n/)) add(null, names.similar, paragraph);

  // Abstracts first (one per cited document), then the best of the rest.
  const ordered = [...candidates.filter((c) => c.abstract), ...candidates.filter((c) => !c.abstract).sort((a, b) => b.score - a.score)];
  const chosen: Passage[] = [];
  let used = 0;
  for (const { citation, part, text } of ordered) {
    if (used + text.length > budget) continue;
    chosen.push({ citation, part, text });
    used += text.length;
  }
  return chosen;
}

/** The passages as prompt text: 「【特許文献１】（要約）…」 per line. */
export function passagesText(passages: readonly Passage[]): string {
  return passages.map((p) => `${p.citation || '-'} (${p.part}) ${p.text}`).join('\n');
}
