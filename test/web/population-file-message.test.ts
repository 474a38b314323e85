// The population file's refusal names the lines as a person reads them. Seen on
// /detail-search/build-query with a list ending in a note line: 「文献番号ではない行があります（行: 5: 備考）。」
import { parsePopulationText } from '../../islands/formula-builder/population.ts';
import { readFileSync } from 'node:fs';

const strings = (lang: 'ja' | 'en') => JSON.parse(readFileSync(`locales/${lang}/islands-builder.json`, 'utf8')).formulaBuilder.population.problems;
/** As the island translates: key_one / key_other for English by count, the key itself in Japanese. */
function message(lang: 'ja' | 'en', reason: string, values: Record<string, string | number>): string {
  const table = strings(lang);
  const count = values.count;
  const key = lang === 'en' && typeof count === 'number' && table[`${reason}_${count === 1 ? 'one' : 'other'}`] ? `${reason}_${count === 1 ? 'one' : 'other'}` : reason;
  return String(table[key]).replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name]));
}

test('one line that is no number: its line number and text, in words', () => {
  const outcome = parsePopulationText('特開2014-143408\nJP2011139055A\nUS 8,785,055\n特開2099-999999\n備考\n', 'list.csv');
  expect(outcome.ok).toBe(false);
  if (outcome.ok) return;
  expect(message('ja', outcome.problem.reason, outcome.problem.values as Record<string, string | number>)).toBe('5行目「備考」は文献番号として読み取れません。文献番号だけを並べたファイルを選択してください。');
  expect(message('en', outcome.problem.reason, outcome.problem.values as Record<string, string | number>)).toBe('Line 5 (“備考”) is not a document number. Choose a file that lists document numbers only.');
});

test('several: the first one and how many', () => {
  const outcome = parsePopulationText('文献番号\n特開2014-143408\nメモ1\nメモ2\nメモ3\nメモ4\n', 'list.csv');
  expect(outcome.ok).toBe(false);
  if (outcome.ok) return;
  expect(message('ja', outcome.problem.reason, outcome.problem.values as Record<string, string | number>)).toBe('3行目「メモ1」など、文献番号として読み取れない行が4行あります。文献番号だけを並べたファイルを選択してください。');
  expect(message('en', outcome.problem.reason, outcome.problem.values as Record<string, string | number>)).toBe('4 lines are not document numbers, e.g. line 3 (“メモ1”). Choose a file that lists document numbers only.');
});

test('every form that reads a population file words both refusals, in both languages', () => {
  const tables = (lang: 'ja' | 'en') => [
    JSON.parse(readFileSync(`locales/${lang}/islands-builder.json`, 'utf8')).formulaBuilder.population.problems,
    JSON.parse(readFileSync(`locales/${lang}/islands-priorart.json`, 'utf8')).priorartForm.population.problems,
    JSON.parse(readFileSync(`locales/${lang}/islands-creation.json`, 'utf8')).creationForm.similar.problems,
  ];
  for (const table of tables('ja')) expect([table.notNumber, table.notNumbers].every((text) => typeof text === 'string' && text.includes('{{line}}行目'))).toBe(true);
  for (const table of tables('en')) expect([table.notNumber, table.notNumbers_other].every((text) => typeof text === 'string' && /line {{line}}/i.test(text))).toBe(true);
});
