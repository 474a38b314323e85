// The chart-list job's new charts, from the progress note to the claim chart's menu
// (islands/charted-event.ts): a poll answered before the chart island hydrates must still mark
// its documents 「対比済み」, or they stay unmarked until a reload (the note's cursor has moved on).
import { announceCharted, onCharted } from '../../islands/charted-event.ts';

const heard = (queryId: string) => {
  const batches: string[][] = [];
  const stop = onCharted(queryId, (documentIds) => batches.push(documentIds));
  return { batches, stop };
};

test('documents announced before the chart listens are delivered when it subscribes, its own simulation’s only', () => {
  announceCharted('Q-early', ['JP2020-000001A', 'JP2020-000002A']);
  announceCharted('Q-other', ['US10000001B2']);
  announceCharted('Q-early', ['JP2020-000003A', 'JP2020-000002A']);
  const chart = heard('Q-early');
  // One delivery of everything so far, each document once.
  expect(chart.batches).toEqual([['JP2020-000001A', 'JP2020-000002A', 'JP2020-000003A']]);
  chart.stop();
});

test('a listening chart hears each later batch; stopped, it hears none', () => {
  const chart = heard('Q-live');
  expect(chart.batches).toEqual([]);
  announceCharted('Q-live', ['JP2021-000010A']);
  announceCharted('Q-live', []);
  announceCharted('Q-another', ['JP2021-000011A']);
  expect(chart.batches).toEqual([['JP2021-000010A']]);
  chart.stop();
  announceCharted('Q-live', ['JP2021-000012A']);
  expect(chart.batches).toEqual([['JP2021-000010A']]);
  // Mounted again (React's strict mode, or a remount): everything so far, the later batch too.
  expect(heard('Q-live').batches).toEqual([['JP2021-000010A', 'JP2021-000012A']]);
});
