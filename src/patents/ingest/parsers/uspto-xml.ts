// USPTO full-text XML (ICE DTD v4.x: us-patent-grant and us-patent-application, the
// format of the weekly ipg/ipa files since 2005) → PatentRecord. Pure functions; the
// weekly files concatenate many <?xml …?> documents, so they are split first, either
// from a string (splitUsptoXmlStream) or from a stream in constant memory (usptoDocuments).
//
// XML parsing uses saxes, a strict SAX parser: a truncated or broken document fails with
// the reason and position instead of yielding half a record.
import { StringDecoder } from 'node:string_decoder';
import { SaxesParser } from 'saxes';
import type { PatentKind, PatentRecord } from '../../record.ts';

// ─── A small element tree over saxes ─────────────────────────────────────────────────

interface XmlElement {
  name: string;
  attributes: Record<string, string>;
  children: XmlNode[];
}
type XmlNode = XmlElement | string;

/** HTML/ISO named entities that older USPTO files use without declaring them (saxes only knows the five XML ones). */
const NAMED_ENTITIES: Record<string, number> = {
  nbsp: 0xa0, iexcl: 0xa1, cent: 0xa2, pound: 0xa3, curren: 0xa4, yen: 0xa5, brvbar: 0xa6, sect: 0xa7, uml: 0xa8,
  copy: 0xa9, ordf: 0xaa, laquo: 0xab, not: 0xac, shy: 0xad, reg: 0xae, macr: 0xaf, deg: 0xb0, plusmn: 0xb1,
  sup2: 0xb2, sup3: 0xb3, acute: 0xb4, micro: 0xb5, para: 0xb6, middot: 0xb7, cedil: 0xb8, sup1: 0xb9, ordm: 0xba,
  raquo: 0xbb, frac14: 0xbc, frac12: 0xbd, frac34: 0xbe, iquest: 0xbf, times: 0xd7, divide: 0xf7,
  Agrave: 0xc0, Aacute: 0xc1, Acirc: 0xc2, Atilde: 0xc3, Auml: 0xc4, Aring: 0xc5, AElig: 0xc6, Ccedil: 0xc7,
  Egrave: 0xc8, Eacute: 0xc9, Ecirc: 0xca, Euml: 0xcb, Igrave: 0xcc, Iacute: 0xcd, Icirc: 0xce, Iuml: 0xcf,
  ETH: 0xd0, Ntilde: 0xd1, Ograve: 0xd2, Oacute: 0xd3, Ocirc: 0xd4, Otilde: 0xd5, Ouml: 0xd6, Oslash: 0xd8,
  Ugrave: 0xd9, Uacute: 0xda, Ucirc: 0xdb, Uuml: 0xdc, Yacute: 0xdd, THORN: 0xde, szlig: 0xdf,
  agrave: 0xe0, aacute: 0xe1, acirc: 0xe2, atilde: 0xe3, auml: 0xe4, aring: 0xe5, aelig: 0xe6, ccedil: 0xe7,
  egrave: 0xe8, eacute: 0xe9, ecirc: 0xea, euml: 0xeb, igrave: 0xec, iacute: 0xed, icirc: 0xee, iuml: 0xef,
  eth: 0xf0, ntilde: 0xf1, ograve: 0xf2, oacute: 0xf3, ocirc: 0xf4, otilde: 0xf5, ouml: 0xf6, oslash: 0xf8,
  ugrave: 0xf9, uacute: 0xfa, ucirc: 0xfb, uuml: 0xfc, yacute: 0xfd, thorn: 0xfe, yuml: 0xff,
  ndash: 0x2013, mdash: 0x2014, lsquo: 0x2018, rsquo: 0x2019, sbquo: 0x201a, ldquo: 0x201c, rdquo: 0x201d,
  bdquo: 0x201e, dagger: 0x2020, Dagger: 0x2021, bull: 0x2022, hellip: 0x2026, permil: 0x2030, prime: 0x2032,
  Prime: 0x2033, lsaquo: 0x2039, rsaquo: 0x203a, euro: 0x20ac, trade: 0x2122, larr: 0x2190, uarr: 0x2191,
  rarr: 0x2192, darr: 0x2193, harr: 0x2194, forall: 0x2200, part: 0x2202, exist: 0x2203, empty: 0x2205,
  nabla: 0x2207, isin: 0x2208, notin: 0x2209, prod: 0x220f, sum: 0x2211, minus: 0x2212, radic: 0x221a,
  prop: 0x221d, infin: 0x221e, ang: 0x2220, and: 0x2227, or: 0x2228, cap: 0x2229, cup: 0x222a, int: 0x222b,
  there4: 0x2234, sim: 0x223c, cong: 0x2245, asymp: 0x2248, ne: 0x2260, equiv: 0x2261, le: 0x2264, ge: 0x2265,
  sub: 0x2282, sup: 0x2283, sube: 0x2286, supe: 0x2287, perp: 0x22a5, sdot: 0x22c5, thinsp: 0x2009,
  ensp: 0x2002, emsp: 0x2003, Alpha: 0x391, Beta: 0x392, Gamma: 0x393, Delta: 0x394, Epsilon: 0x395,
  Zeta: 0x396, Eta: 0x397, Theta: 0x398, Iota: 0x399, Kappa: 0x39a, Lambda: 0x39b, Mu: 0x39c, Nu: 0x39d,
  Xi: 0x39e, Omicron: 0x39f, Pi: 0x3a0, Rho: 0x3a1, Sigma: 0x3a3, Tau: 0x3a4, Upsilon: 0x3a5, Phi: 0x3a6,
  Chi: 0x3a7, Psi: 0x3a8, Omega: 0x3a9, alpha: 0x3b1, beta: 0x3b2, gamma: 0x3b3, delta: 0x3b4, epsilon: 0x3b5,
  zeta: 0x3b6, eta: 0x3b7, theta: 0x3b8, iota: 0x3b9, kappa: 0x3ba, lambda: 0x3bb, mu: 0x3bc, nu: 0x3bd,
  xi: 0x3be, omicron: 0x3bf, pi: 0x3c0, rho: 0x3c1, sigmaf: 0x3c2, sigma: 0x3c3, tau: 0x3c4, upsilon: 0x3c5,
  phi: 0x3c6, chi: 0x3c7, psi: 0x3c8, omega: 0x3c9,
  // ISO 8879 "numeric and special graphic" names found in older USPTO text.
  lsqb: 0x5b, rsqb: 0x5d, lcub: 0x7b, rcub: 0x7d, equals: 0x3d, plus: 0x2b, percnt: 0x25, num: 0x23, excl: 0x21,
  quest: 0x3f, commat: 0x40, verbar: 0x7c, lowbar: 0x5f, ast: 0x2a, sol: 0x2f, bsol: 0x5c, colon: 0x3a, semi: 0x3b,
  period: 0x2e, comma: 0x2c, dollar: 0x24, lpar: 0x28, rpar: 0x29, hyphen: 0x2010, dash: 0x2010, ohm: 0x2126,
  angst: 0x212b, half: 0xbd, lE: 0x2266, gE: 0x2267,
};

const ENTITY_TEXT: Record<string, string> = Object.fromEntries(
  Object.entries(NAMED_ENTITIES).map(([name, code]) => [name, String.fromCodePoint(code)]),
);
const XML_ENTITIES = new Set(['amp', 'lt', 'gt', 'quot', 'apos']);

/**
 * Parses one XML document into a tree. Throws an Error naming the problem and its
 * line:column when the document is not well-formed (a truncated file ends in an
 * "unclosed tag" error, for instance). An undeclared named entity that is not an HTML
 * one is kept as literal text instead of failing the whole document.
 */
function parseXml(xml: string): XmlElement {
  const source = xml.replace(/&([A-Za-z][A-Za-z0-9._-]*);/g, (whole, name: string) =>
    XML_ENTITIES.has(name) || name in ENTITY_TEXT ? whole : `&amp;${name};`,
  );
  const parser = new SaxesParser({ position: true });
  Object.assign(parser.ENTITIES, ENTITY_TEXT);
  const root: XmlElement = { name: '#document', attributes: {}, children: [] };
  const stack: XmlElement[] = [root];
  let failure: Error | undefined;
  parser.on('error', (error) => {
    // saxes reports the first error and would go on; the first one is what the reader needs.
    failure ??= error;
  });
  parser.on('opentag', (tag) => {
    const element: XmlElement = { name: tag.name, attributes: tag.attributes as Record<string, string>, children: [] };
    stack[stack.length - 1]!.children.push(element);
    stack.push(element);
  });
  parser.on('closetag', () => {
    stack.pop();
  });
  const addText = (text: string) => {
    if (stack.length > 1) stack[stack.length - 1]!.children.push(text);
  };
  parser.on('text', addText);
  parser.on('cdata', addText);
  parser.write(source).close();
  if (failure) throw new Error(`not well-formed XML (${failure.message})`);
  const element = root.children.find((child): child is XmlElement => typeof child !== 'string');
  if (!element) throw new Error('no root element');
  return element;
}

const isElement = (node: XmlNode | undefined): node is XmlElement => typeof node === 'object' && node !== null;

/** Child elements with one of the names. */
function childElements(element: XmlElement | undefined, ...names: string[]): XmlElement[] {
  if (!element) return [];
  return element.children.filter((child): child is XmlElement => isElement(child) && (names.length === 0 || names.includes(child.name)));
}

/** The first element reached by a path of child names: child(root, 'a', 'b') is root/a/b. */
function child(element: XmlElement | undefined, ...path: string[]): XmlElement | undefined {
  let current = element;
  for (const name of path) {
    current = current?.children.find((node): node is XmlElement => isElement(node) && node.name === name);
    if (!current) return undefined;
  }
  return current;
}

/** Every descendant element with the name, in document order (not descending into matches). */
function descendants(element: XmlElement | undefined, name: string): XmlElement[] {
  const found: XmlElement[] = [];
  const visit = (node: XmlElement) => {
    for (const item of node.children) {
      if (!isElement(item)) continue;
      if (item.name === name) found.push(item);
      else visit(item);
    }
  };
  if (element) visit(element);
  return found;
}

/** The text of an element and its descendants; block-level children listed in `breaks` are separated by a space. */
function textOf(node: XmlNode | undefined, breaks: ReadonlySet<string> = new Set()): string {
  if (node === undefined) return '';
  if (typeof node === 'string') return node;
  let text = '';
  for (const item of node.children) {
    if (isElement(item) && breaks.has(item.name)) text += ` ${textOf(item, breaks)} `;
    else text += textOf(item, breaks);
  }
  return text;
}

/** Collapses runs of white space (line breaks included) to one space and trims. */
const squeeze = (text: string): string => text.replace(/\s+/g, ' ').trim();

// ─── Splitting concatenated documents ───────────────────────────────────────────────

const DECLARATION = '<?xml';

/** The documents of a weekly file held in memory: each starts at an <?xml declaration. */
export function splitUsptoXmlStream(text: string): string[] {
  const documents: string[] = [];
  let start = text.indexOf(DECLARATION);
  if (start < 0) return text.trim() ? [text.trim()] : [];
  if (text.slice(0, start).trim()) documents.push(text.slice(0, start).trim());
  while (start >= 0) {
    const next = text.indexOf(DECLARATION, start + DECLARATION.length);
    const document = text.slice(start, next < 0 ? undefined : next).trim();
    if (document) documents.push(document);
    start = next;
  }
  return documents;
}

/**
 * The documents of a weekly file read from a stream, one at a time, in constant memory:
 * only the document being assembled and the current chunk are held, never the file.
 * Chunks may be Buffers (UTF-8, split anywhere, even inside a character) or strings.
 */
export async function* usptoDocuments(stream: NodeJS.ReadableStream): AsyncGenerator<string, void, undefined> {
  const decoder = new StringDecoder('utf8');
  let pending = '';
  // Where to look for the next declaration: never before the one that opens `pending`.
  let searchFrom = 1;
  const take = function* (final: boolean): Generator<string> {
    for (;;) {
      const next = pending.indexOf(DECLARATION, Math.max(searchFrom, 1));
      if (next < 0) break;
      const document = pending.slice(0, next).trim();
      if (document) yield document;
      pending = pending.slice(next);
      searchFrom = 1;
    }
    // A declaration may straddle two chunks: look again from just before the end.
    searchFrom = Math.max(1, pending.length - DECLARATION.length + 1);
    if (final) {
      const document = pending.trim();
      pending = '';
      if (document) yield document;
    }
  };
  for await (const chunk of stream as AsyncIterable<Buffer | string>) {
    pending += typeof chunk === 'string' ? chunk : decoder.write(chunk);
    yield* take(false);
  }
  pending += decoder.end();
  yield* take(true);
}

/** One parsed document of a stream, in the shape the ingest's record sources use. */
export interface UsptoRecordResult {
  /** 1-based position of the document in the file. */
  position: number;
  record?: PatentRecord;
  error?: string;
  id?: string | null;
}

/** Parses every document of a weekly file; a bad document is reported with its position and never stops the rest. */
export async function* usptoXmlRecords(stream: NodeJS.ReadableStream, source?: string): AsyncGenerator<UsptoRecordResult, void, undefined> {
  let position = 0;
  for await (const document of usptoDocuments(stream)) {
    position++;
    try {
      yield { position, record: parseUsptoXmlDocument(document, source === undefined ? {} : { source }) };
    } catch (error) {
      yield { position, error: (error as Error).message, id: guessId(document) };
    }
  }
}

/** The publication number of a document that could not be parsed, for the error report. */
function guessId(document: string): string | null {
  const reference = /<publication-reference>([\s\S]*?)<\/publication-reference>/.exec(document)?.[1];
  const number = reference && /<doc-number>\s*([^<]+?)\s*<\/doc-number>/.exec(reference)?.[1];
  if (!number) return null;
  const kind = /<kind>\s*([^<]+?)\s*<\/kind>/.exec(reference)?.[1] ?? '';
  return `US${publicationNumber(number)}${kind}`;
}

// ─── Field helpers ──────────────────────────────────────────────────────────────────

/** "08930553" → "8930553", "D0656311" → "D656311", "RE041234" → "RE41234", "20050004437" stays. */
function publicationNumber(docNumber: string): string {
  const compact = docNumber.replace(/[\s,/-]/g, '').toUpperCase();
  const match = /^([A-Z]*)(\d+)$/.exec(compact);
  if (!match) return compact;
  const [, series, digits] = match;
  // Pre-grant publications are year + 7 digits and keep their zeros.
  if (!series && digits!.length === 11) return digits!;
  return `${series}${digits!.replace(/^0+(?=\d)/, '')}`;
}

const KIND_BY_CODE: Array<[RegExp, PatentKind]> = [
  [/^A\d?$/, 'application'],
  [/^B\d?$/, 'patent'],
  [/^E\d?$/, 'reissue'],
  [/^S\d?$/, 'design'],
  [/^P\d?$/, 'plant'],
  [/^H\d?$/, 'sir'],
];

function kindOf(code: string, rootName: string, applType: string | undefined): PatentKind {
  if (rootName === 'us-patent-application') return 'application';
  const byCode = KIND_BY_CODE.find(([pattern]) => pattern.test(code))?.[1];
  if (byCode && byCode !== 'application') return byCode;
  switch (applType) {
    case 'design':
      return 'design';
    case 'plant':
      return 'plant';
    case 'reissue':
      return 'reissue';
    case 'statutory-invention-registration':
    case 'sir':
      return 'sir';
    case 'utility':
      return 'patent';
    default:
      throw new Error(`USPTO XML: kind code "${code}" of a grant is not B1/B2/E/S/P/H`);
  }
}

/** "20150106" stays; anything that is not 8 digits of a plausible date is dropped. */
function dateOf(text: string | undefined): string | null {
  const value = (text ?? '').trim();
  if (!/^\d{8}$/.test(value)) return null;
  const month = Number(value.slice(4, 6));
  const day = Number(value.slice(6, 8));
  return month >= 1 && month <= 12 && day >= 1 && day <= 31 ? value : null;
}

const ownText = (element: XmlElement | undefined): string => squeeze(textOf(element));

/** section/class/subclass/main-group/subgroup → "H04L 9/32". */
function symbolOf(element: XmlElement): string | null {
  const part = (name: string) => ownText(child(element, name));
  const subclass = `${part('section')}${part('class')}${part('subclass')}`.toUpperCase();
  const mainGroup = part('main-group').replace(/^0+(?=\d)/, '');
  let subgroup = part('subgroup');
  if (!/^[A-H]\d{2}[A-Z]$/.test(subclass) || !/^\d+$/.test(mainGroup) || !/^\d+$/.test(subgroup)) return null;
  if (subgroup.length < 2) subgroup = subgroup.padStart(2, '0');
  return `${subclass} ${mainGroup}/${subgroup}`;
}

/** An IPC symbol as the older classification-ipc writes it: "A61B005/00", "A61B 5/00", fixed-width "A45F  504". */
export function normaliseIpcText(raw: string): string | null {
  const text = raw.replace(/\u00a0/g, ' ').trim().toUpperCase();
  let match = /^([A-H]\d{2}[A-Z])\s*0*(\d{1,4})\s*\/\s*(\d{1,6})/.exec(text);
  if (match) return `${match[1]} ${match[2]}/${match[3]!.length < 2 ? match[3]!.padStart(2, '0') : match[3]}`;
  // Fixed width: subclass (4), main group right-aligned in 3, subgroup.
  match = /^([A-H]\d{2}[A-Z])([ \d]{3})(\d{2,6})\s*$/.exec(text);
  if (match && match[2]!.trim()) return `${match[1]} ${Number(match[2]!.trim())}/${match[3]}`;
  return null;
}

/** A US classification as classification-national writes it: "709228" → "709/228", "607  3" → "607/3", "D 3232" → "D3/232", "600300000" → "600/300". */
export function normaliseUsClass(raw: string): string | null {
  const text = raw.replace(/\s+$/, '');
  if (!text.trim() || /^none$/i.test(text.trim())) return null;
  const main = text.slice(0, 3).replace(/\s+/g, '').toUpperCase();
  let rest = text.slice(3).trim();
  if (!main || !rest) return main || null;
  const range = /^(\S+?)-(\S+)$/.exec(rest);
  if (range) return `${main}/${subclassOf(range[1]!)}-${range[2]}`;
  rest = subclassOf(rest);
  return `${main}/${rest}`;
}

function subclassOf(text: string): string {
  // Applications write subclass + decimals as six digits: 300000 → 300, 301100 → 301.1.
  if (/^\d{6}$/.test(text)) {
    const whole = text.slice(0, 3).replace(/^0+(?=\d)/, '');
    const decimals = text.slice(3).replace(/0+$/, '');
    return decimals ? `${whole}.${decimals}` : whole;
  }
  return text.replace(/^0+(?=\d)/, '');
}

const unique = (values: Array<string | null | undefined>): string[] => {
  const seen = new Set<string>();
  for (const value of values) if (value) seen.add(value);
  return [...seen];
};
const listOrNull = (values: string[]): string[] | null => (values.length ? values : null);

/** "First Last" from an addressbook, or its orgname; null when it has neither. */
function nameOf(party: XmlElement | undefined): string | null {
  const book = child(party, 'addressbook') ?? party;
  const org = ownText(child(book, 'orgname'));
  if (org) return org;
  const name = squeeze(`${ownText(child(book, 'first-name'))} ${ownText(child(book, 'last-name'))}`);
  if (name) return name;
  return ownText(child(book, 'name')) || null;
}

/** Citation id as in the corpus: country + doc-number without separators + kind (US4674004A, USD583148S, US20070140112A1). */
function citationId(patcit: XmlElement): string | null {
  const id = child(patcit, 'document-id');
  const country = ownText(child(id, 'country')).toUpperCase();
  let number = ownText(child(id, 'doc-number')).replace(/[\s,./-]/g, '').toUpperCase();
  const kind = ownText(child(id, 'kind')).toUpperCase();
  if (!number) return null;
  if (country && number.startsWith(country) && /^[A-Z]{2}\d/.test(number)) number = number.slice(country.length);
  if (country === 'US') number = publicationNumber(number);
  return `${country}${number}${kind}`;
}

const CLAIM_BLOCKS: ReadonlySet<string> = new Set(['claim-text']);
const PARAGRAPH_BLOCKS: ReadonlySet<string> = new Set(['br', 'li', 'ul', 'ol', 'table', 'row', 'entry']);

/** Paragraphs and headings of the description in document order, one per line. */
function descriptionOf(description: XmlElement | undefined): string | null {
  if (!description) return null;
  const lines: string[] = [];
  const visit = (element: XmlElement) => {
    for (const item of element.children) {
      if (!isElement(item)) continue;
      if (item.name === 'p' || item.name === 'heading') {
        const line = squeeze(textOf(item, PARAGRAPH_BLOCKS));
        if (line) lines.push(line);
      } else if (item.name !== 'tables' && item.name !== 'maths' && item.name !== 'chemistry' && item.name !== 'figure') {
        visit(item);
      }
    }
  };
  visit(description);
  return lines.length ? lines.join('\n') : null;
}

export interface UsptoParseOptions {
  /** Provenance stored in the record; defaults to "uspto-xml:" + the document's file name. */
  source?: string;
}

/**
 * One USPTO full-text XML document (us-patent-grant or us-patent-application, DTD v4.x)
 * as a PatentRecord. Throws an Error saying what is missing or broken.
 */
export function parseUsptoXmlDocument(xml: string, options: UsptoParseOptions = {}): PatentRecord {
  if (!xml || !xml.trim()) throw new Error('USPTO XML: empty document');
  let root: XmlElement;
  try {
    root = parseXml(xml);
  } catch (error) {
    throw new Error(`USPTO XML: ${(error as Error).message}`);
  }
  if (root.name !== 'us-patent-grant' && root.name !== 'us-patent-application') {
    throw new Error(`USPTO XML: root element <${root.name}> is not us-patent-grant or us-patent-application (only the ICE DTD v4.x is supported)`);
  }
  const biblio = child(root, root.name === 'us-patent-grant' ? 'us-bibliographic-data-grant' : 'us-bibliographic-data-application');
  if (!biblio) throw new Error(`USPTO XML: <${root.name}> has no bibliographic data (us-bibliographic-data-…)`);
  const publication = child(biblio, 'publication-reference', 'document-id');
  if (!publication) throw new Error('USPTO XML: publication-reference/document-id is missing');
  const docNumber = ownText(child(publication, 'doc-number'));
  if (!docNumber) throw new Error('USPTO XML: publication-reference/document-id/doc-number is missing');
  const kindCode = ownText(child(publication, 'kind')).toUpperCase();
  if (!kindCode) throw new Error(`USPTO XML: publication-reference/document-id/kind is missing (doc-number ${docNumber})`);
  const applicationReference = child(biblio, 'application-reference');
  const application = child(applicationReference, 'document-id');
  const kind = kindOf(kindCode, root.name, applicationReference?.attributes['appl-type']);
  const id = `US${publicationNumber(docNumber)}${kindCode}`;

  const ipc = unique([
    ...descendants(child(biblio, 'classifications-ipcr'), 'classification-ipcr').map(symbolOf),
    ...childElements(child(biblio, 'classification-ipc'), 'main-classification', 'further-classification').map((element) =>
      normaliseIpcText(ownText(element)),
    ),
  ]);
  const cpc = unique(descendants(child(biblio, 'classifications-cpc'), 'classification-cpc').map(symbolOf));
  const national = child(biblio, 'classification-national');
  const usc = unique(
    childElements(national, 'main-classification', 'further-classification').map((element) => normaliseUsClass(textOf(element))),
  );

  const parties = child(biblio, 'us-parties') ?? child(biblio, 'parties');
  const applicantElements = childElements(child(parties, 'us-applicants') ?? child(parties, 'applicants'), 'us-applicant', 'applicant');
  const assignees = unique(childElements(child(biblio, 'assignees'), 'assignee').map(nameOf));
  const applicants = assignees.length ? assignees : unique(applicantElements.map(nameOf));
  const inventorElements = childElements(child(parties, 'inventors'), 'inventor');
  const inventors = unique(
    inventorElements.length
      ? inventorElements.map(nameOf)
      : applicantElements.filter((element) => /inventor/.test(element.attributes['app-type'] ?? '')).map(nameOf),
  );

  const citations = unique(
    [...childElements(child(biblio, 'us-references-cited'), 'us-citation'), ...childElements(child(biblio, 'references-cited'), 'citation')]
      .map((citation) => child(citation, 'patcit'))
      .filter((patcit): patcit is XmlElement => patcit !== undefined)
      .map(citationId),
  );

  const claims = descendants(child(root, 'claims'), 'claim')
    .map((claim) => squeeze(childElements(claim, 'claim-text').map((text) => textOf(text, CLAIM_BLOCKS)).join(' ')))
    .filter(Boolean);
  const abstractParagraphs = descendants(child(root, 'abstract'), 'p').map((p) => squeeze(textOf(p, PARAGRAPH_BLOCKS)));
  const abstractText = abstractParagraphs.length ? abstractParagraphs.filter(Boolean).join('\n') : ownText(child(root, 'abstract'));

  const publicationDate = dateOf(ownText(child(publication, 'date'))) ?? dateOf(root.attributes['date-publ']);
  const file = root.attributes.file;
  return {
    id,
    region: 'us',
    kind,
    title: ownText(child(biblio, 'invention-title')) || null,
    abstract: abstractText || null,
    claims: listOrNull(claims),
    description: descriptionOf(child(root, 'description')),
    ipc: listOrNull(ipc),
    cpc: listOrNull(cpc),
    usc: listOrNull(usc),
    applicants: listOrNull(applicants),
    inventors: listOrNull(inventors),
    applicationDate: dateOf(ownText(child(application, 'date'))),
    publicationDate,
    registrationDate: kind === 'application' ? null : publicationDate,
    applicationNumber: ownText(child(application, 'doc-number')).replace(/[\s,/-]/g, '') || null,
    right: null,
    citations: listOrNull(citations),
    source: options.source ?? (file ? `uspto-xml:${file}` : 'uspto-xml'),
  };
}
