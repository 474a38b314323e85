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
