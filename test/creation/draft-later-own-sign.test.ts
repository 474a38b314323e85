// A sign the claim gives a part only on a later mention is the part's sign (signs.ts assignSigns): JP2010051953A's claim 3 reads
// 「塗液の液溜め部及び塗液吐出部を有する塗工機であって、塗液の液溜め部の開口幅（ａ）が塗液吐出部（３）の開口幅（ｂ）より広く、…」;
// the draft numbered the part 10 and then quoted the claim's 塗液吐出部３, two signs for one part, the sign list saying 10.
import type { PatentRecord } from '../../src/patents/record.ts';
import { corpusTests, gazettesWithClaims } from '../helpers/corpus.ts';
import { draftOfRecord } from '../helpers/draft-input.ts';

const { dir: CORPUS, test: corpusTest } = corpusTests('jp-fulltext.jsonl.gz');

corpusTest('the claim\'s own sign written on a later mention numbers the part (JP2010051953A)', async () => {
  const [coater] = await gazettesWithClaims<PatentRecord>(CORPUS, 'JP2010051953A');
  const draft = await draftOfRecord(coater!);
  expect(draft.symbol_descriptions).toContainEqual({ sign: '3', name: '塗液吐出部' });
  expect(draft.symbol_descriptions).not.toContainEqual({ sign: '10', name: '塗液吐出部' });
  expect(draft.embodiment).toContain('塗液吐出部３の開口部に向かってテーパ状に狭まる');
  expect(draft.embodiment).not.toMatch(/塗液吐出部１０/);
});
