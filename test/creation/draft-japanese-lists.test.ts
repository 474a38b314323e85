// The drafter without GPT read as a patent attorney reads a draft: a claim's list verb after a list of one
// (「…送信部と、を更に備える」) reads 「…送信部を更に備える」 in the description; the description's own 「Aと、Bと、を備える」
// stays. Expected text is written from the records' claims. No database: the records are read from ../shared/corpus.
import { closedLists } from '../../src/creation/draft/japanese-clauses.ts';
import { corpusTests } from '../helpers/corpus.ts';
import { recordDrafts } from '../helpers/draft-input.ts';

const { test: corpusTest, available } = corpusTests('jp-fulltext.jsonl.gz');

const jpDraft = recordDrafts('jp-fulltext.jsonl.gz', ['JP2019206822A', 'JP2015018388A', 'JP2018027464A'], available, 'ja');

corpusTest('a dependent claim adding one component in its list style reads 「…送信部を更に備えていてもよい」 (JP2019206822A, JP2015018388A)', async () => {
  // A dependent claim: 「…作業機の制御を行う制御部に送信する送信部と、を更に備える、請求項…に記載の制御装置。」.
  const control = await jpDraft('JP2019206822A');
  expect(control.embodiment).toContain('上記作業機の制御を行う制御部に送信する送信部を更に備えていてもよい。');
  const tuning = await jpDraft('JP2015018388A');
  expect(tuning.embodiment).toContain('上記制御対象の伝達関数を演算する第３演算手段を更に備えていてもよい。');
  for (const d of [control, tuning]) expect(d.embodiment).not.toMatch(/(?:送信部|第３演算手段)と、を/);
});

corpusTest('a component listed alone after clauses of claim 1 is what the machine further has, in the problem, the effect and the embodiment (JP2018027464A)', async () => {
  // Claim 1: 「…遊技盤と、…演出制御手段と、 を備え、 前記演出制御手段は、…ものであり、 …延長演出を実行可能な延長演出実行手段と、をさらに備え、…」.
  const game = await jpDraft('JP2018027464A');
  for (const section of [game.issue, game.effect, game.embodiment]) {
    expect(section).toContain('延長演出を実行可能な延長演出実行手段をさらに備え、');
    expect(section).not.toContain('延長演出実行手段と、を');
  }
  // The embodiment's own list of the claim's components keeps its style.
  expect(game.embodiment).toMatch(/遊技盤[０-９]+と、[^。]*と、を備える。/);
});

test('「AとBと、を」 closes as 「AとBとを」; the description\'s 「Aと、Bと、を」 is left', () => {
  expect(closedLists('装置は、基板と電極と、を備える。')).toBe('装置は、基板と電極とを備える。');
  expect(closedLists('装置は、配線と、を更に備える。')).toBe('装置は、配線を更に備える。');
  expect(closedLists('装置は、基板と、電極と、を備える。')).toBe('装置は、基板と、電極と、を備える。');
});
