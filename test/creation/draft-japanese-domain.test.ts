// 【技術分野】's 「より詳しくは、…を備える…に関する。」 names every part of claim 1 or none: the
// first three of five read as if the claimed thing had no others. Written from the gazettes' claims.
import type { PatentRecord } from '../../src/patents/record.ts';
import { corpusTests, gazettesWithClaims } from '../helpers/corpus.ts';
import { draftOfRecord } from '../helpers/draft-input.ts';

const { dir: CORPUS, test: corpusTest } = corpusTests('jp-fulltext.jsonl.gz');

corpusTest('five parts: the field names the claimed thing alone; four: all four (JP2010000001A, JP2010001897A)', async () => {
  const [clipper, bearing] = await gazettesWithClaims<PatentRecord>(CORPUS, 'JP2010000001A', 'JP2010001897A');
  // Claim 1: two drive bodies, two cutter bodies and the guide plates.
  expect((await draftOfRecord(clipper)).domain).toBe('本発明は、バリカン式刈刃装置に関する。');
  expect((await draftOfRecord(bearing)).domain).toBe('本発明は、軸受け構造に関する。より詳しくは、回転部、ベアリング、予圧部材及びストッパを備える軸受け構造に関する。');
});
