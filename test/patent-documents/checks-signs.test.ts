// Drafting checks, reference signs: a sign used and not listed, listed and not used, a list of the main parts only, and signs
// listed with a comma (real documents of test/helpers/drafting-checks.ts and documents written for the test).
import { checkDocument } from '../../src/patent-documents/checks.ts';
import { jpDocument, jpRecords, newFindings, of, readUsRecordBeforeAll, signedDocument, testWithCorpus, usDocument, where } from '../helpers/drafting-checks.ts';
import { documentFromJpGazette } from '../helpers/patent-document.ts';

readUsRecordBeforeAll();

describe('reference signs', () => {
  testWithCorpus('ja: a sign used but no longer listed, and a listed sign no longer used', async () => {
    const document = jpDocument();
    const planted = structuredClone(document);
    const at = planted.sections.symbol_descriptions.findIndex((entry) => entry.sign === '13');
    expect(planted.sections.symbol_descriptions[at]!.name).toBe('第１刈刃体');
    planted.sections.symbol_descriptions.splice(at, 1);
    const unlisted = (await newFindings(document, planted)).filter((finding) => finding.check === 'signs');
    expect(unlisted).toHaveLength(1);
    expect(unlisted[0]).toMatchObject({ severity: 'warning', key: 'checks.signs.unlisted', values: { sign: '13' } });
    expect(unlisted[0]!.text).toMatch(/刈刃体１３$/);
    expect(planted.sections[unlisted[0]!.section as 'embodiment']).toContain(unlisted[0]!.text);

    // 「駆動機構６」 written without its sign everywhere: 6 is listed but never used.
    const unused = structuredClone(document);
    for (const section of ['embodiment', 'method', 'domain', 'background'] as const) unused.sections[section] = unused.sections[section].replace(/駆動機構６(?![０-９ａ-ｚ])/g, '駆動機構');
    const six = unused.sections.symbol_descriptions.findIndex((entry) => entry.sign === '6');
    // (The gazette lists its first embodiment's signs, not the 200s of its second: the one finding that says so counts 6 no more.)
    const told = of(await newFindings(document, unused), 'signs').filter((finding) => finding.key !== 'checks.signs.partialList');
    expect(told.map(where)).toEqual([{ check: 'signs', section: 'symbol_descriptions', item: six, text: '6 駆動機構', key: 'checks.signs.unused' }]);
  });

  test('en: with a list, "blower 99" not in it is reported', async () => {
    const document = signedDocument('en', 'The vacuum cleaner 10 has a hose 12 and a blower 99. The hose 12 is attached to the vacuum cleaner 10.', [
      ['10', 'vacuum cleaner'],
      ['12', 'hose'],
    ]);
    const found = of(await checkDocument(document), 'signs');
    expect(found.map(where)).toEqual([{ check: 'signs', section: 'embodiment', item: undefined, text: 'blower 99', key: 'checks.signs.unlisted' }]);
  });

  testWithCorpus('en: a list naming one of the many signs a US grant uses is told once, not sign by sign', async () => {
    const document = usDocument();
    const planted = structuredClone(document);
    planted.sections.symbol_descriptions = [{ sign: '10', name: 'vacuum cleaner' }];
    planted.sections.embodiment = `${planted.sections.embodiment}\nThe vacuum cleaner 10 has a blower 99.`;
    const found = of(await checkDocument(planted), 'signs');
    expect(found.map((finding) => finding.key)).toEqual(['checks.signs.partialList']);
    expect(Number(found[0]!.values.count)).toBeGreaterThan(10);
    expect(Number(found[0]!.values.used)).toBe(Number(found[0]!.values.count) + 1);
    expect(String(found[0]!.values.signs).split(', ')).not.toContain('10');
  });
});

describe('signs listed with a comma', () => {
  testWithCorpus('ja: 「従動ローラー２１，２２」 uses 22 too (JP2020199710A: no 「22 従動ローラー」 unused)', async () => {
    const document = documentFromJpGazette(jpRecords!.find((record) => record.id === 'JP2020199710A')!);
    expect(document.sections.embodiment).toContain('従動ローラー２１，２２');
    const unused = of(await checkDocument(document), 'signs').filter((finding) => finding.key === 'checks.signs.unused');
    expect(unused.map((finding) => finding.values.sign)).not.toContain('22');
  });

  test('ja: chemical locants 「１，４−ジオキサン」「４，４’−アゾビス」 are no signs; 「ローラ１０，１１」 and 「アーム４０ｈ，４０ｈ」 are', async () => {
    const document = signedDocument('ja', '溶媒は無水１，４−ジオキサンであり、開始剤は４，４’−アゾビスイソブチロニトリルである。ローラ１０，１１が取付アーム４０ｈ，４０ｈに支持される。', [
      ['10', 'ローラ'],
      ['11', 'ローラ'],
    ]);
    expect(of(await checkDocument(document), 'signs').map((finding) => [finding.key, finding.values.sign])).toEqual([['checks.signs.unlisted', '40h']]);
  });
});
