// The drafter without GPT read as a patent attorney reads a draft: the embodiment, cut to its 1,500 characters, does not stop
// in the middle of a method's steps. JP2014111763A ended on the fourth of its method's eight steps (「その後、…」, as if the method
// ended there) and JP2018097520A on 「…第１工程と、第２工程と、第３工程と、を備える。」 with none of them said. The steps are said
// whole, the dependent claims' forms before them giving way. No database: the records are read from ../shared/corpus.
import { corpusTests } from '../helpers/corpus.ts';
import { recordDrafts } from '../helpers/draft-input.ts';
import { limitLines } from '../../src/creation/draft/text.ts';

const { test: corpusTest, available } = corpusTests('jp-fulltext.jsonl.gz');

const jpDraft = recordDrafts('jp-fulltext.jsonl.gz', ['JP2014111763A', 'JP2018097520A'], available, 'ja');

const lastLine = (text: string): string => text.split('\n').pop()!;

corpusTest('a cut embodiment says the method\'s unnamed steps to the last (JP2014111763A claim 10, eight steps)', async () => {
  const { embodiment } = await jpDraft('JP2014111763A');
  expect(embodiment.length).toBeLessThanOrEqual(1500);
  expect(embodiment).toContain('また、本実施形態に係るグラフトブロックコポリマーの製造方法では、まず、骨格ポリマーの前駆体を第一の連鎖移動剤と反応させて、第一の骨格ポリマー前駆体−連鎖移動剤部分を形成する。');
  expect(lastLine(embodiment)).toBe('最後に、上記第一のブロックポリマー１０を上記第二のブロックポリマー２０と反応させて、グラフトブロックコポリマーを形成する。');
  // Room is made by the last dependent claims (claim 9 「上記官能基がチオールである」), not by claim 1's parts.
  expect(embodiment).not.toContain('上記官能基がチオールである。');
  expect(embodiment).toContain('第二のブロックポリマー２０の具体的な構成は特に限定されず');
});

corpusTest('a cut embodiment says each named step it lists (JP2018097520A claim 7: 第１〜第３工程)', async () => {
  const { embodiment } = await jpDraft('JP2018097520A');
  expect(embodiment.length).toBeLessThanOrEqual(1500);
  expect(embodiment).toContain('第１工程と、第２工程と、第３工程と、を備える。');
  expect(embodiment).toContain('第２工程では、上記ユーザの手指の触覚に対してフィードバックを与える。');
  expect(lastLine(embodiment)).toMatch(/^第３工程では、上記接触位置が上記キー領域において検知された場合に、.*フィードバック強度を制御する。$/);
});

test('steps that cannot fit even without the optional lines are not begun: the section ends before them', () => {
  const lines = ['以下、本発明の実施形態について詳細に説明する。', `部材１は、${'あ'.repeat(600)}である。`, '本実施形態において、部材１は、金属である。', `また、本実施形態に係る製造方法では、まず、${'い'.repeat(500)}する。`, `次に、${'う'.repeat(500)}する。`];
  expect(limitLines(lines, { whole: [[3, 4]], optional: [2] }, 1500)).toBe(lines.slice(0, 3).join('\n'));
  // With room once the optional line gives way, the steps are said whole.
  expect(limitLines(lines, { whole: [[3, 4]], optional: [2] }, 1670)).toBe([...lines.slice(0, 2), ...lines.slice(3)].join('\n'));
});

const usDraft = recordDrafts('us.jsonl.gz', ['US6838117B2', 'US6983145B1'], corpusTests('us.jsonl.gz').available, 'en');

corpusTest('an English embodiment does not close on "Next, the … will be described." with nothing after it (US6838117B2, US6983145B1)', async () => {
  // US6838117B2 claim 9, the film production method: said whole, claims 6-8 before it giving way.
  const film = (await usDraft('US6838117B2')).embodiment;
  expect(film.length).toBeLessThanOrEqual(1500);
  expect(lastLine(film)).toMatch(/^Next, the film production method according to an embodiment will be described\. The film production method according to the embodiment begins with forming a ferroelectric seed film .* having a pH of about 5 to 7\.$/);
  // US6983145B1: the other method does not fit even so; the section ends on the last claim said.
  const call = (await usDraft('US6983145B1')).embodiment;
  expect(lastLine(call)).not.toMatch(/will be described\.$/);
  expect(call).not.toContain('Next, the method for handling a call');
});
