// Units a quantity is read in (numeric-limits.ts UNITS), on corpus text: a viscosity is no pressure, a rate of heating
// no temperature, a thermal resistance and a speed no temperature or length. Each was read as its numerator's quantity
// and met (or failed) a claimed limit of that kind.
import { meetingQuantity, quantitiesOf } from '../../src/priorart/numeric-limits.ts';
import { corpusSentence as sentence, corpusTests } from '../helpers/corpus.ts';

const { test: jpTest } = corpusTests('jp-fulltext.jsonl.gz');
const { test: usTest } = corpusTests('us.jsonl.gz');

const shown = (text: string) => quantitiesOf(text).map(({ family, low, high, text: written }) => ({ family, low, high, text: written }));
const one = (text: string) => quantitiesOf(text)[0]!;

jpTest('JP2018055019A: a composition of 0.05–5.0 Pa·s is one viscosity, met by 5–1000 mPa·s and 1500 cps, not by a pressure', async () => {
  const claim = await sentence('jp-fulltext.jsonl.gz', 'JP2018055019A', '組成物の粘度が');
  const [viscosity] = shown(claim).filter((quantity) => quantity.text.includes('Ｐａ'));
  expect(viscosity).toEqual({ family: 'viscosity', low: 0.05, high: 5, text: '０．０５Ｐａ・ｓ〜５．０Ｐａ・ｓ' });
  const limit = quantitiesOf(claim).find((quantity) => quantity.family === 'viscosity')!;
  expect(meetingQuantity(limit, quantitiesOf('a viscosity of 5 to 30 mPa s'))).toBeUndefined();
  for (const text of ['粘度が５ｍＰａ・ｓ〜１０００ｍＰａ・ｓ', '粘度１５００ｃｐｓ', '粘度は約１，０００ｍＰａｓ', 'a viscosity of 50 to 300 mPa s', '100センチポイズ']) {
    expect(meetingQuantity(limit, quantitiesOf(text))).toBeDefined();
  }
  // JP2012041441A's pressure, 「０．１Ｐａ以上１０００Ｐａ未満」, met the viscosity's ends read as pressures.
  expect(meetingQuantity(limit, quantitiesOf('圧力が０．１Ｐａ以上１０００Ｐａ未満'))).toBeUndefined();
  expect(meetingQuantity(one('圧力が０．１Ｐａ以上１０００Ｐａ未満'), quantitiesOf(claim))).toBeUndefined();
});

jpTest('JP2019194339A: 「４０℃／分の速度で」 is a rate of cooling, not 40 °C; 20 K/min meets 20 °C/min', async () => {
  const claim = await sentence('jp-fulltext.jsonl.gz', 'JP2019194339A', '４０℃／分の速度で');
  const read = shown(claim);
  expect(read).toContainEqual({ family: 'temperature-rate', low: 40 / 60, high: 40 / 60, text: '４０℃／分' });
  expect(read.filter((quantity) => quantity.family === 'temperature').map((quantity) => quantity.text)).toEqual(['２５３℃以上', '０〜１５℃']);
  const rate = quantitiesOf(claim).find((quantity) => quantity.text === '２０℃／分')!;
  expect(meetingQuantity(rate, quantitiesOf('２０Ｋ／分で昇温'))).toBeDefined();
  expect(meetingQuantity(rate, quantitiesOf('1200 °C/h'))).toBeDefined();
  expect(meetingQuantity(rate, quantitiesOf('120 °C/h'))).toBeUndefined();
  expect(meetingQuantity(rate, quantitiesOf('２０℃で保持'))).toBeUndefined();
});

usTest('US texts: "4° C./minute" and "300° C./hr" are rates, "1° C./W" a thermal resistance, "60 m s" a speed', async () => {
  expect(shown(await sentence('us.jsonl.gz', 'US7642330B2', 'at a rate of 4° C./minute'))).toContainEqual({ family: 'temperature-rate', low: 4 / 60, high: 4 / 60, text: '4° C./minute' });
  const sintered = shown(await sentence('us.jsonl.gz', 'US7473391B2', 'temperature elevation rate of 300° C./hr'));
  expect(sintered).toContainEqual({ family: 'temperature-rate', low: 300 / 3600, high: 300 / 3600, text: '300° C./hr' });
  expect(sintered.filter((quantity) => quantity.family === 'temperature').map((quantity) => quantity.text)).not.toContain('300° C');
  expect(shown(await sentence('us.jsonl.gz', 'US8089085B2', 'thermal resistance Rjc of 1° C./W'))).toEqual([]);
  const speed = await sentence('us.jsonl.gz', 'US9146104', 'stimulus velocity of 60 m s');
  expect(shown(speed).filter((quantity) => quantity.family === 'length')).toEqual([]);
});
