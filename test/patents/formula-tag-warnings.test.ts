// A field tag the formula language does not know (電池/XX) or writes in lower case (電池/cl) is no
// tag: the parser keeps it in the word, so the row searches the text 「電池/XX」 and finds nothing,
// with nothing said. The builder warns beside the row (src/patents/query/warnings.ts).
import { parseFormula } from '../../src/patents/query/formula.ts';
import { formulaWarnings } from '../../src/patents/query/warnings.ts';

const tagWarnings = (text: string) => formulaWarnings(text, 'abst_claim_desc_title').filter((warning) => warning.kind === 'unknownTag');

test('an unknown tag is valid but warned about, with no rewrite offered', () => {
  expect(parseFormula('電池/XX', 'abst_claim_desc_title', 'jp').ok).toBe(true);
  expect(tagWarnings('電池/XX')).toEqual([{ kind: 'unknownTag', found: '/XX', suggestions: [] }]);
  expect(tagWarnings('電池/XX*電極')).toEqual([{ kind: 'unknownTag', found: '/XX', suggestions: [] }]);
});

test('a known tag in lower case or full width is offered in capitals, and the rewrite parses as a tag', () => {
  expect(tagWarnings('(電池+バッテリ)*正極/cl')).toEqual([{ kind: 'unknownTag', found: '/cl', suggestions: ['(電池+バッテリ)*正極/CL'] }]);
  expect(tagWarnings('電池／ｃｌ')).toEqual([{ kind: 'unknownTag', found: '/cl', suggestions: ['電池/CL'] }]);
  const rewritten = parseFormula('(電池+バッテリ)*正極/CL', 'abst_claim_desc_title', 'jp');
  expect(rewritten.ok && JSON.stringify(rewritten.node)).toContain('"fields":["claims"]');
});

test('known tags, quoted words and words with a slash that is no tag are not warned about', () => {
  for (const text of ['電池/CL', '(電池+電極)/TX', '"AC/XX"', 'TCP/UDP', 'I/O', '電池/XX電極', 'H01M10/05']) expect(tagWarnings(text)).toEqual([]);
});

// Japanese words for the operators, typed between keywords as a searcher says them: 「電池 または
// バッテリ」 is the phrase 電池…バッテリ, not 電池+バッテリ.
test('かつ, または, 又は, もしくは between keywords are explained as words, with the formula meant', () => {
  const operatorWarnings = (text: string) => formulaWarnings(text, 'abst_claim_desc_title').filter((warning) => warning.kind === 'wordOperator');
  expect(operatorWarnings('電池 または バッテリ')).toEqual([{ kind: 'wordOperator', found: 'または', suggestions: ['電池+バッテリ'] }]);
  expect(operatorWarnings('電池 かつ 電極')).toEqual([{ kind: 'wordOperator', found: 'かつ', suggestions: ['電池*電極'] }]);
  expect(operatorWarnings('(電池 又は バッテリ)*正極')[0]?.suggestions).toEqual(['(電池+バッテリ)*正極']);
  // Inside a word, or a word alone, they are no operators.
  for (const text of ['電池かつ電極', 'または', '"電池 または バッテリ"']) expect(operatorWarnings(text)).toEqual([]);
});

// A word with * at its end is truncation in Espacenet or the USPTO's search, not in this language
// (nor in J-PlatPat): 「batter*」 was refused as 「演算子「*」の前後にキーワードがありません」.
test('a word ending in * is told that truncation is not available and why a stem is enough', async () => {
  const found = parseFormula('batter*+cell', 'abst_claim_desc_title', 'us');
  expect(found.ok).toBe(false);
  if (found.ok) return;
  expect(found.problem).toMatchObject({ errcode: 'E027', messageKey: 'islands-formula:formulaErrors.truncation', values: { term: 'batter' }, at: 6 });
  // An operator left without its operand stays that: A*, 電池*.
  for (const text of ['A*', '電池*', 'battery*(']) {
    const other = parseFormula(text, 'abst_claim_desc_title', 'us');
    expect(other.ok || other.problem.messageKey).not.toBe('islands-formula:formulaErrors.truncation');
  }
  const { readFileSync } = await import('node:fs');
  for (const lang of ['ja', 'en']) expect(JSON.parse(readFileSync(`locales/${lang}/islands-formula.json`, 'utf8')).formulaErrors.truncation).toContain('{{term}}');
});
