// The drafter without GPT read as a patent attorney reads a draft: a translated claim's 「この」 before a thing it named
// (「…ストライキング機構（１）であって、このストライキング機構は、…」) is the description's 「上記」, and the claimed thing is
// said once, not as two topics (「…ストライキング機構１では、このストライキング機構は、」). Expected text is written from the
// records' claims. No database: the records are read from ../shared/corpus.
import { corpusTests } from '../helpers/corpus.ts';
import { recordDrafts } from '../helpers/draft-input.ts';

const { test: corpusTest, available } = corpusTests('jp-fulltext.jsonl.gz');

const jpDraft = recordDrafts('jp-fulltext.jsonl.gz', ['JP2014118567A', 'JP2012127955A', 'JP2012040876A', 'JP2010081946A'], available, 'ja');

corpusTest('the claimed thing named again with 「この」 is said once (JP2014118567A, JP2012127955A, JP2012040876A)', async () => {
  // Claim 1: 「グリーン放射線硬化性の耐光性ゲルインクであって、…着色剤を含み、このインクは、約２ｍｇ／インチ２〜…の範囲である、インク。」
  const ink = await jpDraft('JP2014118567A');
  expect(ink.embodiment).toContain('また、本実施形態に係るインク１は、約２ｍｇ／インチ２〜約７ｍｇ／インチ２の充填量にて基材上での反射率が、');
  // Claim 1: 「ウォッチ用のストライキング機構（１）であって、このストライキング機構は、…少なくとも１つのハンマー（２）を含み、かつ、このハンマーのストライキング部に…」.
  const striking = await jpDraft('JP2012127955A');
  expect(striking.embodiment).toContain('また、本実施形態に係るストライキング機構１は、上記ハンマー２のストライキング部に配置された第１の磁性素子２０と、');
  // Claim 1: 「…コーティングであって、このコーティングが、 撥油性低接着性コーティングを含み、…」.
  const coating = await jpDraft('JP2012040876A');
  expect(coating.embodiment).toContain('コーティング１は、撥油性低接着性コーティング１０を備える。');
  for (const d of [ink, striking, coating]) expect(d.embodiment).not.toMatch(/では、この|は、この(?:インク|ストライキング機構|コーティング)[はが]、/);
});

corpusTest('「この」 before a component is 「上記」 in the embodiment; 「この」 before no name stays (JP2010081946A)', async () => {
  // Claim 1: 「…袋部と、この袋部の裏面に有する接着剤と、この接着剤面に被せる剥離可能なシートとを設け、…この粘着する面を…貼付けする…」.
  const bag = await jpDraft('JP2010081946A');
  expect(bag.embodiment).toContain('接着剤２０は、上記袋部１０の裏面に有する。');
  expect(bag.embodiment).toContain('シート３０は、上記接着剤面に被せる剥離可能なシートである。');
  expect(bag.embodiment).toContain('この粘着する面を所望する被接着面側に貼付けする');
});
