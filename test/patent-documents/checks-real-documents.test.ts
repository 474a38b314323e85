// The drafting checks on two whole real documents as filed (test/helpers/drafting-checks.ts): what a JPO gazette and a US grant
// give as written.
import { checkDocument } from '../../src/patent-documents/checks.ts';
import { jpDocument, of, readUsRecordBeforeAll, testWithCorpus, usDocument } from '../helpers/drafting-checks.ts';

readUsRecordBeforeAll();

describe('real documents', () => {
  testWithCorpus('a real JPO gazette: no antecedent, dependency or figure finding; its long sections exceed 1,500', async () => {
    const document = jpDocument();
    expect(document.sections.claims).toHaveLength(7);
    const findings = await checkDocument(document);
    expect(of(findings, 'antecedent')).toEqual([]);
    expect(of(findings, 'dependency')).toEqual([]);
    expect(of(findings, 'figures')).toEqual([]);
    expect(of(findings, 'support')).toEqual([]);
    const length = of(findings, 'length').find((finding) => finding.section === 'embodiment')!;
    expect(length).toMatchObject({ severity: 'error', key: 'checks.length', values: { length: [...document.sections.embodiment].length, limit: 1500 } });
    expect(document.sections.embodiment.startsWith(length.text)).toBe(true);
  });

  testWithCorpus('a real US grant: no antecedent, dependency or figure finding', async () => {
    const document = usDocument();
    expect(document.sections.claims.length).toBe(20);
    const findings = await checkDocument(document);
    expect(of(findings, 'antecedent')).toEqual([]);
    expect(of(findings, 'dependency')).toEqual([]);
    expect(of(findings, 'figures')).toEqual([]);
    // No reference-sign list in a US grant: signs are not checked.
    expect(of(findings, 'signs')).toEqual([]);
  });
});
