// Document details: which document of a result set to show, and the text of one
// publication cut into what the tabs show (numbered claims with their dependencies,
// numbered description paragraphs, procedure records).
import type { Database } from '../platform/database.ts';
import { AppError } from '../platform/errors.ts';
import { parsePublicationNumber } from '../patents/numbers.ts';
import { applicationNumberKey, plausibleApplicationNumber } from '../patents/query/keys.ts';
import { findPatentById, findPatentsByApplicationNumber, findPatentsByNumber, type StoredPatent } from '../patents/repository.ts';
import type { ProcedureRecord } from '../patents/record.ts';

/** A result set may carry at most this many document ids. */
export const MAX_DOC_IDS = 500;
/** Publication ids as the store writes them: region prefix, then letters and digits (US7783348B2, USD656311S1, JP2000174797A). */
const ID_PATTERN = /^(US|JP|CN)[A-Z0-9]{1,24}$/;

export interface DocumentRequest {
  docIds: string[];
  index: number;
  /** The number as typed (number=…), for the not-found message. */
  typed?: string;
}

const invalid = () => new AppError(400, 'E102');

const single = (value: unknown): string | undefined => {
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw invalid(); // repeated parameters
  return value;
};

/** Reads docIds / initialIndex, or id, or number from the query; E102 for malformed input. The index may be past the ids. */
export function parseDocumentRequest(query: Record<string, unknown>): DocumentRequest {
  const number = single(query.number);
  const id = single(query.id);
  const docIdsText = single(query.docIds);
  const indexText = single(query.initialIndex);

  if (number !== undefined && docIdsText === undefined && id === undefined) {
    const text = number.trim();
    if (!text || text.length > 60) throw invalid();
    return { docIds: [], index: 0, typed: text };
  }
  const raw = docIdsText ?? id;
  if (raw === undefined || raw.length > MAX_DOC_IDS * 32) throw invalid();
  const docIds = raw
    .split(',')
    .map((part) => part.trim().toUpperCase())
    .filter(Boolean);
  if (docIds.length === 0 || docIds.length > MAX_DOC_IDS) throw invalid();
  if (!docIds.every((docId) => ID_PATTERN.test(docId))) throw invalid();
  let index = 0;
  if (indexText !== undefined && indexText !== '') {
    if (!/^-?\d{1,9}$/.test(indexText.trim())) throw invalid();
    index = Number(indexText.trim());
  }
  // Before the first is the first; past the last is said so by the page (not the last shown in its place).
  index = Math.max(index, 0);
  return { docIds, index };
}

export type Resolution =
  | { found: true; request: DocumentRequest; patent: StoredPatent }
  | { found: false; request: DocumentRequest; wanted: string };

export class DocumentDetailsService {
  constructor(private readonly db: Database) {}

  async resolve(request: DocumentRequest): Promise<Resolution> {
    if (request.typed !== undefined) {
      // 特願2008-123456: the application's publication (the latest when it has several).
      const application = /^(特願|実願)/.test(request.typed.normalize('NFKC')) ? applicationNumberKey(request.typed) : '';
      if (application && plausibleApplicationNumber(application)) {
        const [patent] = await findPatentsByApplicationNumber(this.db, application);
        if (!patent) return { found: false, request, wanted: request.typed };
        return { found: true, request: { docIds: [patent.id], index: 0 }, patent };
      }
      const parsed = parsePublicationNumber(request.typed);
      if (!parsed) throw invalid();
      const [patent] = await findPatentsByNumber(this.db, parsed);
      if (!patent) return { found: false, request, wanted: request.typed };
      return { found: true, request: { docIds: [patent.id], index: 0 }, patent };
    }
    const id = request.docIds[request.index]!;
    let patent = await findPatentById(this.db, id);
    if (!patent) {
      // An id without (or with another) kind code still finds its publication: US7941920 ↔ US7941920B1.
      const parsed = parsePublicationNumber(id);
      if (parsed) [patent] = await findPatentsByNumber(this.db, parsed);
    }
    return patent ? { found: true, request, patent } : { found: false, request, wanted: id };
  }
}

// ---------------------------------------------------------------------------
// Claims

export interface Claim {
  number: number;
  text: string;
  /** Claims this one refers to; empty for an independent claim. */
  refersTo: number[];
}

const toAscii = (text: string): string => text.replace(/[０-９]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0));

/** "1. A device…", "【請求項１】…", "1、一种…" → number and text. */
function splitClaimNumber(text: string): { number?: number; text: string } {
  const trimmed = text.trim();
  let match = /^【請求項\s*([0-9０-９]+)】\s*/.exec(trimmed);
  if (!match) match = /^(?:claim\s+)?([0-9０-９]{1,3})\s*[.．、:：)）]\s*/i.exec(trimmed);
  if (!match) return { text: trimmed };
  return { number: Number(toAscii(match[1]!)), text: trimmed.slice(match[0].length).trim() };
}

const REFERENCE_PATTERNS = [
  // English: "of claim 1", "according to claims 1 or 2", "as claimed in any one of claims 1 to 3"
  /\bclaims?\s+((?:\d+\s*(?:,|-|–|or|and|to|through)?\s*)+)/gi,
  // Japanese: 請求項１に記載の, 請求項1乃至3のいずれか
  /請求項\s*((?:[0-9０-９]+\s*(?:、|,|，|～|〜|~|乃至|から|または|又は|及び|もしくは|若しくは|ないし)?\s*)+)/g,
  // Chinese: 如权利要求1所述, 根据权利要求1-3任一项
  /[權权]利要求\s*((?:[0-9０-９]+\s*(?:、|,|，|-|－|~|～|至|或|和)?\s*)+)/g,
];

function referencedClaims(text: string, own: number): number[] {
  const found = new Set<number>();
  for (const pattern of REFERENCE_PATTERNS) {
    for (const match of text.matchAll(pattern)) {
      const list = toAscii(match[1]!);
      const numbers = [...list.matchAll(/\d+/g)].map((m) => Number(m[0]));
      // Ranges ("1 to 3", "1乃至3", "1-3") name every claim in between.
      const isRange = /(to|through|-|–|～|〜|~|乃至|ないし|から|至)/.test(list) && numbers.length === 2;
      if (isRange && numbers[0]! < numbers[1]! && numbers[1]! - numbers[0]! < 200) {
        for (let n = numbers[0]!; n <= numbers[1]!; n++) found.add(n);
      } else numbers.forEach((n) => found.add(n));
    }
  }
  found.delete(own);
  return [...found].filter((n) => n > 0 && n < own + 1000).sort((a, b) => a - b);
}

export function analyseClaims(claims: string[] | null | undefined): Claim[] {
  if (!claims) return [];
  return claims
    .filter((claim) => claim && claim.trim())
    .map((claim, index) => {
      const { number = index + 1, text } = splitClaimNumber(claim);
      return { number, text, refersTo: referencedClaims(text, number) };
    });
}

export { analyseDescription, type DescriptionBlock } from '../patents/description.ts';

// ---------------------------------------------------------------------------
// Procedures

export function procedureRecords(procedures: unknown): ProcedureRecord[] {
  const list = typeof procedures === 'string' ? safeJson(procedures) : procedures;
  if (!Array.isArray(list)) return [];
  return list
    .filter((item): item is ProcedureRecord => Boolean(item) && typeof item === 'object')
    .map((item) => ({ date: String(item.date ?? ''), code: item.code ?? null, title: item.title ?? null }))
    .sort((a, b) => a.date.localeCompare(b.date));
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export function claimTexts(claims: unknown): string[] {
  const list = typeof claims === 'string' ? safeJson(claims) : claims;
  return Array.isArray(list) ? list.filter((item): item is string => typeof item === 'string') : [];
}
