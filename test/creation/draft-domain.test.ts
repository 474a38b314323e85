// 【技術分野】's 「より詳しくは、…を備える…に関する。」 names every part of claim 1 or none: the
// first three of five read as if the claimed thing had no others; the English "More particularly" alike.
// Written from the corpus's claims.
import type { PatentRecord } from '../../src/patents/record.ts';
import path from 'node:path';
import { corpusRecords, corpusTests, gazettesWithClaims } from '../helpers/corpus.ts';
import { draftOfRecord } from '../helpers/draft-input.ts';

const { dir: CORPUS, test: corpusTest } = corpusTests('jp-fulltext.jsonl.gz');

corpusTest('five parts: the field names the claimed thing alone; four: all four (JP2010000001A, JP2010001897A)', async () => {
  const [clipper, bearing] = await gazettesWithClaims<PatentRecord>(CORPUS, 'JP2010000001A', 'JP2010001897A');
  // Claim 1: two drive bodies, two cutter bodies and the guide plates.
  expect((await draftOfRecord(clipper)).domain).toBe('本発明は、バリカン式刈刃装置に関する。');
  expect((await draftOfRecord(bearing)).domain).toBe('本発明は、軸受け構造に関する。より詳しくは、回転部、ベアリング、予圧部材及びストッパを備える軸受け構造に関する。');
});

const { dir: US_CORPUS, test: usCorpusTest } = corpusTests('us.jsonl.gz');

usCorpusTest('English: "More particularly, … including …" names every part up to four or is not said (US11147202B2)', async () => {
  // Claim 1's hand truck has more than four parts: not "a footplate, a retainer flange, and a left pin and sleeve combination" alone.
  const [truck] = await corpusRecords<PatentRecord>(path.join(US_CORPUS, 'us.jsonl.gz'), ['US11147202B2']).then((found) => [...found.values()]);
  expect((await draftOfRecord(truck, 'en')).domain).toBe('The present disclosure relates to a wheeled hand truck.');
});
