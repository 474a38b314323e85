// Quantities as US and Japanese texts write their ends and units (numeric-limits.ts quantitiesOf), on corpus text:
// a range whose other end is no number states no extent, except from room temperature (the number is then its upper
// bound); "° C." abbreviated inside a range; a percentage "by mole" is no mass percentage.
import { meetingQuantity, quantitiesOf } from '../../src/priorart/numeric-limits.ts';
import { corpusSentence as sentence, corpusTests } from '../helpers/corpus.ts';

const { test: usTest } = corpusTests('us.jsonl.gz');
const { test: jpTest } = corpusTests('jp-fulltext.jsonl.gz');

const shown = (text: string) => quantitiesOf(text).map(({ family, low, high, text: written }) => ({ family, low, high, text: written }));

usTest('US7642029B2: "from about the Tg of the layer … to about 25° C." is read as no temperature; "from about 30° C. to about 65° C." as one range', async () => {
  const open = await sentence('us.jsonl.gz', 'US7642029B2', 'from about the Tg of the layer');
  expect(shown(open).filter((quantity) => quantity.family === 'temperature')).toEqual([]);
  const tg = await sentence('us.jsonl.gz', 'US7642029B2', 'has a glass transition temperature (Tg) of from about 30');
  expect(shown(tg)).toEqual([{ family: 'temperature', low: 30, high: 65, text: 'about 30° C. to about 65° C' }]);
});

jpTest('JP2014070017A: 「好ましくは室温〜約５０℃」 is at most 50 °C, not 50 °C', async () => {
  const text = await sentence('jp-fulltext.jsonl.gz', 'JP2014070017A', '好ましくは室温〜約５０℃');
  expect(shown(text)).toContainEqual({ family: 'temperature', low: null, high: 50, text: '約５０℃' });
});

usTest('US7314687B2: a neutralization degree of "0 to 30% by mole" is no mass percentage', async () => {
  const text = await sentence('us.jsonl.gz', 'US7314687B2', '0 to 30% by mole');
  const [degree] = shown(text).filter((quantity) => quantity.text.includes('by mole'));
  expect(degree).toEqual({ family: 'percent-mol', low: 0, high: 30, text: '0 to 30% by mole' });
  const [massLimit] = quantitiesOf('１質量％以上１０質量％以下');
  expect(meetingQuantity(massLimit!, quantitiesOf(text))).toBeUndefined();
});
