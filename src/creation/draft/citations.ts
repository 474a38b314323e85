// Patent literature as filings cite it: Japanese text names a document the way the JPO's own
// gazettes do (特開2015-039043号公報, 特許第6000000号公報, 米国特許第7783348号明細書,
// 中国特許出願公開第112345678号明細書); English text as US practice does (JP 2015-039043 A,
// US 7,783,348 B2, the office display of src/patents/numbers.ts). The sentence a background
// draws from a document comes from its own text: its abstract's first sentence (the 【解決手段】
// of a Japanese abstract, which says what the document discloses).
import type { CitedDocument, ReferenceParts } from '../draft-input.ts';
import { coreOfId, displayPublicationNumber, parsePublicationNumber, type PublicationNumber } from '../../patents/numbers.ts';
import type { PatentRecord } from '../../patents/record.ts';
import { collapseSpaces, dropReferenceSigns, firstSentence } from './text.ts';

function numberOf(idOrWritten: string): PublicationNumber | undefined {
  try {
    return coreOfId(idOrWritten);
  } catch {
    return parsePublicationNumber(idOrWritten);
  }
}

const ERA_NAMES: Record<string, string> = { H: '平', S: '昭' };

/** 特開2015-039043号公報 and the like; the text as written when it is not a number we know. */
export function japaneseCitation(idOrWritten: string): string {
  const number = numberOf(idOrWritten);
  if (!number) return idOrWritten;
  const { region, core } = number;
  const kind = (number.kind ?? '').toUpperCase();
  if (region === 'jp') {
    const wo = /^WO(\d{4})(\d{6})$/.exec(core);
    if (wo) return `国際公開第${wo[1]}/${wo[2]}号`;
    const era = /^([HS])(\d{2})(\d{6})$/.exec(core);
    const year = /^(\d{4})(\d{6})$/.exec(core);
    const application = era ? `${ERA_NAMES[era[1]!]}${Number(era[2])}-${era[3]}` : year ? `${year[1]}-${year[2]}` : null;
    if (application) {
      if (kind.startsWith('B')) return `特公${application}号公報`;
      if (kind.startsWith('U')) return `実開${application}号公報`;
      if (kind.startsWith('Y')) return `実公${application}号公報`;
      return `特開${application}号公報`;
    }
    if (kind.startsWith('U') || kind.startsWith('Y')) return `実用新案登録第${core}号公報`;
    if (kind.startsWith('S')) return `意匠登録第${core}号公報`;
    return `特許第${core}号公報`;
  }
  if (region === 'us') {
    if (/^\d{11}$/.test(core)) return `米国特許出願公開第${core.slice(0, 4)}/${core.slice(4)}号明細書`;
    if (/^RE\d+$/.test(core)) return `米国再発行特許第${core.slice(2)}号明細書`;
    if (/^D\d+$/.test(core)) return `米国意匠特許第${core.slice(1)}号明細書`;
    return `米国特許第${core}号明細書`;
  }
  if (kind.startsWith('U') || kind.startsWith('Y')) return `中国実用新案第${core}号明細書`;
  if (kind.startsWith('B') || kind.startsWith('C')) return `中国特許第${core}号明細書`;
  return `中国特許出願公開第${core}号明細書`;
}

/** JP 2015-039043 A, US 7,783,348 B2, CN 112345678 A; the text as written when unknown. */
export function englishCitation(idOrWritten: string): string {
  const number = numberOf(idOrWritten);
  return number ? displayPublicationNumber(number, 'en') : idOrWritten;
}

/** A document's number for citing: its stored id when the store holds it, else what the user wrote. */
export const citedId = (document: CitedDocument): string => document.record?.id ?? document.written;

/**
 * One sentence of a document's own text: the first sentence of the abstract's solution part
 * (【解決手段】) or of the abstract; with no abstract (or the reference's abstract not allowed),
 * the first claim's. Reference signs of the cited document are dropped (駆動体１５ → 駆動体).
 * '' when the document has no usable text.
 */
export function citedSentence(record: PatentRecord | null, parts: ReferenceParts = { claims: true, abstract: true, fullText: true }): string {
  if (!record) return '';
  let source = '';
  if (parts.abstract && record.abstract) {
    const abstract = collapseSpaces(record.abstract);
    const solution = /【解決手段】\s*([^【]+)/.exec(abstract)?.[1];
    source = solution ?? abstract.replace(/【[^】]*】/g, ' ').trim();
  }
  if (!source && parts.claims && record.claims?.length) source = collapseSpaces(record.claims[0]!);
  if (!source && parts.fullText && record.description) {
    const lines = record.description.split('\n').map((line) => line.replace(/^\s*[【[][０-９0-9]{4,5}[】\]]\s*/, '').trim());
    source = lines.find((line) => line.length > 20 && !/^【[^】]*】$/.test(line)) ?? '';
  }
  if (!source) return '';
  const sentence = dropReferenceSigns(firstSentence(source).replace(/【[^】]*】/g, ''))
    .replace(/^[\d０-９]+\s*[.．、]\s*/, '')
    .trim();
  return sentence;
}
