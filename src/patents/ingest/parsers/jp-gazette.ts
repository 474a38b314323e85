// Japanese gazette text with 【…】 headings (JPO publications as J-PlatPat shows them, or
// the filing format with 【書類名】) → PatentRecord. Pure functions.
//
// Bibliographic values (numbers, dates, classifications) are read after NFKC folding, so
// full-width digits and letters (【請求項１】, Ａ６１Ｋ, 令和２年１月２３日) count like ASCII;
// the text of the abstract, claims and description is kept as published.
import type { PatentKind, PatentRecord } from '../../record.ts';

// ─── Characters, numbers and dates ──────────────────────────────────────────────────

/** Full-width digits, letters and punctuation to ASCII (NFKC), dashes unified to "-", ideographic space to space. */
export function toHalfWidth(text: string): string {
  return text
    .normalize('NFKC')
    .replace(/[‐‑‒–—―−－ー](?=\d)/g, '-')
    .replace(/\u3000/g, ' ');
}

const ERAS: Record<string, number> = { 令和: 2018, 平成: 1988, 昭和: 1925, 大正: 1911, 明治: 1867 };
const ERA_LETTERS: Record<string, string> = { R: '令和', H: '平成', S: '昭和', T: '大正', M: '明治' };

const ymd = (year: number, month: number, day: number): string | null => {
  if (!(year >= 1868 && year <= 2200 && month >= 1 && month <= 12 && day >= 1 && day <= 31)) return null;
  return `${year}${String(month).padStart(2, '0')}${String(day).padStart(2, '0')}`;
};

/**
 * A Japanese date as yyyyMMdd: 令和2年1月23日, 令和元年5月1日, 平成11年3月2日, 昭和64年1月7日 (also with
 * full-width digits), 2020年1月23日, 2020.1.23, 2020/01/23, 2020-01-23, R2.1.23. Null when none is found.
 */
export function japaneseDateToYmd(input: string): string | null {
  const text = toHalfWidth(input).replace(/\s+/g, '');
  let match = /(令和|平成|昭和|大正|明治)(元|\d{1,2})年(\d{1,2})月(\d{1,2})日/.exec(text);
  if (match) {
    const year = ERAS[match[1]!]! + (match[2] === '元' ? 1 : Number(match[2]));
    return ymd(year, Number(match[3]), Number(match[4]));
  }
  match = /(\d{4})年(\d{1,2})月(\d{1,2})日/.exec(text);
  if (match) return ymd(Number(match[1]), Number(match[2]), Number(match[3]));
  match = /(?<!\d)(\d{4})[./-](\d{1,2})[./-](\d{1,2})(?!\d)/.exec(text);
  if (match) return ymd(Number(match[1]), Number(match[2]), Number(match[3]));
  match = /(?<![A-Za-z])([RHSTM])(\d{1,2})\.(\d{1,2})\.(\d{1,2})(?!\d)/.exec(text);
  if (match) return ymd(ERAS[ERA_LETTERS[match[1]!]!]! + Number(match[2]), Number(match[3]), Number(match[4]));
  match = /(?<!\d)(\d{4})(\d{2})(\d{2})(?!\d)/.exec(text);
  if (match) return ymd(Number(match[1]), Number(match[2]), Number(match[3]));
  return null;
}

const eraLetter = (name: string | undefined): string => {
  if (!name) return '';
  if (name.startsWith('令')) return 'R';
  if (name.startsWith('平')) return 'H';
  if (name.startsWith('昭')) return 'S';
  return '';
};

const KIND_BY_CODE = (code: string): PatentKind => {
  if (code.startsWith('A')) return 'application';
  if (code.startsWith('B') || code.startsWith('C')) return 'patent';
  if (code.startsWith('U') || code.startsWith('Y')) return 'utility';
  if (code.startsWith('S')) return 'design';
  throw new Error(`JP gazette: kind code "${code}" is not A, B, U, Y or S`);
};

export interface JpNumber {
  /** Corpus id: JP2020123456A, JPH11123456A, JP6543210B2, JP3200000U, JP1234567S. */
  id: string;
  kind: PatentKind;
}

/**
 * The id of a Japanese publication number as the gazette writes it: 特開2020-123456 → JP2020123456A,
 * 特開平11-123456 → JPH11123456A, 特表2019-500000 → JP2019500000A, 特許第6543210号 / 特許6543210 →
 * JP6543210B2 (or the kind code given, e.g. B1), 実用新案登録第3200000号 → JP3200000U, 実開平5-012345 →
 * JPH05012345U, 意匠登録第1234567号 → JP1234567S. A 再公表 (domestic re-publication of a WO
 * application) has no JP number of its own and throws.
 */
export function jpPublicationId(input: string, kindCode?: string | null): JpNumber {
  const text = toHalfWidth(input).replace(/[\s,]/g, '');
  const code = kindCode ? toHalfWidth(kindCode).toUpperCase() : null;
  if (/再公表|再表|^WO/i.test(text)) {
    throw new Error(`JP gazette: "${input.trim()}" is a 再公表 (re-publication of an international application), which has no JP publication number of its own; it is skipped`);
  }
  const serial = (digits: string) => digits.padStart(6, '0');
  let match = /(特開|特表|実開)(?:(平成?|昭和?|令和?)(\d{1,2})|(\d{4}))-(\d{1,6})/.exec(text);
  if (match) {
    const [, type, eraName, eraYear, year, number] = match;
    const core = year ? `${year}${serial(number!)}` : `${eraLetter(eraName)}${eraYear!.padStart(2, '0')}${serial(number!)}`;
    const kind = type === '実開' ? code ?? 'U' : code ?? 'A';
    return { id: `JP${core}${kind}`, kind: KIND_BY_CODE(kind) };
  }
  match = /(特公|実公)(平成?|昭和?)(\d{1,2})-(\d{1,6})/.exec(text);
  if (match) {
    const [, type, eraName, eraYear, number] = match;
    const kind = code ?? (type === '実公' ? 'Y2' : 'B2');
    return { id: `JP${eraLetter(eraName)}${eraYear!.padStart(2, '0')}${serial(number!)}${kind}`, kind: KIND_BY_CODE(kind) };
  }
  match = /特許(?:第)?(\d{5,8})(?:号)?/.exec(text);
  if (match) {
    const kind = code && code.startsWith('B') ? code : 'B2';
    return { id: `JP${match[1]}${kind}`, kind: 'patent' };
  }
  match = /(?:実用新案登録|実登)(?:第)?(\d{5,8})(?:号)?/.exec(text);
  if (match) {
    const kind = code && /^[UY]/.test(code) ? code : Number(match[1]) >= 3000000 ? 'U' : 'Y2';
    return { id: `JP${match[1]}${kind}`, kind: 'utility' };
  }
  match = /意匠登録(?:第)?(\d{5,8})(?:号)?/.exec(text);
  if (match) return { id: `JP${match[1]}S`, kind: 'design' };
  throw new Error(`JP gazette: "${input.trim()}" is not a publication number (特開, 特表, 特許, 実用新案登録, 意匠登録)`);
}

/** 特願2023-22940(P2023-22940) → 特願2023-022940; 特願平11-12345 → 特願平11-012345. */
export function jpApplicationNumber(input: string): string | null {
  const text = toHalfWidth(input).replace(/\s+/g, '');
  const match = /(特願|実願|意願)(?:(平成?|昭和?|令和?)(\d{1,2})|(\d{4}))-(\d{1,6})/.exec(text);
  if (!match) return text.replace(/\(.*\)$/, '') || null;
  const [, type, eraName, eraYear, year, number] = match;
  const era = eraName ? eraName.slice(0, 1) : '';
  return `${type}${year ?? `${era}${eraYear}`}-${number!.padStart(6, '0')}`;
}

/** IPC or FI symbols from the lines of 【国際特許分類】 / 【ＦＩ】: "Ａ６１Ｋ   8/898    (2006.01)" → "A61K 8/898". */
function classificationSymbols(content: string, withFiSuffix: boolean): string[] {
  const found: string[] = [];
  for (const rawLine of toHalfWidth(content).split('\n')) {
    const line = rawLine.replace(/\(\d{4}\.\d{2}\)/g, ' ').trim();
    const match = /([A-H]\d{2}[A-Z])\s*(\d{1,4})\s*\/\s*(\d{2,6})(.*)$/.exec(line);
    if (!match) continue;
    let symbol = `${match[1]} ${Number(match[2])}/${match[3]}`;
    if (withFiSuffix) {
      // FI subdivision and file discrimination symbol: "17/30 340 A" → "17/30 340A".
      const suffix = match[4]!.replace(/\s+/g, '').replace(/^[,@]/, '');
      if (/^[\dA-Z]{1,4}$/.test(suffix)) symbol += ` ${suffix}`;
    }
    if (!found.includes(symbol)) found.push(symbol);
  }
  return found;
}

/** F-terms: "4C083AB082", also glued ones ("4F100AK01B4F100AK01C"). */
function fterms(content: string): string[] {
  const text = toHalfWidth(content).toUpperCase();
  const matches = text.match(/\d[A-Z]\d{3}[A-Z]{2}\d{2}(?:[0-9A-Z](?=\d[A-Z]\d{3}[A-Z]{2}|[^0-9A-Z]|$))?/g) ?? [];
  return [...new Set(matches)];
}

// ─── Text layout ─────────────────────────────────────────────────────────────────────

const WIDE = /[\u3000-\u9fff\uf900-\ufaff\uff00-\uffef]/;

/** Lines of one block as one line: wrapped Japanese lines are joined without a space, Latin ones with one. */
function joinLines(content: string): string {
  let text = '';
  for (const raw of content.split('\n')) {
    const line = raw.replace(/^[\s\u3000]+|[\s\u3000]+$/g, '');
    if (!line) continue;
    if (text && !WIDE.test(text.slice(-1)) && !WIDE.test(line[0]!)) text += ' ';
    text += line;
  }
  return text;
}

const firstLine = (content: string): string =>
  content
    .split('\n')
    .map((line) => line.replace(/^[\s\u3000]+|[\s\u3000]+$/g, ''))
    .find(Boolean) ?? '';

const personName = (text: string): string => firstLine(text).replace(/[\s\u3000]+/g, ' ').trim();

/** HTML as J-PlatPat serves it (<br>, <SDO …>, &nbsp;) to plain lines. */
function plainText(input: string): string {
  let text = input.replace(/\r\n?/g, '\n');
  if (/<[A-Za-z/][^>]*>/.test(text)) {
    text = text
      .replace(/<br\s*\/?>/gi, '\n')
      .replace(/<\/?(?:p|div|tr|li)\b[^>]*>/gi, '\n')
      .replace(/<[^>]+>/g, '')
      .replace(/&nbsp;/g, ' ')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&');
  }
  return text;
}

interface Block {
  /** The heading as written (【０００１】 → "０００１"). */
  raw: string;
  /** NFKC-folded, without spaces (【ＦＩ】 → "FI", 【請求項１】 → "請求項1"). */
  name: string;
  content: string;
}

/** The text cut at each 【heading】 (an INID code such as (11) in front of it is dropped). */
function blocksOf(text: string): Block[] {
  const pattern = /(?:[(（][0-9０-９]{2,3}[)）][ \t\u3000]*)?【([^【】\n]{1,40})】/g;
  const blocks: Block[] = [];
  let current: Block | undefined;
  let last = 0;
  for (let match = pattern.exec(text); match; match = pattern.exec(text)) {
    if (current) current.content = text.slice(last, match.index);
    const raw = match[1]!;
    current = { raw, name: toHalfWidth(raw).replace(/\s+/g, ''), content: '' };
    blocks.push(current);
    last = pattern.lastIndex;
  }
  if (current) current.content = text.slice(last);
  return blocks;
}

// ─── Reading a gazette ──────────────────────────────────────────────────────────────

const NUMBER_HEADINGS = ['公開番号', '公表番号', '特許番号', '登録番号', '実用新案登録番号', '意匠登録番号', '国際公開番号'] as const;
const APPLICANT_HEADINGS = new Set(['出願人', '特許権者', '実用新案権者', '意匠権者']);
const INVENTOR_HEADINGS = new Set(['発明者', '考案者', '創作者']);
const AGENT_HEADINGS = new Set(['代理人', '復代理人', '代理人弁理士']);
const CLAIMS_HEADINGS = new Set(['特許請求の範囲', '実用新案登録請求の範囲', '請求の範囲']);
const DESCRIPTION_HEADINGS = new Set(['発明の詳細な説明', '考案の詳細な説明', '明細書']);
const ABSTRACT_PARTS = new Set(['課題', '解決手段', '目的', '構成', '効果']);
/** Bibliographic headings whose content is not text of the document. */
const BIBLIO_HEADINGS = new Set([
  ...NUMBER_HEADINGS,
  '公報種別', '発行国', '発行日', '公開日', '公表日', '登録日', '出願日', '出願番号', '発明の名称', '考案の名称', '意匠に係る物品',
  '国際特許分類', 'FI', 'Fターム(参考)', 'テーマコード(参考)', '識別番号', '氏名又は名称', '氏名', '住所又は居所', '審査請求',
  '請求項の数', '出願形態', '全頁数', '優先権主張番号', '優先日', '優先権主張国・地域又は機関', '優先権主張国', '国際出願番号',
  '国際公開日', '指定国', '審査官', '参考文献', '調査した分野', '前置審査', '早期審査対象出願', '国際調査報告', '公序良俗違反の表示',
  '最終頁に続く', '特許法第30条第2項適用申請有り', '新規性喪失の例外の表示', '整理番号', '提出日', 'あて先', '国際特許分類(参考)',
  ...APPLICANT_HEADINGS, ...INVENTOR_HEADINGS, ...AGENT_HEADINGS,
]);

/** What a gazette text yields before the publication number is checked. */
export interface JpGazetteContent extends Omit<PatentRecord, 'id' | 'kind' | 'source'> {
  /** Null when the text carries no publication number (e.g. only the claims or the abstract). */
  id: string | null;
  kind: PatentKind | null;
  /** 【公報種別】 as written, e.g. 公開特許公報(A). */
  gazetteType: string | null;
}

/**
 * Everything a gazette text carries, without insisting on a publication number: also
 * usable on parts of a gazette (the abstract and claims alone). See parseJpGazette.
 */
export function readJpGazette(input: string): JpGazetteContent {
  const blocks = blocksOf(plainText(input));
  const numbers = new Map<string, string>();
  const dates = new Map<string, string>();
  let gazetteType: string | null = null;
  let title: string | null = null;
  let applicationNumber: string | null = null;
  const applicants: string[] = [];
  const inventors: string[] = [];
  const ipc: string[] = [];
  const fi: string[] = [];
  const fterm: string[] = [];
  const abstractParts: string[] = [];
  const claims: Array<{ number: number; text: string }> = [];
  let claimsPreamble = '';
  const description: string[] = [];
  let mode: 'biblio' | 'abstract' | 'claims' | 'description' | 'drawings' = 'biblio';
  let party: 'applicant' | 'inventor' | 'agent' | null = null;

  const addClaimText = (text: string) => {
    const last = claims[claims.length - 1];
    if (last) last.text += text;
    else claimsPreamble += text;
  };

  for (const block of blocks) {
    const { name, raw, content } = block;
    const text = joinLines(content);

    if (name === '書類名') {
      const documentName = toHalfWidth(firstLine(content)).replace(/\s+/g, '');
      if (documentName === '明細書') mode = 'description';
      else if (CLAIMS_HEADINGS.has(documentName)) mode = 'claims';
      else if (documentName === '要約書') mode = 'abstract';
      else if (documentName === '図面') mode = 'drawings';
      continue;
    }
    if (/^\d{4,5}$/.test(name)) {
      mode = 'description';
      description.push(`【${raw}】${text}`);
      continue;
    }
    const claimNumber = /^請求項(\d+)$/.exec(name);
    if (claimNumber) {
      mode = 'claims';
      claims.push({ number: Number(claimNumber[1]), text });
      continue;
    }
    if (name === '要約') {
      mode = 'abstract';
      if (text) abstractParts.push(text);
      continue;
    }
    if (CLAIMS_HEADINGS.has(name)) {
      mode = 'claims';
      claimsPreamble += text;
      continue;
    }
    if (DESCRIPTION_HEADINGS.has(name)) {
      mode = 'description';
      if (text) description.push(text);
      continue;
    }
    if (name === '図面') {
      mode = 'drawings';
      continue;
    }
    if (/^[化数表](\d+)$/.test(name)) {
      // Formulas and tables are images in the text: keep their marker in the running text.
      if (mode === 'claims') addClaimText(`【${raw}】${text}`);
      else if (mode === 'description') {
        if (description.length) description[description.length - 1] += `【${raw}】${text}`;
        else description.push(`【${raw}】${text}`);
      }
      continue;
    }
    if (mode === 'abstract' && ABSTRACT_PARTS.has(name)) {
      abstractParts.push(`【${raw}】${text}`);
      continue;
    }
    if (name === '選択図' || name === '代表図') continue;

    if (BIBLIO_HEADINGS.has(name)) {
      party = APPLICANT_HEADINGS.has(name) ? 'applicant' : INVENTOR_HEADINGS.has(name) ? 'inventor' : AGENT_HEADINGS.has(name) ? 'agent' : party;
      const value = firstLine(content);
      if ((NUMBER_HEADINGS as readonly string[]).includes(name)) {
        if (value) numbers.set(name, value);
      } else if (['発行日', '公開日', '公表日', '登録日', '出願日'].includes(name)) {
        const date = japaneseDateToYmd(value);
        if (date) dates.set(name, date);
      } else if (name === '公報種別') gazetteType = value || null;
      else if (name === '出願番号') applicationNumber = value ? jpApplicationNumber(value) : null;
      else if (name === '発明の名称' || name === '考案の名称' || name === '意匠に係る物品') title ??= text || null;
      else if (name === '国際特許分類' || name === '国際特許分類(参考)') ipc.push(...classificationSymbols(content, false).filter((code) => !ipc.includes(code)));
      else if (name === 'FI') fi.push(...classificationSymbols(content, true).filter((code) => !fi.includes(code)));
      else if (name === 'Fターム(参考)') fterm.push(...fterms(content).filter((code) => !fterm.includes(code)));
      else if (name === '氏名又は名称' || name === '氏名') {
        const person = personName(content);
        if (person && party === 'applicant' && !applicants.includes(person)) applicants.push(person);
        if (person && party === 'inventor' && !inventors.includes(person)) inventors.push(person);
      }
      continue;
    }

    // Any other heading: a section of the description (技術分野, 背景技術, 特許文献１, 図１ …).
    if (mode === 'description') {
      if (/\d$/.test(name)) description.push(`【${raw}】${text}`);
      else {
        description.push(raw.trim());
        if (text) description.push(text);
      }
    } else if (mode === 'claims') {
      addClaimText(`【${raw}】${text}`);
    }
  }

  const claimTexts = claims.length ? claims.map((claim) => claim.text) : claimsPreamble ? [claimsPreamble] : [];
  const number = pickNumber(numbers, gazetteType);
  const kind = number?.kind ?? null;
  const published = kind === 'application' ? dates.get('公開日') ?? dates.get('公表日') ?? dates.get('発行日') : dates.get('発行日') ?? dates.get('公開日') ?? dates.get('公表日');
  return {
    id: number?.id ?? null,
    region: 'jp',
    kind,
    gazetteType,
    title,
    abstract: abstractParts.length ? abstractParts.join('') : null,
    claims: claimTexts.length ? claimTexts : null,
    description: description.length ? description.join('\n') : null,
    ipc: ipc.length ? ipc : null,
    cpc: null,
    fi: fi.length ? fi : null,
    fterm: fterm.length ? fterm : null,
    applicants: applicants.length ? applicants : null,
    inventors: inventors.length ? inventors : null,
    applicationDate: dates.get('出願日') ?? null,
    publicationDate: published ?? null,
    registrationDate: dates.get('登録日') ?? null,
    applicationNumber,
    right: null,
    citations: null,
  };
}

/** The number that identifies this gazette: the registration number of a B/U/S gazette, else the 公表/公開 number. */
function pickNumber(numbers: Map<string, string>, gazetteType: string | null): JpNumber | null {
  const type = gazetteType ? toHalfWidth(gazetteType) : '';
  if (/再公表|再表/.test(type)) {
    const wo = numbers.get('国際公開番号');
    throw new Error(`JP gazette: ${gazetteType} is a 再公表 (re-publication of an international application${wo ? ` ${wo}` : ''}), which has no JP publication number of its own; it is skipped`);
  }
  const code = /\(([A-Z]\d?)\)/.exec(type)?.[1] ?? null;
  const isPublication = code?.startsWith('A') ?? false;
  const order = isPublication
    ? ['公表番号', '公開番号', '特許番号', '登録番号', '実用新案登録番号', '意匠登録番号']
    : ['特許番号', '登録番号', '実用新案登録番号', '意匠登録番号', '公表番号', '公開番号'];
  for (const heading of order) {
    const value = numbers.get(heading);
    if (!value) continue;
    const registration = heading === '特許番号' || heading.endsWith('登録番号');
    // The kind code of 公報種別 belongs to this gazette's own number: an A code to a 公開/公表
    // number, a B/U/S code to a registration number (a B gazette also lists its earlier 公開番号).
    const ownNumber = registration ? !isPublication : isPublication;
    return jpPublicationId(value, ownNumber ? code : null);
  }
  if (numbers.has('国際公開番号')) {
    throw new Error(`JP gazette: only an international publication number (${numbers.get('国際公開番号')}) was found; a re-publication has no JP number of its own`);
  }
  return null;
}

export interface JpParseOptions {
  /** Provenance stored in the record; defaults to "jp-gazette". */
  source?: string;
}

/**
 * One Japanese gazette (公開特許公報, 公表特許公報, 特許公報, 登録実用新案公報, 意匠公報) in the
 * 【…】 text layout as a PatentRecord. Throws an Error saying what is missing: a text
 * without 【公開番号】/【公表番号】/【特許番号】/【登録番号】, a 再公表, or one with no text at all.
 */
export function parseJpGazette(text: string, options: JpParseOptions = {}): PatentRecord {
  if (!text || !text.trim()) throw new Error('JP gazette: empty text');
  const content = readJpGazette(text);
  if (!content.id || !content.kind) {
    throw new Error('JP gazette: no publication number found (expected 【公開番号】, 【公表番号】, 【特許番号】 or 【登録番号】)');
  }
  if (!content.title && !content.abstract && !content.claims && !content.description) {
    throw new Error(`JP gazette ${content.id}: no title, abstract, claims or description found`);
  }
  const { gazetteType: _gazetteType, ...record } = content;
  return { ...record, id: content.id, kind: content.kind, source: options.source ?? 'jp-gazette' };
}
