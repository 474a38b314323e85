// USPTO full-text XML → PatentRecord, on real documents (test/fixtures/patents/README.md):
// a grant with claims, IPC and citations, an application (A1), three design patents taken
// as they follow each other in the weekly file of 2012-03-27, and the records the shared
// corpus holds for the same five documents.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import {
  normaliseIpcText,
  normaliseUsClass,
  parseUsptoXmlDocument,
  splitUsptoXmlStream,
  usptoDocuments,
  usptoXmlRecords,
} from '../../src/patents/ingest/parsers/uspto-xml.ts';
import type { PatentRecord } from '../../src/patents/record.ts';

const fixtures = path.resolve('test/fixtures/patents/uspto');
const read = (name: string) => readFileSync(path.join(fixtures, name), 'utf8');
const grantXml = read('US08930553.xml');
const applicationXml = read('US20050004437A1.xml');
const weeklyXml = read('ipg120327-designs.xml');
const corpus = new Map<string, PatentRecord>(
  read('corpus-records.jsonl')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as PatentRecord)
    .map((record) => [record.id, record]),
);

async function collect<T>(iterable: AsyncIterable<T>): Promise<T[]> {
  const items: T[] = [];
  for await (const item of iterable) items.push(item);
  return items;
}

describe('parseUsptoXmlDocument: a grant (US 8,930,553 B2, DTD v4.5)', () => {
  const record = parseUsptoXmlDocument(grantXml);

  test('number, kind, dates and application number', () => {
    expect(record.id).toBe('US8930553B2');
    expect(record.region).toBe('us');
    expect(record.kind).toBe('patent');
    expect(record.publicationDate).toBe('20150106');
    expect(record.registrationDate).toBe('20150106');
    expect(record.applicationDate).toBe('20121009');
    expect(record.applicationNumber).toBe('13648029');
    expect(record.source).toBe('uspto-xml:US08930553-20150106.XML');
  });

  test('title and abstract', () => {
    expect(record.title).toBe('Managing mid-dialog session initiation protocol (SIP) messages');
    expect(record.abstract).toMatch(/^Processing mid-dialog SIP messages by receiving a mid-dialog SIP message from a SIP user agent client,/);
    expect(record.abstract).not.toContain('\n');
  });

  test('claims in order with their numbers, nested claim-text and claim-ref kept as text', () => {
    expect(record.claims).toHaveLength(8);
    expect(record.claims!.map((claim) => claim.split('.')[0])).toEqual(['1', '2', '3', '4', '5', '6', '7', '8']);
    expect(record.claims![0]).toBe(
      '1. A system for processing mid-dialog SIP messages, the system comprising: an incoming message hardware processor configured to receive a mid-dialog SIP message from a SIP user agent client; and an unknown message hardware processor configured to create a new SIP session, associate the new SIP session with the mid-dialog SIP message, identify an application that is associated with the mid-dialog SIP message, provide to the application the mid-dialog SIP message in the context of the new SIP session, and receive an acknowledgement from the application that the application will accept the mid-dialog SIP message.',
    );
    expect(record.claims![4]).toBe(
      '5. The system according to claim 4 wherein the SIP container is configured to provide to the application the mid-dialog SIP message in an in-protocol SIP callback to the application.',
    );
  });

  test('description: headings and paragraphs one per line, inline markup and character references resolved', () => {
    const lines = record.description!.split('\n');
    expect(lines[0]).toBe('FIELD OF THE INVENTION');
    expect(lines[1]).toBe('The present invention relates to computer networks in general, and more particularly to computer networks supporting SIP.');
    expect(lines).toContain('BRIEF DESCRIPTION OF THE DRAWINGS');
    expect(lines).toContain(
      'FIG. 1 is a simplified conceptual illustration of a system for managing mid-dialog SIP messages, constructed and operative in accordance with an embodiment of the invention;',
    );
    // 5 headings + 37 numbered paragraphs (0001–0037); the processing instructions are not text.
    expect(lines).toHaveLength(42);
    expect(record.description).toContain('referred to herein as a \u201ccircuit,\u201d \u201cmodule\u201d or \u201csystem.\u201d');
    expect(record.description).not.toMatch(/BRFSUM|<|&#x/);
  });

  test('classifications: IPC from classifications-ipcr, US class from classification-national, no CPC before 2015 grants carried it', () => {
    expect(record.ipc).toEqual(['G06F 15/16']);
    expect(record.cpc).toBeNull();
    expect(record.usc).toEqual(['709/228']);
  });

  test('parties: assignee organisation as applicant, inventors first + last name', () => {
    expect(record.applicants).toEqual(['International Business Machines Corporation']);
    expect(record.inventors).toEqual(['Nitzan Nissim', 'Brian Pulito', 'Asaf Zinger']);
  });

  test('citations: patent citations only, country + number without separators + kind', () => {
    expect(record.citations).toHaveLength(16);
    expect(record.citations!.slice(0, 4)).toEqual(['US7844851B2', 'US7995466B2', 'US8078737B2', 'US20070140112A1']);
    expect(record.citations!.every((citation) => /^US\d+[AB]\d$/.test(citation))).toBe(true);
  });
});

describe('parseUsptoXmlDocument: an application (US 2005/0004437 A1, DTD v4.0)', () => {
  const record = parseUsptoXmlDocument(applicationXml);

  test('kind, number and dates of a pre-grant publication', () => {
    expect(record.id).toBe('US20050004437A1');
    expect(record.kind).toBe('application');
    expect(record.publicationDate).toBe('20050106');
    expect(record.applicationDate).toBe('20040423');
    expect(record.registrationDate).toBeNull();
    expect(record.applicationNumber).toBe('10830857');
  });

  test('older classification-ipc ("A61B005/00") and the national classes', () => {
    expect(record.ipc).toEqual(['A61B 5/00']);
    expect(record.cpc).toBeNull();
    expect(record.usc).toEqual(['600/300', '128/905', '345/952']);
  });

  test('without assignees the applicants are the listed applicants, who are also the inventors', () => {
    expect(record.applicants).toEqual(['Heiner Kaufmann', 'Thomas Vering']);
    expect(record.inventors).toEqual(['Heiner Kaufmann', 'Thomas Vering']);
  });

  test('claims whose number is in <b> and whose elements are nested claim-text', () => {
    expect(record.claims).toHaveLength(10);
    expect(record.claims![0]).toBe(
      '1. A simulation device for displaying and evaluating blood sugar readings, comprising: a housing; a display means; and a storing, evaluating and controlling unit; wherein the evaluation is displayed by means of a virtual creature.',
    );
    expect(record.claims![9]).toMatch(/^10\. The simulation device as set forth in claim 1, wherein the ascertained/);
    expect(record.citations).toBeNull();
  });

  test('HTML named entities, which older files use undeclared, read like the character references', () => {
    // The same document with its character references written as the named entities they stand for.
    const named = applicationXml.replaceAll('&#x2014;', '&mdash;').replaceAll('&#x201c;', '&ldquo;').replaceAll('&#x201d;', '&rdquo;');
    expect(parseUsptoXmlDocument(named)).toEqual(record);
  });

  test('description keeps the heading text without trailing blanks and entity characters', () => {
    const lines = record.description!.split('\n');
    expect(lines[0]).toBe('CROSS-REFERENCE TO RELATED APPLICATION(S)');
    expect(lines).toContain('FIG. 2a is a schematic representation of the simulation device in accordance with the invention, with an external input keyboard,');
    expect(record.description).toContain('appealing\u2014more playful\u2014way');
  });
});

describe('a weekly file: concatenated design patents of 2012-03-27', () => {
  test('splitUsptoXmlStream cuts at every <?xml declaration', () => {
    const documents = splitUsptoXmlStream(weeklyXml);
    expect(documents).toHaveLength(3);
    expect(documents.every((document) => document.startsWith('<?xml') && document.endsWith('</us-patent-grant>'))).toBe(true);
    expect(splitUsptoXmlStream('  \n')).toEqual([]);
  });

  test('design patents: kind, S1 numbers, the single claim, Locarno-only classification, design citations', () => {
    const records = splitUsptoXmlStream(weeklyXml).map((document) => parseUsptoXmlDocument(document));
    expect(records.map((record) => record.id)).toEqual(['USD656311S1', 'USD656312S1', 'USD656313S1']);
    expect(records.map((record) => record.kind)).toEqual(['design', 'design', 'design']);
    expect(records[0]!.claims).toEqual(['The ornamental design for a handbag with clasp, as shown and described.']);
    expect(records[0]!.abstract).toBeNull();
    expect(records[0]!.ipc).toBeNull();
    expect(records[0]!.usc).toEqual(['D3/232']);
    expect(records[1]!.citations).toEqual(['USD583148S', 'USD583552S', 'USD583554S']);
    expect(records[0]!.citations).toEqual(['US2032227A', 'US2086368A', 'US2436646A']);
  });

  test('parties of v4.2 grants: assignee as applicant, inventors are the applicant-inventors (not the legal representatives)', () => {
    const [first, second, third] = splitUsptoXmlStream(weeklyXml).map((document) => parseUsptoXmlDocument(document));
    expect(first!.applicants).toEqual(['Devi Kroell Inc.']);
    expect(second!.inventors).toEqual(['Valérie Gerbi']);
    expect(third!.applicants).toEqual(['Hermes Sellier (Societe Par Actions Simplifiee)']);
    expect(third!.inventors).toEqual(['Jean-Louis Dumas', 'Couli Jobert']);
  });
});

describe('cross-check with the shared corpus (same five documents, built from the same XML files)', () => {
  const documents = [grantXml, applicationXml, ...splitUsptoXmlStream(weeklyXml)];
  const fields = [
    'region', 'kind', 'title', 'abstract', 'claims', 'description', 'ipc', 'cpc', 'applicants', 'inventors',
    'applicationDate', 'publicationDate', 'citations',
  ] as const;

  test.each(documents.map((xml) => [parseUsptoXmlDocument(xml).id, xml]))('%s matches the corpus record field by field', (id, xml) => {
    const record = parseUsptoXmlDocument(xml);
    const expected = corpus.get(id);
    expect(expected).toBeDefined();
    for (const field of fields) expect({ field, value: record[field] }).toEqual({ field, value: expected![field] });
  });
});

describe('usptoDocuments: a stream, one document at a time', () => {
  test('Buffer chunks split anywhere, even inside "<?xml" and inside a UTF-8 character', async () => {
    // The same weekly excerpt with the character reference written as the character itself.
    const bytes = Buffer.from(weeklyXml.replace('Val&#xe9;rie', 'Valérie'), 'utf8');
    for (const size of [1, 3, 7, 4096]) {
      const chunks: Buffer[] = [];
      for (let offset = 0; offset < bytes.length; offset += size) chunks.push(bytes.subarray(offset, offset + size));
      const documents = await collect(usptoDocuments(Readable.from(chunks)));
      expect(documents).toHaveLength(3);
      expect(documents.map((document) => parseUsptoXmlDocument(document).id)).toEqual(['USD656311S1', 'USD656312S1', 'USD656313S1']);
      expect(parseUsptoXmlDocument(documents[1]!).inventors).toEqual(['Valérie Gerbi']);
    }
  });

  test('yields each document before the rest of the file is read (constant memory)', async () => {
    const copies = 300; // 900 documents, about 7 MB
    const chunk = Buffer.from(`${weeklyXml}\n`, 'utf8');
    let produced = 0;
    const source = new Readable({
      highWaterMark: 1,
      read() {
        if (produced === copies) this.push(null);
        else {
          produced++;
          this.push(chunk);
        }
      },
    });
    let count = 0;
    let largest = 0;
    for await (const document of usptoDocuments(source)) {
      count++;
      largest = Math.max(largest, document.length);
      // Document n lies in copy ceil(n/3); the reader may be at most a couple of chunks ahead.
      expect(produced).toBeLessThanOrEqual(Math.ceil(count / 3) + 2);
      if (count % 150 === 0) expect(parseUsptoXmlDocument(document).id).toBe('USD656313S1');
    }
    expect(count).toBe(copies * 3);
    expect(produced).toBe(copies);
    expect(largest).toBeLessThan(chunk.length);
  });

  test('string chunks work too', async () => {
    const documents = await collect(usptoDocuments(Readable.from([weeklyXml.slice(0, 10_000), weeklyXml.slice(10_000)], { objectMode: true })));
    expect(documents).toEqual(splitUsptoXmlStream(weeklyXml));
  });
});

describe('usptoXmlRecords: bad documents are reported with their position and do not stop the file', () => {
  test('a truncated last document', async () => {
    const truncated = grantXml.slice(0, grantXml.indexOf('<claim id="CLM-00005"'));
    const results = await collect(usptoXmlRecords(Readable.from([weeklyXml, truncated], { objectMode: true }), 'ipg120327'));
    expect(results.map((result) => result.position)).toEqual([1, 2, 3, 4]);
    expect(results.slice(0, 3).map((result) => result.record?.id)).toEqual(['USD656311S1', 'USD656312S1', 'USD656313S1']);
    expect(results[0]!.record!.source).toBe('ipg120327');
    expect(results[3]!.record).toBeUndefined();
    expect(results[3]!.id).toBe('US8930553B2');
    expect(results[3]!.error).toMatch(/not well-formed XML/);
  });
});

describe('errors say what is missing', () => {
  test('truncated XML names the unclosed element', () => {
    const truncated = grantXml.slice(0, grantXml.indexOf('</claims>'));
    expect(() => parseUsptoXmlDocument(truncated)).toThrow(/^USPTO XML: not well-formed XML \(.*unclosed tag: claims/);
  });

  test('a document cut in the middle of a tag', () => {
    expect(() => parseUsptoXmlDocument(applicationXml.slice(0, 2000))).toThrow(/USPTO XML: not well-formed XML/);
  });

  test('no publication number', () => {
    const withoutNumber = grantXml.replace('<doc-number>08930553</doc-number>', '');
    expect(() => parseUsptoXmlDocument(withoutNumber)).toThrow('USPTO XML: publication-reference/document-id/doc-number is missing');
  });

  test('no kind code', () => {
    const withoutKind = grantXml.replace('<kind>B2</kind>\n<date>20150106</date>', '<date>20150106</date>');
    expect(() => parseUsptoXmlDocument(withoutKind)).toThrow('USPTO XML: publication-reference/document-id/kind is missing (doc-number 08930553)');
  });

  test('another XML format, or nothing', () => {
    expect(() => parseUsptoXmlDocument('<?xml version="1.0"?><PATDOC><SDOBI/></PATDOC>')).toThrow(/root element <PATDOC> is not us-patent-grant/);
    expect(() => parseUsptoXmlDocument('   ')).toThrow('USPTO XML: empty document');
  });
});

describe('classification helpers', () => {
  test('IPC texts of classification-ipc', () => {
    expect(normaliseIpcText('A61B005/00')).toBe('A61B 5/00');
    expect(normaliseIpcText('A45F  504')).toBe('A45F 5/04');
    expect(normaliseIpcText('G06F 15/16')).toBe('G06F 15/16');
    expect(normaliseIpcText('nonsense')).toBeNull();
  });

  test('US classes of classification-national', () => {
    expect(normaliseUsClass('709228')).toBe('709/228');
    expect(normaliseUsClass('607  3')).toBe('607/3');
    expect(normaliseUsClass('D 3232')).toBe('D3/232');
    expect(normaliseUsClass('600300000')).toBe('600/300');
    expect(normaliseUsClass('D 3232-233')).toBe('D3/232-233');
    expect(normaliseUsClass('None')).toBeNull();
  });
});
