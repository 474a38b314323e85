// Drafting checks, claim dependencies: references planted in the real claims of test/helpers/drafting-checks.ts, each found
// at its place.
import { checkDocument } from '../../src/patent-documents/checks.ts';
import { checkDependencies } from '../../src/patent-documents/checks/dependency.ts';
import { createI18n } from '../../src/platform/i18n.ts';
import { jpDocument, of, readUsRecordBeforeAll, testWithCorpus, usDocument } from '../helpers/drafting-checks.ts';

readUsRecordBeforeAll();

describe('dependencies', () => {
  testWithCorpus('ja: a later claim, the claim itself and a missing claim, ranges expanded', async () => {
    const document = jpDocument();
    const planted = structuredClone(document);
    planted.sections.claims[1] = planted.sections.claims[1]!.replace('請求項１記載の', '請求項３記載の');
    planted.sections.claims[4] = planted.sections.claims[4]!.replace('請求項１〜４のいずれか１項', '請求項１〜８のいずれか１項');
    const found = of(await checkDocument(planted), 'dependency');
    expect(found.map((finding) => [finding.item, finding.text, finding.key, finding.values.referenced])).toEqual([
      [1, '請求項３', 'checks.dependency.later', 3],
      [4, '請求項１〜８', 'checks.dependency.self', 5],
      [4, '請求項１〜８', 'checks.dependency.later', 6],
      [4, '請求項１〜８', 'checks.dependency.later', 7],
      [4, '請求項１〜８', 'checks.dependency.missing', 8],
    ]);
  });

  testWithCorpus('en: the claim itself and a missing claim', async () => {
    const document = usDocument();
    const planted = structuredClone(document);
    planted.sections.claims[1] = planted.sections.claims[1]!.replace('according to claim 1', 'according to claim 2');
    planted.sections.claims[2] = planted.sections.claims[2]!.replace('according to claim 1', 'according to claim 21');
    const found = of(await checkDocument(planted), 'dependency');
    expect(found.map((finding) => [finding.section, finding.item, finding.text, finding.key])).toEqual([
      ['claims', 1, 'claim 2', 'checks.dependency.self'],
      ['claims', 2, 'claim 21', 'checks.dependency.missing'],
    ]);
  });
});

test('a missing claim is worded with the claim count in the reader\'s language, one claim in the singular', async () => {
  const i18n = await createI18n();
  const [missing] = checkDependencies(['1. A hinge according to claim 2.'], 'en');
  const message = (lang: 'ja' | 'en') => i18n.getFixedT(lang)(missing!.key, { ns: 'edit-checks', ...missing!.values });
  expect(message('en')).toBe('Claim 1 refers to claim 2, which does not exist (there is 1 claim).');
  expect(message('ja')).toBe('請求項1が、存在しない請求項2を引用しています（請求項は1項まで）。');
  const [ofThree] = checkDependencies(['1. A hinge.', '2. The hinge of claim 1.', '3. The hinge of claim 5.'], 'en');
  expect(i18n.getFixedT('en')(ofThree!.key, { ns: 'edit-checks', ...ofThree!.values })).toBe('Claim 3 refers to claim 5, which does not exist (there are 3 claims).');
});
