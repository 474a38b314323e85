// The drafting checks' tests (test/patent-documents/checks-*.test.ts) share these: real corpus documents to plant errors in,
// a JPO gazette (JP2010000001A, an application publication whose claims use 上記 and 「請求項１〜４のいずれか１項に記載の」) and a
// US grant (US6530116B2), chosen so that their real claims give no antecedent finding — not every real document does: of the
// first 12 granted US patents in us.jsonl.gz with ≥ 5 claims, 2 give none (US11147203B2 and this one; bench/drafting-checks.ts
// lists what the others give), and of the first 8 JP gazettes all 8 give none; and small documents written for one check.
import { checkDocument, type DraftingFinding } from '../../src/patent-documents/checks.ts';
import { emptySections, type PatentDocument } from '../../src/patent-documents/model.ts';
import type { PatentRecord } from '../../src/patents/record.ts';
import { documentFromJpGazette, documentFromUsRecord, firstCorpusRecord, hasCorpusFile, readCorpusFile } from './patent-document.ts';

export const jpRecords = readCorpusFile('jp-fulltext.jsonl.gz');
const usAvailable = hasCorpusFile('us.jsonl.gz');
export const testWithCorpus = jpRecords && usAvailable ? test : test.skip;
if (!jpRecords || !usAvailable) console.warn('The shared corpus is missing: the drafting-check tests are skipped');

/** us.jsonl.gz read only as far as US6530116B2, its 3,462nd of 15,816 records (the whole file is 497 million characters). */
let usRecord: PatentRecord | undefined;
/** Reads the US grant before the calling file's tests (usDocument needs it). */
export function readUsRecordBeforeAll(): void {
  beforeAll(async () => {
    if (usAvailable) usRecord = await firstCorpusRecord('us.jsonl.gz', (record) => record.id === 'US6530116B2');
  }, 120_000);
}

export const jpDocument = (): PatentDocument => documentFromJpGazette(jpRecords!.find((record) => record.id === 'JP2010000001A')!);
export const usDocument = (): PatentDocument => documentFromUsRecord(usRecord!);
/** A document of one embodiment and its list of signs, nothing else. */
export const signedDocument = (lang: PatentDocument['lang'], embodiment: string, symbols: Array<[sign: string, name: string]>): PatentDocument => ({
  lang,
  sections: { ...emptySections(), embodiment, symbol_descriptions: symbols.map(([sign, name]) => ({ sign, name })) },
  drawings: [],
});
export const of = (findings: DraftingFinding[], check: DraftingFinding['check']) => findings.filter((finding) => finding.check === check);
export const where = (finding: DraftingFinding) => ({ check: finding.check, section: finding.section, item: finding.item, text: finding.text, key: finding.key });

/** A finding present after the change and absent before it. */
export async function newFindings(before: PatentDocument, after: PatentDocument): Promise<DraftingFinding[]> {
  const old = new Set((await checkDocument(before)).map((finding) => JSON.stringify(finding)));
  return (await checkDocument(after)).filter((finding) => !old.has(JSON.stringify(finding)));
}
