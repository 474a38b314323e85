// Drafting checks, support: a claim term planted in the real claims of test/helpers/drafting-checks.ts that their
// descriptions never use.
import { jpDocument, newFindings, readUsRecordBeforeAll, testWithCorpus, usDocument, where } from '../helpers/drafting-checks.ts';

readUsRecordBeforeAll();

describe('support', () => {
  testWithCorpus('ja and en: a claim term the description never uses', async () => {
    const jp = jpDocument();
    const jpPlanted = structuredClone(jp);
    jpPlanted.sections.claims[0] = jpPlanted.sections.claims[0]!.replace('一対のガイド板とを備えた', '一対のガイド板と電磁石とを備えた');
    expect(jp.sections.embodiment).not.toContain('電磁石');
    expect((await newFindings(jp, jpPlanted)).map(where)).toContainEqual({ check: 'support', section: 'claims', item: 0, text: '電磁石', key: 'checks.support' });

    const us = usDocument();
    const usPlanted = structuredClone(us);
    usPlanted.sections.claims[0] = usPlanted.sections.claims[0]!.replace('a blower adapted', 'a turbocharger adapted');
    const found = (await newFindings(us, usPlanted)).filter((finding) => finding.check === 'support');
    expect(found.map(where)).toEqual([{ check: 'support', section: 'claims', item: 0, text: 'turbocharger', key: 'checks.support' }]);
    expect(found[0]!.severity).toBe('warning');
  });
});
