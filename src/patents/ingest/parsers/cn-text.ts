// Chinese patent text (the CNIPA publication layout as copied from a PDF or a patent site:
// INID-coded front page, 说明书摘要 / 权利要求书 / 说明书) → PatentRecord. Pure functions.
//
// The front-page lines are read loosely, because text taken from PDFs is noisy: labels may
// carry an INID code ((10)申请公布号) or a colon (申请号：…), a markdown "## " may precede them,
// digits may be split by spaces (CN 110346043 A, 2019 .06 .03) and an applicant may run into
// its address (…有限公司地址 432400 …). Body text is kept as published.
import type { PatentKind, PatentRecord } from '../../record.ts';
import { toHalfWidth } from './jp-gazette.ts';

const KINDS: Record<string, PatentKind> = { A: 'application', B: 'patent', C: 'patent', U: 'utility', Y: 'utility', S: 'design' };

/** CN 110346043 A → CN110346043A; the kind decides the record kind (A application, B/C patent, U/Y utility model, S design). */
export function cnPublicationId(input: string): { id: string; kind: PatentKind } | null {
  const text = toHalfWidth(input).toUpperCase();
  const match = /CN\s*((?:\d\s*){6,12})\s*([ABCUYS])\s*(\d?)(?![A-Z])/.exec(text);
  if (!match) return null;
  const digits = match[1]!.replace(/\s+/g, '');
  const code = match[2]!;
  return { id: `CN${digits}${code}${match[3] ?? ''}`, kind: KINDS[code]! };
}

/** 2019 .06 .03, 2019.06.03, 2019-06-03, 2019年6月3日, 20190603 → 20190603. */
export function cnDateToYmd(input: string): string | null {
  const text = toHalfWidth(input).replace(/\s+/g, '');
  const match = /(\d{4})(?:[./-]|年)(\d{1,2})(?:[./-]|月)(\d{1,2})/.exec(text) ?? /(?<!\d)(\d{4})(\d{2})(\d{2})(?!\d)/.exec(text);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (month < 1 || month > 12 || day < 1 || day > 31) return null;
  return `${year}${String(month).padStart(2, '0')}${String(day).padStart(2, '0')}`;
}

/** 201910477986 .4, CN202310400741.8, ZL202110251250.2 → 201910477986.4 (the form CNIPA prints). */
export function cnApplicationNumber(input: string): string | null {
  const text = toHalfWidth(input).toUpperCase().replace(/\s+/g, '');
  const match = /(?:CN|ZL)?(\d{8,12})(?:\.([\dX]))?/.exec(text);
  if (!match) return null;
  return match[2] ? `${match[1]}.${match[2]}` : match[1]!;
}

/** IPC symbols in a 分类号 value: "G06T 7/11(2017.01)I; A61B 8/08" → ["G06T 7/11", "A61B 8/08"]. */
export function cnClassificationSymbols(input: string): string[] {
  const text = toHalfWidth(input).toUpperCase().replace(/\(\d{4}\.\d{2}\)/g, ' ');
  const found: string[] = [];
  for (const match of text.matchAll(/([A-H]\d{2}[A-Z])\s*(\d{1,4})\s*\/\s*(\d{2,6})/g)) {
    const symbol = `${match[1]} ${Number(match[2])}/${match[3]}`;
    if (!found.includes(symbol)) found.push(symbol);
  }
  return found;
}

/**
 * Claims of a 权利要求书 block, each the full text of one claim as published ("1.一种…"):
 * a claim starts at "N." / "N．" / "N、" where N is the next number in sequence, at the
 * start of a line or after a space or a full stop — so "权利要求1所述" or "0.5、" never split.
 */
export function splitCnClaims(block: string): string[] {
  const text = block.replace(/\r\n?/g, '\n');
  const claims: string[] = [];
  let expected = 1;
  let start = -1;
  const pattern = /(^|[\s。；;])([0-9０-９]{1,3})\s*[.．、](?![0-9０-９])/gm;
  for (let match = pattern.exec(text); match; match = pattern.exec(text)) {
    const number = Number(toHalfWidth(match[2]!));
    if (number !== expected) continue;
    const at = match.index + match[1]!.length;
    if (start >= 0) claims.push(text.slice(start, at));
    start = at;
    expected++;
  }
  if (start >= 0) claims.push(text.slice(start));
  return claims.map((claim) => claim.replace(/\s*\n\s*/g, '').replace(/[ \t]+/g, ' ').trim()).filter(Boolean);
}

// ─── Reading the text ────────────────────────────────────────────────────────────────

type Field =
  | 'grantNumber' | 'publicationNumber' | 'applicationNumber' | 'applicationDate' | 'publicationDate' | 'grantDate'
  | 'applicants' | 'inventors' | 'title' | 'abstract' | 'ipc' | 'ignore';

/** Front-page labels, longest first so that 申请公布号 is not read as 申请…. */
const LABELS: Array<[string, Field]> = ([
  ['同一申请的已公布的文献号', 'ignore'],
  ['发明专利申请公布号', 'publicationNumber'],
  ['申请公布号', 'publicationNumber'],
  ['公开公告号', 'publicationNumber'],
  ['公开号', 'publicationNumber'],
  ['授权公告号', 'grantNumber'],
  ['授权公布号', 'grantNumber'],
  ['申请号/专利号', 'applicationNumber'],
  ['申请(专利)号', 'applicationNumber'],
  ['专利号', 'applicationNumber'],
  ['申请号', 'applicationNumber'],
  ['申请日', 'applicationDate'],
  ['申请公布日', 'publicationDate'],
  ['公开日', 'publicationDate'],
  ['公开公告日', 'publicationDate'],
  ['授权公告日', 'grantDate'],
  ['授权日', 'grantDate'],
  ['申请人', 'applicants'],
  ['专利权人', 'applicants'],
  ['申请(专利权)人', 'applicants'],
  ['发明人', 'inventors'],
  ['设计人', 'inventors'],
  ['发明(设计)人', 'inventors'],
  ['发明名称', 'title'],
  ['实用新型名称', 'title'],
  ['外观设计名称', 'title'],
  ['使用外观设计的产品名称', 'title'],
  ['专利名称', 'title'],
  ['国际专利分类号', 'ipc'],
  ['IPC分类号', 'ipc'],
  ['主分类号', 'ipc'],
  ['分类号', 'ipc'],
  ['Int.Cl.', 'ipc'],
  ['Int.CI.', 'ipc'],
  ['专利代理机构', 'ignore'],
  ['代理人', 'ignore'],
  ['地址', 'ignore'],
  ['优先权', 'ignore'],
  ['审查员', 'ignore'],
  ['对比文件', 'ignore'],
] as Array<[string, Field]>).sort((a, b) => b[0].length - a[0].length);

/** A front-page line: optional "## ", optional INID code, a label, an optional colon, the value. */
function labelOf(line: string): { field: Field; value: string } | null {
  const folded = toHalfWidth(line).replace(/^#+\s*/, '').replace(/^\(\d{2}\)\s*/, '');
  const compact = folded.replace(/^Int\s*\.\s*C\s*[lI]\s*\./i, 'Int.Cl.').replace(/\s+/g, ' ');
  for (const [label, field] of LABELS) {
    if (compact.startsWith(label)) {
      return { field, value: compact.slice(label.length).replace(/^\s*[:：]?\s*/, '').trim() };
    }
  }
  if (/^\(\d{2}\)/.test(toHalfWidth(line).replace(/^#+\s*/, ''))) return { field: 'ignore', value: '' };
  return null;
}

const SECTION_ABSTRACT = /^(?:#+\s*)?(?:\(57\)\s*)?(?:说明书摘要|摘要)\s*[:：]?\s*(.*)$/;
const SECTION_CLAIMS = /^(?:#+\s*)?权利要求书\s*(?:\d+\s*\/\s*\d+\s*页)?\s*$/;
const SECTION_DESCRIPTION = /^(?:#+\s*)?说明书\s*(?:\d+\s*\/\s*\d+\s*页)?\s*$/;
const SECTION_DRAWINGS = /^(?:#+\s*)?(?:说明书附图|摘要附图)\s*(?:\d+\s*\/\s*\d+\s*页)?\s*$/;
/** Page furniture of PDF text: running headers "CN 110346043 A", page numbers "1/5 页", "说明书 2/7 页". */
const PAGE_NOISE = /^(?:CN\s*\d[\d\s]*[A-Z]\d?|\d+\s*\/\s*\d+\s*页|(?:权利要求书|说明书|说明书附图)\s*\d+\s*\/\s*\d+\s*页|\d{1,3})$/;

/** Applicants in one value: "昆明理工大学地址 650599 …号专利权人 浙江…公司" → both names, without addresses. */
function partiesOf(value: string): string[] {
  return value
    .split(/(?:专利权人|申请人)\s*[:：]?/)
    .map((part) => part.split(/地址/)[0]!)
    .flatMap((part) => part.split(/[;；]/))
    .map((name) => name.replace(/\s+/g, ' ').trim())
    .filter(Boolean);
}

const peopleOf = (value: string): string[] =>
  value
    .split(/[\s;；,，、]+/)
    .map((name) => name.trim())
    .filter(Boolean);

export interface CnParseOptions {
  /** Provenance stored in the record; defaults to "cn-text". */
  source?: string;
}

/**
 * One Chinese patent publication as text (front page and, when present, 说明书摘要 / 权利要求书 /
 * 说明书) as a PatentRecord. The id comes from 授权公告号 when the text has one (a grant's front
 * page also prints the earlier 申请公布号), else from 申请公布号. Throws an Error saying what is missing.
 */
export function parseCnText(input: string, options: CnParseOptions = {}): PatentRecord {
  if (!input || !input.trim()) throw new Error('CN text: empty text');
  const lines = input.replace(/\r\n?/g, '\n').split('\n');
  let grant: { id: string; kind: PatentKind } | null = null;
  let publication: { id: string; kind: PatentKind } | null = null;
  let applicationNumber: string | null = null;
  let applicationDate: string | null = null;
  let publicationDate: string | null = null;
  let grantDate: string | null = null;
  let title: string | null = null;
  const applicants: string[] = [];
  const inventors: string[] = [];
  const ipc: string[] = [];
  const abstract: string[] = [];
  const claimLines: string[] = [];
  const description: string[] = [];
  let mode: 'front' | 'title' | 'abstract' | 'ipc' | 'claims' | 'description' | 'drawings' = 'front';

  const addAll = (target: string[], values: string[]) => {
    for (const value of values) if (!target.includes(value)) target.push(value);
  };

  for (const rawLine of lines) {
    const line = rawLine.trim();
    if (!line) continue;
    const folded = toHalfWidth(line).trim();

    if (SECTION_CLAIMS.test(folded)) {
      mode = 'claims';
      continue;
    }
    if (SECTION_DESCRIPTION.test(folded)) {
      mode = 'description';
      continue;
    }
    if (SECTION_DRAWINGS.test(folded)) {
      mode = 'drawings';
      continue;
    }
    const abstractStart = SECTION_ABSTRACT.exec(folded);
    if (abstractStart && mode !== 'description' && mode !== 'claims') {
      mode = 'abstract';
      if (abstractStart[1]) abstract.push(line.slice(line.length - abstractStart[1].length).trim());
      continue;
    }

    if (mode === 'claims') {
      if (!PAGE_NOISE.test(folded)) claimLines.push(line);
      continue;
    }
    if (mode === 'description') {
      if (!PAGE_NOISE.test(folded) && line !== title) description.push(line.replace(/\s+/g, ' '));
      continue;
    }
    if (mode === 'drawings') continue;

    const labelled = labelOf(line);
    if (labelled) {
      const { field, value } = labelled;
      mode = 'front';
      switch (field) {
        case 'grantNumber':
          grant ??= cnPublicationId(value);
          break;
        case 'publicationNumber':
          publication ??= cnPublicationId(value);
          break;
        case 'applicationNumber':
          applicationNumber ??= cnApplicationNumber(value);
          break;
        case 'applicationDate':
          applicationDate ??= cnDateToYmd(value);
          break;
        case 'publicationDate':
          publicationDate ??= cnDateToYmd(value);
          break;
        case 'grantDate':
          grantDate ??= cnDateToYmd(value);
          break;
        case 'applicants':
          addAll(applicants, partiesOf(value));
          break;
        case 'inventors':
          addAll(inventors, peopleOf(value));
          break;
        case 'title':
          if (value) title ??= value;
          else mode = 'title';
          break;
        case 'ipc':
          addAll(ipc, cnClassificationSymbols(value));
          mode = 'ipc';
          break;
        case 'abstract':
        case 'ignore':
          break;
      }
      continue;
    }
    if (mode === 'title') {
      title ??= line;
      mode = 'front';
    } else if (mode === 'ipc' && cnClassificationSymbols(line).length) {
      addAll(ipc, cnClassificationSymbols(line));
    } else if (mode === 'abstract') {
      abstract.push(line);
    }
  }

  const chosen = grant ?? publication;
  if (!chosen) throw new Error('CN text: no publication number found (expected 申请公布号 or 授权公告号 followed by CN…)');
  const claims = splitCnClaims(claimLines.join('\n'));
  const abstractText = abstract.join('').trim();
  if (!title && !abstractText && !claims.length && !description.length) {
    throw new Error(`CN text ${chosen.id}: no title, abstract, claims or description found`);
  }
  const isGrant = chosen === grant;
  return {
    id: chosen.id,
    region: 'cn',
    kind: chosen.kind,
    title,
    abstract: abstractText || null,
    claims: claims.length ? claims : null,
    description: description.length ? description.join('\n') : null,
    ipc: ipc.length ? ipc : null,
    cpc: null,
    applicants: applicants.length ? applicants : null,
    inventors: inventors.length ? inventors : null,
    applicationDate,
    publicationDate: isGrant ? grantDate ?? publicationDate : publicationDate,
    registrationDate: isGrant ? grantDate : null,
    applicationNumber,
    right: null,
    citations: null,
    source: options.source ?? 'cn-text',
  };
}
