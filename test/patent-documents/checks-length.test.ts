// Drafting checks, length: the section limit (1,500 characters) and the abstract's (the JPO form's 400 characters, 150 US
// words), planted in the real documents of test/helpers/drafting-checks.ts.
import { checkDocument } from '../../src/patent-documents/checks.ts';
import { jpDocument, newFindings, of, readUsRecordBeforeAll, testWithCorpus, usDocument } from '../helpers/drafting-checks.ts';

readUsRecordBeforeAll();

describe('length', () => {
  testWithCorpus('a claim and a citation over 1,500 characters are errors at their item', async () => {
    const document = usDocument();
    const planted = structuredClone(document);
    planted.sections.claims[4] = `${planted.sections.claims[4]} ${planted.sections.embodiment.slice(0, 1500)}`;
    planted.sections.preDocPatents = ['JP 2015-039043 A', 'x'.repeat(1501)];
    const found = (await newFindings(document, planted)).filter((finding) => finding.check === 'length');
    expect(found.map((finding) => [finding.section, finding.item, finding.severity])).toEqual([
      ['claims', 4, 'error'],
      ['preDocPatents', 1, 'error'],
    ]);
    expect(found[1]!.values).toEqual({ length: 1501, limit: 1500 });
  });
});

describe('abstract', () => {
  testWithCorpus('a Japanese abstract over the JPO form\'s 400 characters (labels not counted) and a US one over 150 words are warnings', async () => {
    const jp = jpDocument();
    // The gazette's own abstract: 【課題】…【解決手段】…【選択図】図６, within 400 characters.
    expect(of(await checkDocument(jp), 'length').filter((finding) => finding.section === 'abstract')).toEqual([]);
    const solution = /【解決手段】([^【]+)/.exec(jp.sections.abstract)![1]!;
    const longer = structuredClone(jp);
    longer.sections.abstract = `${jp.sections.abstract}${solution.repeat(3)}`;
    const [jpo] = await newFindings(jp, longer);
    const counted = [...longer.sections.abstract.replace(/【[^】]*】/g, '').replace(/\s/g, '')].length;
    expect(jpo).toMatchObject({ check: 'length', severity: 'warning', section: 'abstract', key: 'checks.abstract.jpo', values: { length: counted, limit: 400 } });

    const us = usDocument();
    const words = us.sections.abstract.split(/\s+/).filter(Boolean);
    expect(words.length).toBeLessThanOrEqual(150);
    const wordy = structuredClone(us);
    wordy.sections.abstract = [...words, ...words, ...words, ...words, ...words, ...words].slice(0, 151).join(' ');
    expect(await newFindings(us, wordy)).toEqual([expect.objectContaining({ severity: 'warning', section: 'abstract', key: 'checks.abstract.us', values: { length: 151, limit: 150 } })]);
  });
});
