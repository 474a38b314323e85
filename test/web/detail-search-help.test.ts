// The build page's cheat sheet (views/detail-search/BuildQueryPage.tsx HELP_SECTIONS): every
// example is a formula the builder accepts as it stands. Seen on /detail-search/build-query in
// English: the sheet's NOT example 「battery-fuel」, typed into a row, drew the builder's own
// warning that "-" there is NOT and a rewrite to "battery fuel".
import { HELP_SECTIONS } from '../../views/detail-search/BuildQueryPage.tsx';
import { parseFormula } from '../../src/patents/query/formula.ts';
import { formulaWarnings } from '../../src/patents/query/warnings.ts';

const examples = HELP_SECTIONS.flatMap(({ examples }) => examples).filter((example) => example.tag !== 'abst_claim_desc_title' || !/^[\d()+*-]+$/.test(example.ja));

test.each(['ja', 'en'] as const)('%s: every example parses for its tag and draws no warning', (lang) => {
  for (const example of examples) {
    const text = example[lang];
    expect([text, parseFormula(text, example.tag, lang === 'ja' ? 'jp' : 'us').ok]).toEqual([text, true]);
    expect([text, formulaWarnings(text, example.tag)]).toEqual([text, []]);
  }
});

test('the Japanese sheet counts a proximity in characters, as the search of Japanese text does (not in words)', async () => {
  // On the demo's Japanese gazettes リチウム,5C,正極 finds 3 and ,20C, 6, where 「リチウム」 is followed
  // by 「正極」 within 5 characters in 1 and within 20 in 6: the index's character bigrams count.
  const { readFileSync } = await import('node:fs');
  const ja = JSON.parse(readFileSync('locales/ja/detail-search.json', 'utf8')).buildQuery.help.proximity;
  expect(ja.ordered).toContain('文字');
  expect(ja.ordered).not.toContain('語以内');
  const en = JSON.parse(readFileSync('locales/en/detail-search.json', 'utf8')).buildQuery.help.proximity;
  expect(en.text).toMatch(/character/);
});
